import Domain
import Foundation
import Synchronization
import Testing

@testable import HotelCLI

@Suite struct JUnitReportTests {
  static let hostile = "a&b <c> \"d\" 'e' \u{1B}[31m \u{0}\u{7}\u{7F}\u{85} ]]> tab\there"

  static func report() -> JUnitReport {
    JUnitReport(
      results: [
        JourneyResult(
          name: "journeys/pass.hotel", outcome: .passed, exitCode: .success,
          duration: .milliseconds(1_234)),
        JourneyResult(
          name: "journeys/checkout/fail \(hostile).hotel", outcome: .failed, exitCode: .failure,
          duration: .milliseconds(56),
          failures: [
            JourneyResult.Failure(
              message: "fail.hotel:3: expect text: '\(hostile)' is not on the rooms screen",
              line: "expect text \"\(hostile)\"", screen: "━━ Rooms ━━\n\(hostile)\nline 2\n")
          ], notes: ["a note \(hostile)"]),
        JourneyResult(
          name: "skipped.hotel", outcome: .skipped, exitCode: .success, duration: .zero),
        JourneyResult(
          name: "broken.hotel", outcome: .broken("no room"), exitCode: .environment,
          duration: .zero),
      ], duration: .milliseconds(2_000), tags: ["smoke"], strings: SuiteStrings(language: .en))
  }

  @Test func theReportIsWellFormedWithOneTestCasePerJourney() throws {
    let document = try JUnitDocument(Data(Self.report().xml.utf8))
    #expect(document.root["tests"] == "4")
    #expect(document.root["failures"] == "1")
    #expect(document.root["errors"] == "1")
    // junit-10.xsd allows `skipped` on a `testsuite` only.
    #expect(document.root["skipped"] == nil)
    #expect(document.suite["skipped"] == "1")
    #expect(document.root["time"] == "2.000")
    #expect(document.testCases.count == 4)
    #expect(document.testCases[0].attributes["name"] == "journeys/pass.hotel")
    #expect(document.testCases[0].attributes["classname"] == "journeys")
    #expect(document.testCases[0].attributes["time"] == "1.234")
    #expect(document.testCases[0].failures.isEmpty)
    #expect(document.testCases[2].skipped)
    #expect(document.testCases[3].error == "no room")
  }

