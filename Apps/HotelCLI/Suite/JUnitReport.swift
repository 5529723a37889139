import Foundation
import Persistence
import UseCases

/// The JUnit XML report of a suite (`hotel test --junit FILE`), valid against the Jenkins xUnit
/// plugin's `junit-10.xsd` (SPEC section 5.4) whatever the outcome: one `testsuite` with one
/// `testcase` per journey (its time in seconds, its tags as its `group`); a failed line is a
/// `failure` whose `message` names the file, the line and what was seen, and whose text adds the
/// line as written and the screen at that line as ``JourneyFailures`` kept it (the same screen as
/// the failure before is "as above", and a journey's failures carry at most
/// ``JourneyFailures/screenLimit`` screens); a journey that could not start, or that does not
/// parse, is an `error`; one left out by `--tags` (or not started: the suite was stopped,
/// `--max-failures` was reached) is `skipped`.
///
/// Each failed attempt of a journey run again (`--retries`) is written as Maven Surefire writes it:
/// a `flakyFailure` (`flakyError`) for each attempt before a pass; for a journey that failed every
/// time, the first attempt's `failure` (`error`), then a `rerunFailure` (`rerunError`) for each
/// later one. What a journey's `show` and `help` lines printed is its `system-out`; its other
/// messages its `system-err`.
struct JUnitReport: Sendable {
  /// The journeys, in the order they were found.
  var results: [JourneyResult]
  /// The suite's wall time.
  var duration: Duration
  /// The tags `--tags` asked for (why a journey was skipped).
  var tags: [String] = []
  /// The words of the report.
  var strings: SuiteStrings

  /// The XML document.
  var xml: String {
    let failures = results.filter { $0.outcome == .failed }.count
    let errors = results.filter { if case .broken = $0.outcome { true } else { false } }.count
    let skipped = results.filter { $0.outcome == .skipped }.count
    let counts =
      "tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
    let time = "time=\"\(Self.seconds(duration))\""
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    // The schema allows `skipped` on a `testsuite`, not on `testsuites`.
    xml += "<testsuites name=\"hotel test\" \(counts) \(time)>\n"
    xml += "  <testsuite name=\"hotel test\" \(counts) skipped=\"\(skipped)\" \(time)>\n"
    for result in results { xml += testCase(result) }
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
  }

  private func testCase(_ result: JourneyResult) -> String {
    // The folder as a package, without the empty parts `./`, `../` and a leading `/` would
    // make ("..journeys"), which CI readers show as a package with no name.
    let folder = (result.name as NSString).deletingLastPathComponent
      .split(separator: "/").filter { $0 != "." && $0 != ".." }
    let className = folder.isEmpty ? "hotel" : folder.joined(separator: ".")
    var head =
      "    <testcase name=\"\(XMLText.attribute(result.name))\""
      + " classname=\"\(XMLText.attribute(className))\" time=\"\(Self.seconds(result.duration))\""
    if !result.tags.isEmpty {
      head += " group=\"\(XMLText.attribute(result.tags.joined(separator: ",")))\""
    }
    var inside = ""
    let attempts = result.retried + [result]
    switch result.outcome {
    case .passed:
      for attempt in result.retried { inside += rerun(attempt, flaky: true) }
    case .skipped:
      let reason = result.skipReason ?? strings.notTagged(tags)
      inside += "      <skipped message=\"\(XMLText.attribute(reason))\"/>\n"
    case .broken, .failed:
      inside += outcome(attempts[0])
      for attempt in attempts.dropFirst() { inside += rerun(attempt, flaky: false) }
    }
    if !result.output.isEmpty {
      let output =
        result.output + (result.outputWasCut ? strings.outputCut(JourneyResult.outputLimit) : "")
      inside += "      <system-out>" + XMLText.content(output) + "</system-out>\n"
    }
    if !result.notes.isEmpty {
      inside +=
        "      <system-err>" + XMLText.content(result.notes.joined(separator: "\n"))
        + "</system-err>\n"
    }
    return inside.isEmpty ? head + "/>\n" : head + ">\n" + inside + "    </testcase>\n"
  }

  private func outcome(_ attempt: JourneyResult) -> String {
    switch attempt.outcome {
    case .broken(let message):
      // A journey that does not parse has a line for each bad line: the first is the message.
      let first = message.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
      let head =
        "      <error message=\"\(XMLText.attribute(String(first)))\" type=\"\(errorType(attempt))\""
      return first.count == message.count
        ? head + "/>\n" : head + ">" + XMLText.content(message) + "</error>\n"
    case .failed:
      return attempt.failures.map { failure in
        "      <failure message=\"\(XMLText.attribute(failure.message))\""
          + " type=\"\(failureType(attempt))\">" + XMLText.content(text(of: failure))
          + "</failure>\n"
      }.joined()
    case .passed, .skipped:
      return ""
    }
  }

