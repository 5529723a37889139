import Domain
import FixtureAPI
import Foundation
import Presentation

/// `hotel serve`: the fixture API in the foreground, with its fault flags.
///
/// Prints the base URL on standard output, then serves until SIGINT or SIGTERM, and stops cleanly.
enum ServeCommand {
  /// Runs the server until a stop signal; returns the exit code.
  ///
  /// Its messages follow `strings`.
  static func run(
    _ serve: ServeOptions, console: Console, strings: CLIStrings = .english
  ) async -> ExitCode {
    if let problem = faultPathProblem(serve, strings: strings) {
      console.error(problem)
      return .usage
    }
    var options = FixtureOptions(
      latency: .milliseconds(serve.latencyMilliseconds), failFirst: serve.failFirst,
      malformedPaths: Set(serve.malformedPaths), dropPaths: Set(serve.dropPaths))
    // `--form FILE` for every language, `--form ru=FILE` for one: each checked, each served
    // (and its orders priced) by the fixture in its language.
    let forms: [(Language?, String)] =
      (serve.formPath.map { [(nil, $0)] } ?? [])
      + Language.allCases.compactMap { language in
        serve.formPathsByLanguage[language].map { (language, $0) }
      }
    for (language, path) in forms {
      switch FormFile.load(path, strings: strings, port: serve.port) {
      case .failure(let problem):
        console.error(problem.message)
        return .usage
      case .success(let form):
        if let language {
          options.bookingFormBodies[language] = form.body
        } else {
          options.bookingFormBody = form.body
        }
        // With a file per language, the warning says which file it is about.
        if let warning = form.warning {
          let label = (language.map { "\($0.rawValue)=" } ?? "") + path
          console.error(forms.count > 1 ? "--form \(label): " + warning : warning)
        }
      }
    }
    // A form the app refuses is replaced by its built-in one there: orders are priced so too.
    let orderCheck = Localizer(language: strings.language)
    options.takesForm = { orderCheck.orderProblem(in: $0) == nil }
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

  /// Why a fault flag names a path the fixture does not serve (a typo, a query, a trailing
  /// slash: the fault would never fire, and the journey meant to meet it would pass without
  /// it), with the path meant when one is close; `nil` when every fault path is served.
  static func faultPathProblem(_ serve: ServeOptions, strings: CLIStrings) -> String? {
    let served = FixtureOptions.servedPaths
    let flagged =
      serve.malformedPaths.map { ("--malformed", $0) } + serve.dropPaths.map { ("--drop", $0) }
    guard let (flag, path) = flagged.first(where: { !served.contains($0.1) }) else { return nil }
    var base =
      path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
      .first.map(String.init) ?? path
    while base.count > 1, base.hasSuffix("/") { base.removeLast() }
    let hint =
      served.contains(base)
      ? strings.didYouMean(base) : ArgumentParser.suggestion(path, served, strings: strings)
    return strings.notAServedPath(
      flag, ArgumentParser.shown(path), hint: hint, served: served.joined(separator: ", "))
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