  @Test func markupAndControlCharactersAreEscapedOrShownVisibly() throws {
    let document = try JUnitDocument(Data(Self.report().xml.utf8))
    let failing = document.testCases[1]
    let visible = "a&b <c> \"d\" 'e' ␛[31m ␀␇␡� ]]> tab"
    #expect(failing.attributes["name"]?.contains(visible) == true, "\(failing.attributes)")
    let failure = try #require(failing.failures.first)
    #expect(failure.message.hasPrefix("fail.hotel:3: expect text: '\(visible)"))
    // The text: the message, the line, and the screen, with its lines.
    #expect(failure.text.contains("expect text \"\(visible)\there\""))
    #expect(
      failure.text.contains("The screen at that line:\n━━ Rooms ━━\n\(visible)\there\nline 2"))
  }

  /// What a journey's `show` and `help` lines printed is its `system-out`, so a `show` put in a
  /// journey to see the screen in CI shows it there.
  @Test func whatAJourneyPrintedIsItsSystemOut() throws {
    var printed = JourneyResult(
      name: "journeys/show.hotel", outcome: .passed, exitCode: .success,
      duration: .milliseconds(5))
    printed.keepOutput("━━ Hotel ━━\n\(Self.hostile)\n")
    var cut = printed
    cut.outputWasCut = true
    let report = JUnitReport(
      results: [printed, cut], duration: .milliseconds(10), strings: SuiteStrings(language: .en))
    let document = try JUnitDocument(Data(report.xml.utf8))
    let visible = "a&b <c> \"d\" 'e' ␛[31m ␀␇␡� ]]> tab\there"
    #expect(document.testCases.first?.systemOut == "━━ Hotel ━━\n\(visible)\n")
    #expect(
      document.testCases.last?.systemOut
        == "━━ Hotel ━━\n\(visible)\n… (cut: only the first 64 KiB of what the journey printed is kept)\n"
    )
  }

  /// A journey's `classname` is its folder with dots, as Jenkins and GitLab group test cases by
  /// package: a path given as `./journeys`, `/abs/journeys` or `../journeys` gives no empty package
  /// (no "..journeys", ".abs.journeys").
  @Test(arguments: [
    ("./journeys/a.hotel", "journeys"), ("/tmp/ci/journeys/b.hotel", "tmp.ci.journeys"),
    ("../up/./c.hotel", "up"), ("d.hotel", "hotel"), ("./e.hotel", "hotel"),
    ("journeys//sub/f.hotel", "journeys.sub"),
  ])
  func theClassNameIsTheFolderWithoutEmptyParts(name: String, className: String) throws {
    let report = JUnitReport(
      results: [
        JourneyResult(name: name, outcome: .passed, exitCode: .success, duration: .zero)
      ], duration: .zero, strings: SuiteStrings(language: .en))
    let document = try JUnitDocument(Data(report.xml.utf8))
    #expect(document.testCases.first?.attributes["classname"] == className)
    #expect(document.testCases.first?.attributes["name"] == name)
  }

  @Test func theFileIsWrittenWhole() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("junit-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("report.xml").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: path))
    try Self.report().write(to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.report().xml)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.xml"])
  }

  @Test func aFIFOOrALinkIsWrittenThroughNotReplaced() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("junit-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // A link to a file: the file gets the report, the link stays a link.
    let file = folder.appendingPathComponent("real.xml").path
    let link = folder.appendingPathComponent("link.xml").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: file))
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
    try Self.report().write(to: link)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == Self.report().xml)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == file)
    // A FIFO (as /dev/stdout would be): a reader gets the report; it stays a FIFO.
    // Before: the report was renamed over it (as root, over /dev/full or /dev/stdout too).
    let fifo = folder.appendingPathComponent("pipe.xml").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let received = Mutex<Data?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      let data = FileHandle(forReadingAtPath: fifo).flatMap { try? $0.readToEnd() }
      received.withLock { $0 = data ?? Data() }
      done.signal()
    }
    try Self.report().write(to: fifo)
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(received.withLock { $0 } == Data(Self.report().xml.utf8))
    var status = stat()
    #expect(stat(fifo, &status) == 0)
    #expect(status.st_mode & S_IFMT == S_IFIFO)
  }

  @Test func aFullDeviceIsAnErrorNamingIt() throws {
    // Before: 0 and a file of 339 bytes where /dev/full was.
    let before = try? FileManager.default.attributesOfItem(atPath: "/dev/full")[.type]
    guard before as? FileAttributeType == .typeCharacterSpecial else { return }
    #expect(throws: JUnitReport.Failure.self) { try Self.report().write(to: "/dev/full") }
    let type = try FileManager.default.attributesOfItem(atPath: "/dev/full")[.type]
    #expect(type as? FileAttributeType == .typeCharacterSpecial)
  }

  @Test func anUnwritableReportIsNamed() {
    #expect(throws: JUnitReport.Failure.self) {
      try Self.report().write(to: "/nonexistent/folder/report.xml")
    }
  }

  /// A journey of `count` failed lines (`--keep-going`), the screen of line K given by `screen`.
  static func keptGoing(_ count: Int, screen: (Int) -> String) -> JUnitReport {
    let failures = (1...count).map { line in
      JourneyResult.Failure(
        message: "long.hotel:\(line): expect text: 'x' is not on the rooms screen",
        line: "expect text x", screen: screen(line))
    }
    return JUnitReport(
      results: [
        JourneyResult(
          name: "long.hotel", outcome: .failed, exitCode: .failure, duration: .seconds(1),
          failures: JourneyFailures(failures))
      ], duration: .seconds(1), strings: SuiteStrings(language: .en))
  }

  /// The screen is given once, and each next failure on it says so: 20 000 failed lines on one
  /// screen do not copy it 20 000 times.
  @Test func failuresOnTheSameScreenCarryItOnce() throws {
    let screen = "━━ Rooms ━━\n" + String(repeating: "a line of the rooms screen\n", count: 40)
    let report = Self.keptGoing(2_000) { _ in screen }
    let document = try JUnitDocument(Data(report.xml.utf8))
    let failures = try #require(document.testCases.first?.failures)
    #expect(failures.count == 2_000, "every failed line is still a failure")
    #expect(failures[0].text.hasSuffix("The screen at that line:\n" + screen))
    #expect(failures.dropFirst().allSatisfy { $0.text.hasSuffix("is the one above.") })
    // Each copy of the screen would add its 1 000 bytes and more to every failure.
    #expect(report.xml.utf8.count < 2_000 * screen.utf8.count / 2, "\(report.xml.utf8.count) B")
  }

  /// Screens that differ are carried up to ``JourneyFailures/screenLimit`` a journey; the
  /// failures after that keep their message and line.
  @Test func aJourneysFailuresCarryAtMostTwentyScreens() throws {
    let report = Self.keptGoing(50) { "━━ Booking ━━\nline \($0)\n" }
    let failures = try #require(
      JUnitDocument(Data(report.xml.utf8)).testCases.first?.failures)
    let carried = failures.filter { $0.text.contains("The screen at that line:") }
    #expect(carried.count == JourneyFailures.screenLimit)
    #expect(carried.last?.text.hasSuffix("line \(JourneyFailures.screenLimit)\n") == true)
    let leftOut = failures.dropFirst(JourneyFailures.screenLimit)
    #expect(leftOut.count == 30)
    #expect(
      leftOut.allSatisfy {
        $0.text.hasSuffix("left out (a journey's report carries at most 20 screens).")
          && $0.text.contains("expect text x")
      })
  }
}

