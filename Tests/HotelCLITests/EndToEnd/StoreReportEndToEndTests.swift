import Foundation
import Testing

extension EndToEnd {
  /// What the stores say about the data directory (a corrupt draft moved aside, an order file
  /// skipped) is in the `--lang` language.
  @Suite struct StoreReportEndToEndTests {
    /// A data directory with a corrupt draft, a corrupt order and an order from a newer
    /// version.
    private func damagedDirectory(_ hotel: HotelProcess) throws -> String {
      let data = hotel.dataDirectory.appendingPathComponent("data")
      let orders = data.appendingPathComponent("orders")
      try FileManager.default.createDirectory(at: orders, withIntermediateDirectories: true)
      try Data("{\"schema_version\": 1, \"draft\": {".utf8)
        .write(to: data.appendingPathComponent("draft.json"))
      try Data("not json".utf8).write(to: orders.appendingPathComponent("5.json"))
      try Data(#"{"schema_version": 99, "order": {}}"#.utf8)
        .write(to: orders.appendingPathComponent("7.json"))
      return data.path
    }

    @Test func theLineModeSaysWhatTheStoresDidInRussian() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let data = try damagedDirectory(hotel)
      let result = try await hotel.run(
        ["run", "--line", "--lang", "ru", "--today", "2026-06-01", "--data-dir", data],
        stdin: "quit\n")
      #expect(result.status == 0, "\(result)")
      let lines = result.stderr.split(separator: "\n").map(String.init)
      #expect(
        lines.contains(
          "hotel: \(data)/draft.json не удалось прочитать (это не JSON); файл"
            + " перемещён в \(data)/draft.json.corrupt"), "\(result.stderr)")
      for line in lines {
        #expect(!line.contains("could not") && !line.contains("moved"), "English: \(line)")
      }
      #expect(FileManager.default.fileExists(atPath: data + "/draft.json.corrupt"))
    }

    /// The full-screen app: the line about the corrupt draft is on the status line (in Russian)
    /// once the app has the screen, and standard error keeps it once.
    @Test(.enabled(if: Tmux.executable != nil, "tmux is not installed"))
    func theFullScreenAppSaysItOnItsStatusLine() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let data = try damagedDirectory(hotel)
      let app = try await Pane.start(hotel, ["--lang", "ru", "--today", "2026-06-01"])
      defer { app.tmux.close() }
      // Standard error says it too, on the normal screen before the app takes the terminal:
      // wait for the app's screen (its key hints), not only for the words.
      let screen = try await app.tmux.waitFor("the app's screen with the line") {
        $0.contains("draft.json не удалось прочитать") && $0.contains("Ctrl-C выход")
      }
      #expect(
        TmuxSession.line(screen, containing: "draft.json не удалось")?.hasPrefix(" ✗") == true,
        "on the status line:\n\(screen)")
      try await app.tmux.press("C-c")
      try await app.waitForExit()
      #expect(try app.exitCode() == 0)
      let after = try await app.tmux.screen(history: 20)
      // The long line wraps in the pane: counted by its start.
      #expect(
        after.components(separatedBy: "hotel: ").count == 2 && after.contains("hotel: \(data)")
          && !after.contains("✗"), "said once on standard error:\n\(after)")
    }

    /// A draft from a newer version: the booking starts fresh, the draft is left as it is, and the
    /// start says so in the `--lang` language.
    @Test(arguments: [
      (
        "en",
        "was written by a newer version of the app (format version 4); it is left as is: update"
          + " the app to read it"
      ),
      (
        "ru",
        "записан более новой версией приложения (формат 4); файл оставлен как есть: обновите"
          + " приложение, чтобы его прочитать"
      ),
    ])
    func aDraftFromANewerVersionIsToldAtTheStart(language: String, words: String) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let data = hotel.dataDirectory.appendingPathComponent("data")
      try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
      let newer = Data(#"{"schema_version": 4, "draft": {"screens": []}}"#.utf8)
      try newer.write(to: data.appendingPathComponent("draft.json"))
      let result = try await hotel.run(
        ["run", "--line", "--lang", language, "--today", "2026-06-01", "--data-dir", data.path],
        stdin: "quit\n")
      #expect(result.status == 0, "\(result)")
      #expect(
        result.stderr.split(separator: "\n").map(String.init) == [
          "hotel: \(data.path)/draft.json \(words)"
        ], "\(result.stderr)")
      #expect(try Data(contentsOf: data.appendingPathComponent("draft.json")) == newer)
    }

    @Test func ordersSaysWhatItSkippedInRussian() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let data = try damagedDirectory(hotel)
      let result = try await hotel.run(["orders", "--lang", "ru", "--data-dir", data])
      #expect(result.status == 0, "\(result)")
      #expect(
        result.stderr.split(separator: "\n").map(String.init) == [
          "hotel: \(data)/orders/5.json не удалось прочитать (это не JSON);"
            + " файл перемещён в \(data)/orders/5.json.corrupt",
          "hotel: \(data)/orders/7.json записан более новой версией приложения (формат 99); файл"
            + " оставлен как есть и не показан: обновите приложение, чтобы его увидеть",
        ], "\(result.stderr)")
    }
  }
}
