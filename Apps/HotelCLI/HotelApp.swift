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
    let options = invocation.options
    switch invocation.command {
    case .serve:
      return await ServeCommand.run(options.serve, console: console)
    case .orders:
      return await OrdersCommand.run(options, console: console)
    case .replay(let source):
      // The HTTP transport is made while the script is read and the session starts.
      let transport = FlowSession.makeTransport(for: options)
      let lines: [ScriptLine]
      do {
        lines = try ScriptLoader.load(source, standardInput: .standardInput)
      } catch {
        console.error(error.message)
        // Not left half made while the process exits.
        _ = await transport.value
        return .usage
      }
      return await FlowCommand.replay(
        lines, source: source, options: options, environment: environment, console: console,
        transport: transport)
    case .run:
      return await FlowCommand.interactive(
        options: options, environment: environment, console: console,
        transport: FlowSession.makeTransport(for: options))
    }
  }
}
