import FixtureAPI
import Foundation

/// `hotel serve`: the fixture API in the foreground, with its fault flags. Prints the base URL
/// on standard output, then serves until SIGINT or SIGTERM, and stops cleanly.
enum ServeCommand {
  /// Runs the server until a stop signal; returns the exit code. Its messages follow `strings`.
  static func run(
    _ serve: ServeOptions, console: Console, strings: CLIStrings = .english
  ) async -> ExitCode {
    var options = FixtureOptions(
      latency: .milliseconds(serve.latencyMilliseconds), failFirst: serve.failFirst,
      malformedPaths: Set(serve.malformedPaths), dropPaths: Set(serve.dropPaths))
    if let formPath = serve.formPath {
      switch FormFile.load(formPath, strings: strings) {
      case .failure(let problem):
        console.error(problem.message)
        return .usage
      case .success(let form):
        options.bookingFormBody = form.body
        if let warning = form.warning { console.error(warning) }
      }
    }
    let server = FixtureServer(options: options)
    let signals = Platform.StopSignals()
    let url: URL
    do {
      url = try server.start(port: UInt16(serve.port))
    } catch {
      console.error(describe(error, port: serve.port, strings: strings))
      return .environment
    }
    console.line(url.absoluteString)
    console.error(strings.serving(url.absoluteString))
    let signal = await signals.next()
    await server.stop()
    console.error(strings.stopped("\(signal)"))
    return .success
  }

  /// One readable line for a server that could not start.
  static func describe(
    _ error: FixtureServerError, port: Int, strings: CLIStrings = .english
  ) -> String {
    switch error {
    case .alreadyStarted:
      return strings.serverAlreadyStarted
    case .socket(let operation, let code):
      if operation == "bind", code == Platform.SystemError.addressInUse {
        return strings.portInUse(port)
      }
      return strings.cannotListen(
        port, operation: operation, reason: Platform.SystemError.message(code))
    }
  }
}
