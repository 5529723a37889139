import Foundation
import TestSupport
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

    /// Starts a replay on `data` in each language and returns the runs that did not end at
    /// once with exit 4, nothing on standard output and only the language's `message` on
    /// standard error (none when every run did).
    func runsNotToldAtStart(
      _ hotel: HotelProcess, _ data: String, _ messages: [(language: String, message: String)]
    ) async throws -> [HotelProcess.Result] {
      var wrong: [HotelProcess.Result] = []
      for (language, message) in messages {
        let result = try await hotel.run(
          ["replay", "-", "--data-dir", data, "--lang", language],
          stdin: "expect screen hotel\n")
        if result.status != 4 || result.stderrLines != [message] || !result.stdout.isEmpty {
          wrong.append(result)
        }
      }
      return wrong
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
      let wrong = try await runsNotToldAtStart(
        hotel, data,
        [
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
        ])
      #expect(wrong.isEmpty, "\(wrong)")
    }

    /// `orders` a symbolic link to nothing (a disk not mounted) cannot keep an order either:
    /// told at the start (exit 4, one line naming the link and where it leads). Before: the
    /// journey ran and only the save, after the server had accepted the order, failed.
    @Test func anOrdersFolderThatIsALinkToNothingIsToldBeforeAnythingIsPaid() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let data = hotel.dataDirectory.appendingPathComponent("data").path
      try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: data + "/orders", withDestinationPath: data + "/gone")
      let wrong = try await runsNotToldAtStart(
        hotel, data,
        [
          (
            "en",
            "hotel: the data directory \(data) cannot be used: \(data)/orders is a symbolic link to"
              + " \(data)/gone, where nothing is (a disk not mounted?)"
          ),
          (
            "ru",
            "hotel: каталог данных \(data) нельзя использовать: \(data)/orders — символическая"
              + " ссылка на \(data)/gone, а там ничего нет (диск не подключён?)"
          ),
        ])
      #expect(wrong.isEmpty, "\(wrong)")
    }

    /// A corrupt order in a read-only data directory: `hotel orders` says that it cannot be
    /// decoded and could not be moved aside, naming the file and the data directory, and leaves
    /// it as it is (SPEC 7). Before: "9.json was skipped, it could not be read: …/.lock: …",
    /// as if the file had not been read.
    @Test(.enabled(if: ReadOnlyFolder.isPossible))
    func aCorruptOrderInAReadOnlyDataDirectoryIsToldAsNotMovedAside() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let data = hotel.dataDirectory.appendingPathComponent("data").path
      try FileManager.default.createDirectory(
        atPath: data + "/orders", withIntermediateDirectories: true)
      try Data("not json".utf8).write(to: URL(fileURLWithPath: data + "/orders/9.json"))
      let writable = try ReadOnlyFolder.make([data, data + "/orders"])
      defer { writable() }
      for (language, start, middle, end) in [
        (
          "en", "hotel: \(data)/orders/9.json cannot be decoded (",
          ") and could not be moved aside: the data directory \(data) cannot be used: ",
          "; it is left as is and skipped"
        ),
        (
          "ru", "hotel: \(data)/orders/9.json не удалось разобрать (",
          "), и переместить его не удалось: каталог данных \(data) нельзя использовать: ",
          "; файл оставлен как есть и пропущен"
        ),
      ] {
        let result = try await hotel.run(["orders", "--data-dir", data, "--lang", language])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderrLines.count == 1, "\(result)")
        let line = result.stderrLines.first ?? ""
        #expect(line.hasPrefix(start) && line.contains(middle) && line.hasSuffix(end), "\(line)")
        #expect(line.contains("\(data)/.lock"), "\(line)")
      }
      #expect(try String(contentsOfFile: data + "/orders/9.json", encoding: .utf8) == "not json")
    }
  }
}
