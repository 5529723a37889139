import Foundation

/// The `hotel` program: parses the command line and runs the command.
enum HotelApp {
  /// Runs `hotel` with `arguments` (without the program name) and returns the exit code.
  static func main(
    arguments: [String], environment: [String: String], console: Console = .live
  ) async -> ExitCode {
    Platform.ignoreBrokenPipes()
    let parsed: ParsedCommandLine
    do {
      parsed = try ArgumentParser(environment: environment).parse(arguments)
    } catch {
      console.err(error.line + "\n")
      return .usage
    }
    switch parsed {
    case .help(let text):
      console.line(text)
      return .success
    case .version:
      console.line(HelpText.version)
      return .success
    case .invoke(let invocation):
      console.error("'\(invocation.command.name)' is not built yet")
      return .failure
    }
  }
}
