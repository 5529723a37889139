import Foundation
import Networking

/// `hotel run` and `hotel replay`: the flow built by ``FlowSession``, driven by the script
/// runner, with the draft flushed before the process exits (also on Ctrl-C or SIGTERM).
@MainActor
enum FlowCommand {
  /// Replays `lines`; returns the exit code of SPEC section 5.
  static func replay(
    _ lines: [ScriptLine], source: ScriptSource, options: Options,
    environment: [String: String], console: Console, transport: Task<HTTPTransport, Never>? = nil
  ) async -> ExitCode {
    await withSession(options, console: console, transport: transport) { session in
      let runner = ScriptRunner(
        driver: session.driver, renderer: renderer(options, environment: environment),
        console: console,
        configuration: .init(
          sourceName: TerminalText.neutralized(source.displayName), json: options.json,
          keepGoing: options.keepGoing))
      return await runner.replay(lines)
    }
  }

  /// `hotel run`: the full-screen app on a terminal, else the line mode; returns the exit code.
  static func interactive(
    options: Options, environment: [String: String], console: Console,
    transport: Task<HTTPTransport, Never>? = nil
  ) async -> ExitCode {
    var recorder: ScriptRecorder?
    if let path = options.recordPath {
      do {
        recorder = try ScriptRecorder(path: path)
      } catch {
        console.error(error.message)
        _ = await transport?.value
        return .usage
      }
    }
    let fullScreen =
      !options.line && !options.json && Platform.standardInputIsTerminal
      && Platform.standardOutputIsTerminal
    return await withSession(options, console: console, transport: transport) { session in
      if fullScreen {
        return await FullScreenCommand.run(
          session: session, options: options, environment: environment, recorder: recorder)
      }
      let runner = ScriptRunner(
        driver: session.driver, renderer: renderer(options, environment: environment),
        console: console,
        configuration: .init(sourceName: "<input>", json: options.json, showsEveryScreen: true))
      let interactive = InteractiveSession(
        runner: runner, driver: session.driver, console: console, recorder: recorder,
        showsPrompt: Platform.standardInputIsTerminal && !options.json)
      return await interactive.run(StandardInputLines.stream())
    }
  }

  /// The renderer for the options: colour by the policy, width from the terminal.
  static func renderer(_ options: Options, environment: [String: String]) -> ScreenRenderer {
    let terminal = Platform.standardOutputIsTerminal
    let color = ColorPolicy.usesColor(
      options.color, standardOutputIsTerminal: terminal, environment: environment)
    let columns = terminal ? Platform.terminalColumns.map { min($0, 100) } : nil
    return ScreenRenderer(color: color, width: columns ?? 72)
  }

  /// Starts the flow session (a failure to start is reported and exits 1), stops it on
  /// signals, runs `body` with it, and flushes the draft before the process exits.
  private static func withSession(
    _ options: Options, console: Console, transport: Task<HTTPTransport, Never>?,
    _ body: (FlowSession) async -> ExitCode
  ) async -> ExitCode {
    // Caught from here on (armed while the session starts; a signal before that ends the
    // process, with nothing yet to save).
    let signals = Platform.StopSignals(waitUntilCaught: false)
    let session: FlowSession
    do {
      session = try await FlowSession.start(options, console: console, transport: transport)
    } catch {
      console.error(error.message)
      _ = await transport?.value
      return .failure
    }
    stopOnSignals(signals, session)
    let code = await body(session)
    await session.shutdown(beforeExit: true)
    return code
  }

  /// On SIGINT, SIGTERM or SIGHUP: flush the draft, stop the fixture, and exit 130, 143 or 129.
  private static func stopOnSignals(_ signals: Platform.StopSignals, _ session: FlowSession) {
    Task { @MainActor in
      let name = await signals.next()
      await session.shutdown(beforeExit: true)
      exit(name == "SIGINT" ? 130 : name == "SIGHUP" ? 129 : 143)
    }
  }
}