@Suite struct JUnitReportSchemaTests {
  static let strings = SuiteStrings(language: .en)

  static func failed(_ message: String, screen: String = "━━ Rooms ━━\n") -> JourneyResult {
    JourneyResult(
      name: "j/a.hotel", outcome: .failed, exitCode: .failure, duration: .milliseconds(20),
      failures: [
        JourneyResult.Failure(message: message, line: "expect screen paid", screen: screen)
      ])
  }

  /// Every shape of report, written and checked against junit-10.xsd with xmllint: passed,
  /// failed, skipped, not run, broken, interrupted, does not parse, flaky (failure and error),
  /// failed on every rerun, tags, output and notes, hostile text.
  @Test func everyShapeOfReportValidates() throws {
    var flaky = JourneyResult(
      name: "j/flaky.hotel", outcome: .passed, exitCode: .success, duration: .seconds(1),
      tags: ["smoke", "nightly"])
    flaky.retried = [
      Self.failed("j/flaky.hotel:2: expect text: \(JUnitReportTests.hostile)"),
      JourneyResult(
        name: "j/flaky.hotel", outcome: .broken("no port"), exitCode: .environment,
        duration: .zero, notes: ["a note"]),
    ]
    flaky.retried[0].keepOutput("shown\n")
    var rerun = Self.failed("j/a.hotel:4: expect screen paid: the screen is rooms")
    rerun.retried = [Self.failed("j/a.hotel:4: first"), Self.failed("j/a.hotel:4: second")]
    var brokenRerun = JourneyResult(
      name: "j/b.hotel", outcome: .broken("no room"), exitCode: .environment, duration: .zero)
    brokenRerun.retried = [Self.failed("j/b.hotel:1: before")]
    let results = [
      JourneyResult(
        name: "j/pass.hotel", outcome: .passed, exitCode: .success, duration: .seconds(1234),
        tags: ["checkout"]),
      flaky, rerun, brokenRerun,
      JourneyResult(
        name: "j/skipped.hotel", outcome: .skipped, exitCode: .success, duration: .zero),
      JourneyResult(
        name: "j/notrun.hotel", outcome: .skipped, exitCode: .success, duration: .zero,
        skipReason: Self.strings.notRunMaxFailures(2)),
      JourneyResult(
        name: "j/stopped.hotel", outcome: .broken("stopped"), exitCode: .failure,
        duration: .zero),
      JourneyResult(
        name: "j/bad.hotel", outcome: .broken("j/bad.hotel:1: tapp\nj/bad.hotel:2: nowhere"),
        exitCode: .usage, duration: .zero),
    ]
    let report = JUnitReport(
      results: results, duration: .milliseconds(1_234_567), tags: ["smoke"],
      strings: Self.strings)
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("junit-\(UUID().uuidString).xml")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(report.xml.utf8).write(to: file)
    #expect(try CITools.schemaErrors(file) == [], "\(report.xml)")
    let xml = report.xml
    #expect(xml.components(separatedBy: "<flakyFailure ").count == 2)
    #expect(xml.components(separatedBy: "<flakyError ").count == 2)
    #expect(xml.components(separatedBy: "<rerunFailure ").count == 3)
    #expect(xml.contains("</failure>\n      <rerunError message=\"no room\" type=\"environment\">"))
    // Surefire's order: the first attempt's failure, then each rerun.
    let first = try #require(xml.range(of: "<failure message=\"j/a.hotel:4: first\""))
    let second = try #require(xml.range(of: "<rerunFailure message=\"j/a.hotel:4: second\""))
    #expect(first.lowerBound < second.lowerBound)
    #expect(xml.contains("group=\"smoke,nightly\""))
    #expect(
      xml.contains(
        "<error message=\"j/bad.hotel:1: tapp\" type=\"parse\">j/bad.hotel:1: tapp\nj/bad.hotel:2: nowhere</error>"
      ))
    #expect(!xml.contains(" file="))
  }

  /// What the schema refuses: `file` on `testcase` and `skipped` on `testsuites`.
  @Test func theSchemaRefusesWhatTheReportUsedToCarry() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("junit-\(UUID().uuidString).xml")
    defer { try? FileManager.default.removeItem(at: file) }
    let old = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="hotel test" tests="1" failures="0" errors="0" skipped="0" time="0.100">
        <testsuite name="hotel test" tests="1" failures="0" errors="0" skipped="0" time="0.100">
          <testcase name="a.hotel" classname="hotel" file="a.hotel" time="0.100"/>
        </testsuite>
      </testsuites>
      """
    try Data(old.utf8).write(to: file)
    #expect(try CITools.schemaErrors(file).count == 3)
  }
}