  private func rerun(_ attempt: JourneyResult, flaky: Bool) -> String {
    let element: String
    let message: String
    let type: String
    var trace: String
    switch attempt.outcome {
    case .broken(let text):
      element = flaky ? "flakyError" : "rerunError"
      (message, type, trace) = (text, errorType(attempt), text)
    case .failed:
      element = flaky ? "flakyFailure" : "rerunFailure"
      message = attempt.failures.first?.message ?? ""
      type = failureType(attempt)
      trace = attempt.failures.map { text(of: $0) }.joined(separator: "\n\n")
    case .passed, .skipped:
      return ""
    }
    trace += "\n" + strings.attemptTook(attempt.duration)
    var xml =
      "      <\(element) message=\"\(XMLText.attribute(message))\" type=\"\(type)\">"
      + "<stackTrace>" + XMLText.content(trace) + "</stackTrace>"
    if !attempt.output.isEmpty {
      xml += "<system-out>" + XMLText.content(attempt.output) + "</system-out>"
    }
    if !attempt.notes.isEmpty {
      xml +=
        "<system-err>" + XMLText.content(attempt.notes.joined(separator: "\n")) + "</system-err>"
    }
    return xml + "</\(element)>\n"
  }

  private func text(of failure: JourneyResult.Failure) -> String {
    failure.message + "\n" + failure.line + "\n\n" + screenText(failure.screen)
  }

  private func failureType(_ result: JourneyResult) -> String {
    result.exitCode == .unreachable ? "unreachable" : "expectation"
  }

  private func errorType(_ result: JourneyResult) -> String {
    switch result.exitCode {
    case .usage: "parse"
    case .environment: "environment"
    default: "interrupted"
    }
  }

  private func screenText(_ screen: JourneyResult.Failure.Screen) -> String {
    switch screen {
    case .drawn(let text): strings.screenHeading + "\n" + text
    case .sameAsAbove: strings.screenAsAbove
    case .leftOut: strings.screenLeftOut(JourneyFailures.screenLimit)
    }
  }

  /// Seconds with three decimals and a point, as JUnit readers parse them.
  static func seconds(_ duration: Duration) -> String {
    let components = duration.components
    let milliseconds =
      max(0, components.seconds) * 1000 + max(0, components.attoseconds) / 1_000_000_000_000_000
    let fraction = milliseconds % 1000
    let padded = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
    return "\(milliseconds / 1000).\(padded)"
  }

  // MARK: - Writing

  /// A report that could not be written: one line for stderr (exit code 4).
  struct Failure: Error {
    /// The message, without the `hotel:` prefix.
    var message: String
  }

  /// Writes the report to `path` atomically: a temporary file in the same folder, `fsync`, `rename`
  /// over `path`, `fsync` of the folder.
  ///
  /// A reader sees the old report or the new one. The failure's message follows `messages`.
  ///
  /// A link is followed (the file it names is replaced, the link stays), and something that
  /// is neither a file nor a folder (`/dev/stdout`, a FIFO, a device) is written in place as a
  /// shell's `>` would: replacing it would put a file where the device was.
  func write(
    to path: String, fileSystem: FileSystem = .live, messages: CLIStrings = .english
  ) throws(Failure) {
    let kind = FileKind.of(path)
    if kind == .special { return try writeInPlace(to: path, messages: messages) }
    // The file a link names is replaced, not the link.
    let target = kind == .regular ? URL(fileURLWithPath: path).resolvingSymlinksInPath().path : path
    let absolute =
      target.hasPrefix("/") ? target : FileManager.default.currentDirectoryPath + "/" + target
    let folder = (absolute as NSString).deletingLastPathComponent
    let name = (absolute as NSString).lastPathComponent
    let temporary = folder + "/." + name + ".tmp-" + UUID().uuidString
    do throws(StoreError) {
      let descriptor = try fileSystem.createExclusive(temporary)
      do throws(StoreError) {
        try fileSystem.write(descriptor, Data(xml.utf8), temporary)
        try fileSystem.sync(descriptor, temporary)
      } catch {
        try? fileSystem.close(descriptor, temporary)
        throw error
      }
      try fileSystem.close(descriptor, temporary)
      try fileSystem.rename(temporary, absolute)
      try fileSystem.syncDirectory(folder)
    } catch {
      try? fileSystem.remove(temporary)
      throw Failure(
        message: messages.cannotWriteReport(
          path, reason: StoreErrorText.describe(error, strings: messages))
      )
    }
  }

  /// How long a report to a FIFO waits for a reader to open it: 2 s.
  static let readerWait: Duration = .seconds(2)

  /// Writes the report into `path` as it is (a FIFO or a link is written through, not replaced).
  ///
  /// Opened without blocking: a FIFO that nothing reads (`ENXIO`) is tried again for up to
  /// ``readerWait``, then told as such (exit 4), so no report waits for a reader for ever.
  private func writeInPlace(to path: String, messages: CLIStrings) throws(Failure) {
    var descriptor: Int32 = -1
    let deadline = ContinuousClock.now + Self.readerWait
    while descriptor < 0 {
      switch Platform.openForWriting(path) {
      case .success(let opened): descriptor = opened
      case .failure(let error)
      where error.code == Platform.SystemError.noReader && ContinuousClock.now < deadline:
        usleep(50_000)
      case .failure(let error):
        let reason =
          error.code == Platform.SystemError.noReader
          ? messages.fifoWithoutReader : messages.systemReason(error.code)
        throw Failure(message: messages.cannotWriteReport(path, reason: reason))
      }
    }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    defer { try? handle.close() }
    do {
      try handle.write(contentsOf: Data(xml.utf8))
    } catch {
      throw Failure(
        message: messages.cannotWriteReport(path, reason: ScriptLoader.plainWords(error)))
    }
  }
}
