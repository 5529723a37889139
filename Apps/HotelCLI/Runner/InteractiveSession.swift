/// `hotel run`: a prompt that takes the script language, shows the screen after each command,
/// keeps going after mistakes, and records what was typed (`--record`).
@MainActor
final class InteractiveSession {
  private let runner: ScriptRunner
  private let driver: any FlowDriver
  private let console: Console
  private let recorder: ScriptRecorder?
  private let showsPrompt: Bool
  private let strings: CLIStrings
  private let variables: ScriptVariables

  /// Creates a session; `showsPrompt` when standard input is a terminal; `variables` are the
  /// values of `${NAME}` in the lines typed (`--var`, `HOTEL_VAR_NAME`).
  init(
    runner: ScriptRunner, driver: any FlowDriver, console: Console, recorder: ScriptRecorder?,
    showsPrompt: Bool, strings: CLIStrings = .english,
    variables: ScriptVariables = ScriptVariables()
  ) {
    self.variables = variables
    self.runner = runner
    self.driver = driver
    self.console = console
    self.recorder = recorder
    self.showsPrompt = showsPrompt
    self.strings = strings
  }

  /// Reads `lines` until `quit`, the end of input, or the end of standard output (its reader
  /// went away: `yes show | hotel run | head -1` ends, as at the end of input, rather than
  /// running on with no one to read it); returns the exit code of SPEC section 5
  /// for the whole session (it goes on after a mistake, the code tells of it): 4 when the
  /// recording stopped, 3 when a line failed because the API could not be reached, 2 when a
  /// line did not parse, 1 when an expectation or an action failed, else 0.
  func run<Lines: AsyncSequence<String, Never>>(_ lines: Lines) async -> ExitCode {
    await driver.settle()
    runner.showCurrentScreen()
    if showsPrompt {
      console.line(strings.promptHint)
    }
    if let failure = recorder?.failureForStandardError() { console.error(failure) }
    prompt()
    var number = 0
    var quitted = false
    var badLines = 0
    var isText = true
    for await text in lines {
      if console.isOutputGone() { break }
      if text == StandardInputLines.notText {
        console.error(strings.standardInputNotText)
        isText = false
        break
      }
      number += 1
      if text == StandardInputLines.overlongLine {
        console.error(
          strings.lineTooLong(number, limit: StandardInputLines.maximumLineLength))
        badLines += 1
        prompt()
        continue
      }
      let command: ScriptCommand?
      do {
        command = try ScriptParser.parse(
          line: text, number: number, variables: variables, strings: strings)
      } catch {
        // An unknown command already lists the commands; the hint is not said twice.
        let listsCommands = ScriptParser.commandNames.allSatisfy { error.problem.contains($0) }
        // Lines that come from a pipe are named as a failing step is (`<input>:3:`); a
        // person at the prompt sees the error under the line just typed.
        let place = showsPrompt ? "" : "\(runner.configuration.sourceName):\(number): "
        console.error(
          place + error.problem + (listsCommands ? "" : strings.typeHelpForCommands))
        badLines += 1
        prompt()
        continue
      }
      guard let command else {
        prompt()
        continue
      }
      let result = await runner.run(ScriptLine(number: number, text: text, command: command))
      // A step that failed changed nothing: kept as a comment, so the replay goes on to the
      // same end.
      recorder?.append(result.isFailure ? ScriptRecorder.failedStep(text) : text)
      if let failure = recorder?.failureForStandardError() { console.error(failure) }
      if result == .quit {
        quitted = true
        break
      }
      prompt()
    }
    // Ctrl-D at the prompt: the shell's prompt starts on a line of its own.
    if showsPrompt, !quitted { console.out("\n") }
    await driver.flush()
    guard isText else { return .usage }
    // Told once as it happened; the recording is not what was asked for.
    if recorder?.failure != nil { return .environment }
    let ran = runner.exitCode
    if ran == .unreachable { return ran }
    return badLines > 0 ? .usage : ran
  }

  private func prompt() {
    if showsPrompt { console.out("> ") }
  }
}
