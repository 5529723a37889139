import Domain
import Foundation
import Testing

@testable import HotelCLI

@MainActor
@Suite struct SuiteCommandTests {
  /// `--jobs` is sized by the open-file limit that start-up raised and passed down (here a low one,
  /// which the process's own limit is not); `hotel test` does not raise or read it again.
  @Test func jobsAreSizedByTheDescriptorLimitPassedDown() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("suite-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("expect screen hotel\n".utf8).write(to: folder.appendingPathComponent("a.hotel"))
    var options = Options()
    options.today = CalendarDate(year: 2026, month: 6, day: 1)
    options.suite.jobs = 8
    let recorder = ConsoleRecorder()
    let code = await SuiteCommand.run(
      [folder.path], options: options, environment: [:], console: recorder.console,
      descriptorLimit: 80)
    #expect(code == .success, "\(recorder.stderr)")
    #expect(
      recorder.stderrLines == [
        "hotel: --jobs 8: running 4 at a time, as the open-file limit is 80 (ulimit -n)"
      ])
    #expect(recorder.stdoutLines.last == "1 passed, 0 failed")
  }
}
