/// `hotel run`: a prompt that takes the script language, shows the screen after each command,
/// keeps going after mistakes, and records what was typed (`--record`).
@MainActor
final class InteractiveSession {
  private let runner: ScriptRunner
  private let driver: any FlowDriver
  private let console: Console
  private let recorder: ScriptRecorder?
  private let showsPrompt: Bool

  /// Creates a session; `showsPrompt` when standard input is a terminal.
  init(
    runner: ScriptRunner, driver: any FlowDriver, console: Console, recorder: ScriptRecorder?,
    showsPrompt: Bool
  ) {
    self.runner = runner
    self.driver = driver
    self.console = console
    self.recorder = recorder
    self.showsPrompt = showsPrompt
  }

  /// Reads `lines` until `quit` or the end of input.
  func run<Lines: AsyncSequence<String, Never>>(_ lines: Lines) async -> ExitCode {
    await driver.settle()
    runner.showCurrentScreen()
    if showsPrompt {
      console.line("Type 'help' for the commands and IDs on this screen, 'quit' to stop.")
    }
    prompt()
    var number = 0
    for await text in lines {
      number += 1
      if text == StandardInputLines.overlongLine {
        console.error(
          "line \(number) is longer than \(StandardInputLines.maximumLineLength) bytes; it was skipped"
        )
        prompt()
        continue
      }
      let command: ScriptCommand?
      do {
        command = try ScriptParser.parse(line: text, number: number)
      } catch {
        console.error(error.problem + " (type 'help' for the commands)")
        prompt()
        continue
      }
      guard let command else {
        prompt()
        continue
      }
      recorder?.append(text)
      let result = await runner.run(ScriptLine(number: number, text: text, command: command))
      if result == .quit { break }
      prompt()
    }
    await driver.flush()
    return .success
  }

  private func prompt() {
    if showsPrompt { console.out("> ") }
  }
}
