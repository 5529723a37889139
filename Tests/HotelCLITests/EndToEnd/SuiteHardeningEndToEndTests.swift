import Foundation
import Testing

extension EndToEnd {
  /// `hotel test` attacked from outside: its messages follow `--lang`, and a `--junit` path
  /// that cannot or must not take the report is refused before any journey runs.
  @Suite struct SuiteHardeningEndToEndTests {
    /// A folder `journeys` in `hotel`'s directory holding `files`; returns its path.
    static func journeys(_ files: [String: String], in hotel: HotelProcess) throws -> String {
      let folder = hotel.dataDirectory.appendingPathComponent("journeys", isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for (name, text) in files {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
      }
      return folder.path
    }

    @Test func aJourneysBadLineIsToldInRussianWithLangRu() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let folder = try Self.journeys(
        ["a.hotel": "expect screen hotel\nexpect screen nowhere\n"], in: hotel)
      let result = try await hotel.run(["test", folder, "--lang", "ru"])
      #expect(result.status == 2, "\(result)")
      #expect(result.stdout.isEmpty, "\(result)")
      #expect(
        result.stderrLines == [
          "hotel: \(folder)/a.hotel:2: неизвестный экран 'nowhere' (экраны: hotel, rooms, booking, paid)"
        ], "\(result)")
    }

    /// Each bad `--junit` is told at once, in the asked language, and nothing runs: before,
    /// `--junit` naming a journey ran the suite and then wrote the report over that journey,
    /// and a folder was found only after the whole suite had run (exit 4).
    @Test(arguments: [
      (
        "journeys/a.hotel",
        "--junit: 'DIR/journeys/a.hotel' names a script; the report must not take its place (name an .xml file)",
        "--junit: 'DIR/journeys/a.hotel' — имя сценария; отчёт не должен заменить сценарий (укажите файл .xml)"
      ),
      (
        "journeys/../journeys/./a.hotel",
        "--junit: 'DIR/journeys/../journeys/./a.hotel' names a script; the report must not take its place (name an .xml file)",
        "--junit: 'DIR/journeys/../journeys/./a.hotel' — имя сценария; отчёт не должен заменить сценарий (укажите файл .xml)"
      ),
      (
        "report.hotel",
        "--junit: 'DIR/report.hotel' names a script; the report must not take its place (name an .xml file)",
        "--junit: 'DIR/report.hotel' — имя сценария; отчёт не должен заменить сценарий (укажите файл .xml)"
      ),
      (
        "journeys",
        "--junit: 'DIR/journeys' is a folder; name a file (for example DIR/journeys/report.xml)",
        "--junit: 'DIR/journeys' — это папка; укажите файл (например, DIR/journeys/report.xml)"
      ),
      (
        "missing/report.xml",
        "--junit: no such folder 'DIR/missing'",
        "--junit: нет такой папки 'DIR/missing'"
      ),
    ])
    func aReportPathThatCannotTakeTheReportIsRefusedBeforeAnyJourneyRuns(
      _ junit: String, _ english: String, _ russian: String
    ) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let journey = "expect screen hotel\n"
      let folder = try Self.journeys(["a.hotel": journey], in: hotel)
      let directory = hotel.dataDirectory.path
      let path = directory + "/" + junit
      for (language, message) in [("en", english), ("ru", russian)] {
        let result = try await hotel.run(["test", folder, "--junit", path, "--lang", language])
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "nothing ran: \(result)")
        #expect(
          result.stderrLines
            == ["hotel: " + message.replacingOccurrences(of: "DIR", with: directory)],
          "\(result)")
      }
      let kept = try String(contentsOfFile: folder + "/a.hotel", encoding: .utf8)
      #expect(kept == journey, "the journey is left as it was")
      #expect(!FileManager.default.fileExists(atPath: directory + "/report.hotel"))
    }
  }
}
