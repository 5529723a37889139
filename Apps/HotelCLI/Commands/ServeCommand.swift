import FixtureAPI
import Foundation

/// `hotel serve`: the fixture API in the foreground, with its fault flags. Prints the base URL
/// on standard output, then serves until SIGINT or SIGTERM, and stops cleanly.
enum ServeCommand {
  /// Runs the server until a stop signal; returns the exit code.
  static func run(_ serve: ServeOptions, console: Console) async -> ExitCode {
    var options = FixtureOptions(
      latency: .milliseconds(serve.latencyMilliseconds), failFirst: serve.failFirst,
      malformedPaths: Set(serve.malformedPaths), dropPaths: Set(serve.dropPaths))
    if let formPath = serve.formPath {
      switch FormFile.load(formPath) {
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
      console.error(describe(error, port: serve.port))
      return .environment
    }
    console.line(url.absoluteString)
    console.err("hotel: serving the fixture API at \(url.absoluteString); Ctrl-C stops it\n")
    let signal = await signals.next()
    await server.stop()
    console.err("hotel: stopped (\(signal))\n")
    return .success
  }

  /// One readable line for a server that could not start.
  static func describe(_ error: FixtureServerError, port: Int) -> String {
    switch error {
    case .alreadyStarted:
      return "the fixture API was already started"
    case .socket(let operation, let code):
      if operation == "bind", code == Platform.SystemError.addressInUse {
        return "cannot listen on 127.0.0.1:\(port): the port is in use (try --port 0)"
      }
      return
        "cannot listen on 127.0.0.1:\(port): \(operation) failed (\(Platform.SystemError.message(code)))"
    }
  }
}
