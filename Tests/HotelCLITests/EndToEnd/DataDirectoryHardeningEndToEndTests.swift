import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// A data directory that cannot be one, told as what is wrong with it, in one wording: the
  /// `Localizer`'s (every host's), naming the data directory, then the exact path and what is
  /// wrong with it; then the app's own hint, how to give another one (``hint``).
  @Suite struct DataDirectoryHardeningEndToEndTests {
    /// What the app adds to a refusal of the data directory at the start, in each language, after
    /// "; ": what to do, where the `Localizer`'s words say what is wrong.
    static let hint = (
      en: "; pass another one with --data-dir or HOTEL_DATA_DIR",
      ru: "; укажите другой в --data-dir или HOTEL_DATA_DIR"
    )

    /// A file given as the data directory (or as a folder above it) is named as a file, in the
    /// `--lang` language and in the one wording every refusal of the data directory has.
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
          "hotel: the data directory \(file + below) cannot be used: \(file) is a file, not a"
            + " folder" + Self.hint.en
        ),
        (
          "ru",
          "hotel: каталог данных \(file + below) нельзя использовать: \(file) — это файл, а не"
            + " папка" + Self.hint.ru
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

    /// What can stand where the data directory's `orders/` folder goes, instead of a folder.
    enum InTheWay: String, CaseIterable, CustomTestStringConvertible {
      case file, linkToNothing, fifo, linkToAFile

      var testDescription: String { rawValue }

      /// Puts it at `data`/orders.
      func make(in data: String) throws {
        let orders = data + "/orders"
        switch self {
        case .file: try Data("x".utf8).write(to: URL(fileURLWithPath: orders))
        case .linkToNothing:
          try FileManager.default.createSymbolicLink(
            atPath: orders, withDestinationPath: data + "/gone")
        case .fifo:
          guard mkfifo(orders, 0o600) == 0 else { throw HarnessError("mkfifo \(orders)") }
        case .linkToAFile:
          try Data("x".utf8).write(to: URL(fileURLWithPath: data + "/notes"))
          try FileManager.default.createSymbolicLink(
            atPath: orders, withDestinationPath: data + "/notes")
        }
      }

      /// What is said about it, after the data directory's name, in English and in Russian.
      func problem(in data: String) -> (en: String, ru: String) {
        let orders = data + "/orders"
        return switch self {
        case .file: ("\(orders) is a file, not a folder", "\(orders) — это файл, а не папка")
        case .linkToNothing:
          (
            "\(orders) is a symbolic link to \(data)/gone, where nothing is (a disk not mounted?)",
            "\(orders) — символическая ссылка на \(data)/gone, а там ничего нет (диск не"
              + " подключён?)"
          )
        case .fifo:
          (
            "\(orders) is a FIFO (a named pipe), not a folder",
            "\(orders) — это FIFO (именованный канал), а не папка"
          )
        case .linkToAFile:
          (
            "\(orders) is a symbolic link to \(data)/notes, which is a file, not a folder",
            "\(orders) — символическая ссылка на \(data)/notes, а там файл, а не папка"
          )
        }
      }
    }

    /// A data directory whose `orders` is not a folder cannot keep an order: told at the start, as
    /// a data directory that cannot be used (exit 4), before anything is paid, in the one wording
    /// every refusal of the data directory has, naming what stands there (a file, a FIFO, a link).
    @Test(arguments: InTheWay.allCases)
    func anOrdersFolderThatIsNotAFolderIsToldBeforeAnythingIsPaid(
      _ inTheWay: InTheWay
    )
      async throws
    {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let data = hotel.dataDirectory.appendingPathComponent("data").path
      try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
      try inTheWay.make(in: data)
      let problem = inTheWay.problem(in: data)
      let wrong = try await runsNotToldAtStart(
        hotel, data,
        [
          ("en", "hotel: the data directory \(data) cannot be used: \(problem.en)" + Self.hint.en),
          ("ru", "hotel: каталог данных \(data) нельзя использовать: \(problem.ru)" + Self.hint.ru),
        ])
      #expect(wrong.isEmpty, "\(wrong)")
    }

    /// An `orders` folder (or a data directory) in which nothing can be written keeps no order
    /// either: told at the start, in the same wording, before the journey runs.
    @Test(.enabled(if: ReadOnlyFolder.isPossible), arguments: ["/orders", ""])
    func aFolderThatCannotBeWrittenIsToldBeforeAnythingIsPaid(_ folder: String) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let data = hotel.dataDirectory.appendingPathComponent("data").path
      try FileManager.default.createDirectory(
        atPath: data + "/orders", withIntermediateDirectories: true)
      let writable = try ReadOnlyFolder.make([data + folder])
      defer { writable() }
      let wrong = try await runsNotToldAtStart(
        hotel, data,
        [
          (
            "en",
            "hotel: the data directory \(data) cannot be used: nothing can be written in"
              + " \(data + folder) (permission denied)" + Self.hint.en
          ),
          (
            "ru",
            "hotel: каталог данных \(data) нельзя использовать: в \(data + folder) ничего нельзя"
              + " записать (нет доступа)" + Self.hint.ru
          ),
        ])
      #expect(wrong.isEmpty, "\(wrong)")
    }

    /// A corrupt order in a read-only data directory: `hotel orders` says that it cannot be decoded
    /// and could not be moved aside, naming the file and the data directory, and leaves it as it is
    /// (SPEC 7).
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
        // Listing what is there, another directory would not help: no hint.
        #expect(!line.contains("--data-dir"), "\(line)")
      }
      #expect(try String(contentsOfFile: data + "/orders/9.json", encoding: .utf8) == "not json")
    }
  }
}
