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
  }
}
