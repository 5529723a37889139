import Domain
import Foundation
import Networking
import Presentation
import Synchronization

/// `hotel run` and `hotel replay`: the flow built by ``FlowSession``, driven by the script
/// runner, with the draft flushed before the process exits (also on Ctrl-C or SIGTERM).
@MainActor
enum FlowCommand {
  /// Replays `lines` with its data in `storage`; returns the exit code of SPEC section 5.
  static func replay(
    _ lines: [ScriptLine], source: ScriptSource, options: Options,
    environment: [String: String], console: Console, transport: Task<HTTPTransport, Never>? = nil,
    storage: SessionStorage = .dataDirectory()
  ) async -> ExitCode {
    await withSession(options, console: console, transport: transport, storage: storage) {
      session in
      let runner = ScriptRunner(
        driver: session.driver, renderer: renderer(options, environment: environment),
        console: console,
        configuration: .init(
          sourceName: source.displayName, json: options.json,
          keepGoing: options.keepGoing, strings: CLIStrings(language: options.language)))
      return await runner.replay(lines)
    }
  }

  /// `hotel run`: the full-screen app on a terminal, else the line mode; returns the exit code.
  ///
  /// `arguments` (the command line as given) give `--record`'s header the options a replay needs.
  static func interactive(
    options: Options, environment: [String: String], console: Console,
    transport: Task<HTTPTransport, Never>? = nil, arguments: [String] = []
  ) async -> ExitCode {
    var recorder: ScriptRecorder?
    if let path = options.recordPath {
      do {
        recorder = try ScriptRecorder(
          path: path, arguments: arguments, strings: CLIStrings(language: options.language))
      } catch {
        console.error(error.message)
        _ = await transport?.value
        return error.code
      }
    }
    // A terminal that cannot move the cursor (`TERM=dumb`, or no `TERM` at all: an editor's
    // shell buffer, say) gets the line mode, not a screen of escape sequences.
    let term = environment["TERM"] ?? ""
    let fullScreen =
      !options.line && !options.json && Platform.standardInputIsTerminal
      && Platform.standardOutputIsTerminal && !term.isEmpty && term != "dumb"
    // What standard error takes while the session starts (a corrupt draft moved aside) lands
    // on the normal screen, under the full-screen app: the app says it again.
    let startLines = StartLines()
    let sessionConsole = fullScreen ? startLines.watching(console) : console
    return await withSession(options, console: sessionConsole, transport: transport) { session in
      let strings = CLIStrings(language: options.language)
      // The replay starts fresh: the booking this session restored is rebuilt by the lines
      // the recording starts with.
      recorder?.append(
        comment: "The booking restored at the start:", session.driver.rebuildingLines())
      if fullScreen {
        let code = await FullScreenCommand.run(
          session: session, options: options, environment: environment, recorder: recorder,
          startMessages: startLines.taken())
        // The status line said so at once; the normal screen keeps it.
        if recorder?.failure != nil {
          // Once: a stop signal's way out may have said it already.
          if let failure = recorder?.failureForStandardError() { console.error(failure) }
          return code == .success ? .environment : code
        }
        return code
      }
      let runner = ScriptRunner(
        driver: session.driver, renderer: renderer(options, environment: environment),
        console: console,
        configuration: .init(
          sourceName: "<input>", json: options.json, showsEveryScreen: true, strings: strings))
      let interactive = InteractiveSession(
        runner: runner, driver: session.driver, console: console, recorder: recorder,
        showsPrompt: Platform.standardInputIsTerminal && !options.json, strings: strings,
        variables: ScriptVariables(values: options.variables, environment: environment))
      return await interactive.run(StandardInputLines.stream())
    }
  }

  /// The renderer for the options: colour by the policy, width from the terminal.
  static func renderer(_ options: Options, environment: [String: String]) -> ScreenRenderer {
    let terminal = Platform.standardOutputIsTerminal
    let color = ColorPolicy.usesColor(
      options.color, standardOutputIsTerminal: terminal, environment: environment)
    let columns = terminal ? Platform.terminalColumns.map { min($0, 100) } : nil
    return ScreenRenderer(
      color: color, width: columns ?? 72, strings: Localizer(language: options.language))
  }

  /// Starts the flow session (a failure to start is reported and exits 1), stops it on
  /// signals, runs `body` with it, and flushes the draft before the process exits.
  private static func withSession(
    _ options: Options, console: Console, transport: Task<HTTPTransport, Never>?,
    storage: SessionStorage = .dataDirectory(), _ body: (FlowSession) async -> ExitCode
  ) async -> ExitCode {
    // Caught from here on (armed while the session starts; a signal before that ends the
    // process, with nothing yet to save), and handled off the main actor: a signal while the
    // session starts (waiting for another process's lock, say) ends the process at once.
    let signals = Platform.StopSignals(waitUntilCaught: false)
    let started = StartedSession()
    stopOnSignals(
      signals, started, console: console, strings: CLIStrings(language: options.language))
    let session: FlowSession
    do {
      session = try await FlowSession.start(
        options, console: console, transport: transport, storage: storage)
    } catch {
      console.error(error.message)
      _ = await transport?.value
      return error.code
    }
    started.session = session
    // Caught for sure before the body may take the terminal (armed long ago, normally).
    signals.waitUntilCaught()
    let code = await body(session)
    await session.shutdown(beforeExit: true)
    if let unsaved = session.unsavedOrdersMessage {
      console.error(unsaved)
      // The data directory is at fault, not the script: exit 4 (SPEC section 5), as for a
      // draft that could not be saved.
      return code == .success ? .environment : code
    }
    // The draft that could not be saved was said when it happened.
    if session.driver.draftIsUnsaved, code == .success { return .environment }
    return code
  }

  /// On SIGINT or SIGTERM: flush the draft if the main actor gets to it within half a second, and
  /// exit 130 or 143 within a second whatever the main actor is doing (handled on the signal
  /// thread: ``Platform/StopSignals/exitOnStop(flushingWithin:_:)``).
  ///
  /// Ctrl-C at the prompt leaves the shell's prompt on a line of its own. A flush that did not
  /// finish in time (the data directory busy, a slow disk) is said, not lost silently.
  private static func stopOnSignals(
    _ signals: Platform.StopSignals, _ started: StartedSession, console: Console,
    strings: CLIStrings
  ) {
    signals.exitOnStop(
      {
        if Platform.standardInputIsTerminal { console.out("\n") }
        await started.session?.shutdown(beforeExit: true)
      },
      unfinished: { console.error(strings.draftNotFlushedOnStop) })
  }

  /// The first lines a console writes to standard error, until they are taken.
  private final class StartLines: Sendable {
    private let lines = Mutex<(taken: Bool, kept: [String])>((false, []))

    /// `console`, with its message lines kept here (10 at most) until ``taken()``.
    func watching(_ console: Console) -> Console {
      Console(
        out: console.out, err: console.err,
        message: { [self] line in
          lines.withLock { lines in
            if !lines.taken, lines.kept.count < 10 { lines.kept.append(line) }
          }
          console.message(line)
        }, isOutputGone: console.isOutputGone)
    }

    /// The lines kept so far; no more are kept after this.
    func taken() -> [String] {
      lines.withLock { lines in
        lines.taken = true
        return lines.kept
      }
    }
  }

  /// The session once it has started, for the stop signals' flush.
  @MainActor private final class StartedSession {
    var session: FlowSession?
  }
}
