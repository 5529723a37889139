import Foundation
import Testing

extension EndToEnd {
  /// What the stores say about the data directory (a corrupt draft moved aside, an order file
  /// skipped) is in the `--lang` language: before, Persistence wrote English sentences, and
  /// `--lang ru` printed them as they were.
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
          "hotel: \(data)/draft.json не удалось прочитать (это не JSON нужного формата); файл"
            + " перемещён в \(data)/draft.json.corrupt"), "\(result.stderr)")
      for line in lines {
        #expect(!line.contains("could not") && !line.contains("moved"), "English: \(line)")
      }
      #expect(FileManager.default.fileExists(atPath: data + "/draft.json.corrupt"))
    }

    @Test func ordersSaysWhatItSkippedInRussian() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let data = try damagedDirectory(hotel)
      let result = try await hotel.run(["orders", "--lang", "ru", "--data-dir", data])
      #expect(result.status == 0, "\(result)")
      #expect(
        result.stderr.split(separator: "\n").map(String.init) == [
          "hotel: \(data)/orders/5.json не удалось прочитать (это не JSON нужного формата);"
            + " файл перемещён в \(data)/orders/5.json.corrupt",
          "hotel: \(data)/orders/7.json записан более новой версией hotel (формат 99); файл"
            + " оставлен как есть и не показан",
        ], "\(result.stderr)")
    }
  }
}
