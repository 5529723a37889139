import Domain
import FixtureAPI
import Foundation
import Networking
import Persistence
import Presentation
import UseCases

/// Runs one journey of a suite in this process, hermetic: its own stores in memory and its own
/// scope of the suite's fixture API (unless the suite was given `--data-dir`: then its own
/// in-process fixture, or `--api`), its own flow session with its own coordinator; only the HTTP
/// transport, the fixture's server and the compiled booking forms (``FormCompilations``) are
/// shared, none of which holds state of a flow.
///
/// The lines run through ``ScriptRunner`` as in a replay; after a line fails, a `show` through
/// the same runner draws the screen for the report. What the journey's own `show` and `help`
/// lines print is kept, bounded, for the report's `system-out`.
@MainActor
struct JourneyRunner {
  /// The suite's options (data directory, API, language, today, `--keep-going`, timeout).
  var options: Options
  /// The HTTP transport every journey's client uses.
  var transport: Task<HTTPTransport, Never>
  /// The compiled booking forms every journey shares: each distinct form compiled once.
  var forms = FormCompilations()
  /// The fixture API server whose scope each journey gets (``FixtureServer/openScope(orderNumbers:)``),
  /// or `nil` for a fixture of the journey's own or `--api`.
  var fixture: FixtureServer?

  /// Runs `journey` and says how it went.
  func run(_ journey: Journey) async -> JourneyResult {
    let clock = ContinuousClock()
    let start = clock.now
    var result = await outcome(of: journey)
    result.duration = clock.now - start
    return result
  }

  private func outcome(of journey: Journey) async -> JourneyResult {
    var result = JourneyResult(
      name: journey.name, outcome: .passed, exitCode: .success, duration: .zero)
    var journeyOptions = options
    let scope = fixture?.openScope()
    defer { scope?.close() }
    if let scope { journeyOptions.apiURL = scope.baseURL }
    let capture = OutputCapture()
    let session: FlowSession
    do {
      // Without `--data-dir`, the journey's data stays in memory: it is hermetic, and no one
      // reads it once the journey ends.
      session = try await FlowSession.start(
        journeyOptions, console: capture.console, transport: transport, forms: forms,
        storage: options.dataDirectory.isEmpty ? .memory : .dataDirectory())
    } catch {
      result.outcome = .broken(error.message)
      result.exitCode = .environment
      result.notes = capture.takeErrors()
      return result
    }
    let runner = ScriptRunner(
      // In `--lang`, as a replay: the messages, the screen of the report, and the screen
      // `expect text` looks at (a journey that passes in `hotel replay` passes here).
      driver: session.driver,
      renderer: ScreenRenderer(
        color: false, width: 72, strings: Localizer(language: options.language),
        masksPersonalData: true),
      console: capture.console,
      configuration: .init(
        sourceName: journey.name, keepGoing: options.keepGoing,
        strings: CLIStrings(language: options.language)))
    await session.driver.settle()
    for line in journey.lines {
      result.notes += capture.takeErrors()
      let step = await runner.run(line)
      // What `show` and `help` printed, for the report (drained line by line, kept bounded).
      result.keepOutput(capture.takeOutput())
      if step == .quit { break }
      guard case .failed = step else { continue }
      let reported = capture.takeErrors()
      await runner.run(ScriptLine(number: line.number, text: "show", command: .show))
      result.failures.append(
        JourneyResult.Failure(
          message: reported.last
            ?? {
              let strings = CLIStrings(language: options.language)
              return strings.stepFailed(at: line.place(inScript: journey.name, strings: strings))
            }(),
          // Cut as a message is: a 4 MB line would otherwise be repeated whole in the report.
          line: TerminalText.messageLine(
            StepExecutor.shown(line, in: session.driver.snapshot)),
          screen: capture.takeOutput()))
      result.notes += reported.dropLast()
      if !options.keepGoing { break }
    }
    await session.shutdown()
    result.notes += capture.takeErrors()
    result.keepOutput(capture.takeOutput())
    result.exitCode = runner.exitCode
    // An order the server accepted but this run could not save fails the journey, as a replay.
    if let unsaved = session.unsavedOrdersMessage {
      result.failures.append(
        JourneyResult.Failure(message: "\(journey.name): \(unsaved)", line: "", screen: ""))
      if result.exitCode == .success { result.exitCode = .environment }
    }
    if !result.failures.isEmpty { result.outcome = .failed }
    return result
  }
}
