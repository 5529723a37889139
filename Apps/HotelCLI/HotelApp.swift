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
      return await run(invocation, environment: environment, console: console)
    }
  }

  private static func run(
    _ invocation: Invocation, environment: [String: String], console: Console
  ) async -> ExitCode {
    switch invocation.command {
    case .replay(let source):
      let lines: [ScriptLine]
      do {
        lines = try ScriptLoader.load(source) {
          FileHandle.standardInput.readDataToEndOfFile()
        }
      } catch {
        console.error(error.message)
        return .usage
      }
      _ = lines
      console.error("replay is not built yet")
      return .failure
    case .orders:
      return await OrdersCommand.run(invocation.options, console: console)
    case .serve:
      return await ServeCommand.run(invocation.options.serve, console: console)
    case .run:
      console.error("'\(invocation.command.name)' is not built yet")
      return .failure
    }
  }
}
