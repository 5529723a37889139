import Presentation

/// Runs script lines against the flow and prints what each asks for: the replay loop and the
/// engine under the interactive prompt.
@MainActor
final class ScriptRunner {
  /// How the runner prints.
  struct Configuration: Sendable {
    /// How messages name the script (`flow.hotel`, `<stdin>`, `<input>`).
    var sourceName: String
    /// One JSON object per line instead of screens.
    var json = false
    /// Report every failure instead of stopping at the first.
    var keepGoing = false
    /// Print the screen after every command (interactive mode).
    var showsEveryScreen = false
    /// The language of the CLI's messages (`--lang`).
    var strings: CLIStrings = .english
  }

  private let driver: any FlowDriver
  private let renderer: ScreenRenderer
  private let console: Console
  let configuration: Configuration
  private(set) var failures = 0
  private(set) var failedWhileUnreachable = false

  /// Creates a runner.
  init(
    driver: any FlowDriver, renderer: ScreenRenderer, console: Console,
    configuration: Configuration
  ) {
    self.driver = driver
    self.renderer = renderer
    self.console = console
    self.configuration = configuration
  }

  /// Replays `lines`; returns the exit code of SPEC section 5.
  ///
  /// A script with no command is said on stderr (it passes without checking anything, as an emptied
  /// file would).
  func replay(_ lines: [ScriptLine]) async -> ExitCode {
    if lines.isEmpty {
      console.error(configuration.strings.replayHasNoCommands(configuration.sourceName))
    }
    await driver.settle()
    for line in lines {
      let result = await run(line)
      if result == .quit { break }
      if case .failed = result, !configuration.keepGoing { break }
    }
    await driver.flush()
    return exitCode
  }

  /// The exit code for what has run so far.
  var exitCode: ExitCode {
    if failedWhileUnreachable { return .unreachable }
    return failures > 0 ? .failure : .success
  }

  /// Runs one line, prints its output, reports a failure on stderr.
  @discardableResult
  func run(_ line: ScriptLine) async -> StepResult {
    let result = await StepExecutor(driver: driver, strings: configuration.strings)
      .execute(line.command)
    // A passing line that prints nothing needs no screen model (building one per line was a
    // tenth of a replay's script time).
    guard
      result != .passed || configuration.json || configuration.showsEveryScreen
        || line.command.printsTheScreen
    else { return result }
    let model = driver.snapshot
    var failure: String?
    var told: String?
    if case .failed(let message) = result {
      failures += 1
      failedWhileUnreachable = failedWhileUnreachable || model.isUnreachable
      failure = message
      var full =
        "\(line.place(inScript: configuration.sourceName, strings: configuration.strings)): \(message)"
      let unreachable = configuration.strings.apiUnreachable
      if model.isUnreachable, !message.contains(unreachable) {
        full += " (\(unreachable))"
      }
      // What the screen says (the toast, why it could not load) tells why the line failed.
      if let said = model.toast ?? model.failure,
        !said.isEmpty, !message.contains(said)
      {
        full += configuration.strings.screenSays(said)
      }
      told = full
    }
    // The line mode prints the message after the screen, the last thing a person sees (SPEC
    // 5.2); a replay, before what the line prints (its screen or JSON follows the failure).
    let messageLast = configuration.showsEveryScreen && !configuration.json
    if let told, !messageLast { console.error(told) }
    defer { if let told, messageLast { console.error(told) } }
    if configuration.json {
      console.line(StateJSON(line: line, snapshot: model, failure: failure).encodedLine())
      return result
    }
    switch line.command {
    case .help:
      console.lines(ScreenHelp.lines(for: model, strings: configuration.strings))
    case .show:
      console.lines(renderer.lines(model))
    case .quit:
      break
    default:
      if configuration.showsEveryScreen { console.lines(renderer.lines(model)) }
    }
    return result
  }

  /// Prints the current screen (the interactive mode's first view).
  func showCurrentScreen() {
    if configuration.json { return }
    console.lines(renderer.lines(driver.snapshot))
  }
}
