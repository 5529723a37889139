import Foundation
import Testing

extension EndToEnd {
  /// A data directory that cannot be one, told as what is wrong with it.
  @Suite struct DataDirectoryHardeningEndToEndTests {
    /// Before: "the data directory …/file/orders cannot be used: opendir: Not a directory"
    /// (naming a folder nobody gave, in the system's English under `--lang ru`).
    @Test(arguments: [
      (["orders"], ""), (["orders", "--json"], "/sub"), (["replay", "-"], ""),
      (["replay", "-"], "/sub/deeper"),
    ])
    func aFileGivenAsTheDataDirectoryIsNamedAsAFile(
      _ command: [String], _ below: String
    ) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let file = try hotel.file("not-a-folder", "x")
      for (language, message) in [
        (
          "en",
          "hotel: the data directory cannot be used: \(file) is a file, not a folder; pass another"
            + " one with --data-dir"
        ),
        (
          "ru",
          "hotel: каталог данных нельзя использовать: \(file) — это файл, а не папка; укажите"
            + " другой в --data-dir"
        ),
      ] {
        let result = try await hotel.run(
          command + ["--data-dir", file + below, "--lang", language],
          stdin: "expect screen hotel\n")
        #expect(result.status == 4, "\(result)")
        #expect(result.stderrLines == [message], "\(result)")
      }
      #expect(try String(contentsOfFile: file, encoding: .utf8) == "x", "the file is untouched")
    }

    /// A data directory whose `orders` is a file cannot keep an order: told at the start, as
    /// a data directory that cannot be used (exit 4), before anything is paid. Before: the
    /// journey ran, the server accepted the order, and only then "order 104893 was accepted by
    /// the server but could not be saved here ... it exists only on the server".
    @Test func anOrdersFolderThatIsAFileIsToldBeforeAnythingIsPaid() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let data = hotel.dataDirectory.appendingPathComponent("data").path
      try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
      try Data("x".utf8).write(to: URL(fileURLWithPath: data + "/orders"))
      for (language, message) in [
        (
          "en",
          "hotel: the data directory cannot be used: \(data)/orders is a file, not a folder; pass"
            + " another one with --data-dir"
        ),
        (
          "ru",
          "hotel: каталог данных нельзя использовать: \(data)/orders — это файл, а не папка;"
            + " укажите другой в --data-dir"
        ),
      ] {
        let result = try await hotel.run(
          ["replay", "-", "--data-dir", data, "--lang", language],
          stdin: "expect screen hotel\n")
        #expect(result.status == 4, "\(result)")
        #expect(result.stderrLines == [message], "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
      }
    }
  }
}
