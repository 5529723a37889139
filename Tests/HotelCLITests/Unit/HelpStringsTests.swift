import Domain
import FixtureAPI
import Foundation
import Testing

@testable import HotelCLI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `hotel --help`, each command's help, `hotel serve`'s messages and `hotel test`'s path and
/// report messages follow `--lang` (SPEC section 5: every help text and message).
@Suite struct HelpStringsTests {
  static let english = CLIStrings.english
  static let russian = CLIStrings(language: .ru)
  static let commands = ["run", "replay", "test", "serve", "orders"]

  @Test func everyOptionHasARussianSummary() {
    for spec in OptionSpec.all {
      #expect(CLIStrings.russianOptionSummaries[spec.name] != nil, "\(spec.name)")
      #expect(Self.russian.optionSummary(spec) != spec.summary, "\(spec.name)")
      #expect(Self.english.optionSummary(spec) == spec.summary)
    }
    #expect(Set(CLIStrings.russianOptionSummaries.keys) == Set(OptionSpec.all.map(\.name)))
    for spec in OptionSpec.all {
      for (command, summary) in spec.commandSummaries {
        #expect(spec.commands.contains(command), "\(spec.name) for \(command)")
        #expect(CLIStrings.russianCommandOptionSummaries[spec.name]?[command] != nil)
        #expect(Self.russian.optionSummary(spec, for: command) != summary)
        #expect(Self.english.optionSummary(spec, for: command) == summary)
      }
    }
  }

  /// `hotel serve --help` says `--lang` is the language of its messages: serve's content follows
  /// each request's `Accept-Language`.
  @Test func serveHelpSaysLangIsTheLanguageOfItsMessages() throws {
    let cases = [
      (Self.english, "the language of the screens", "the language of its messages (default en)"),
      (Self.russian, "язык экранов", "язык сообщений (по умолчанию en)"),
    ]
    for (strings, general, serve) in cases {
      let help = try #require(HelpText.command("serve", strings))
      let lang = try #require(help.split(separator: "\n").first { $0.contains("--lang en|ru") })
      #expect(lang.contains(serve) && lang.contains("Accept-Language"), "\(lang)")
      #expect(!help.contains(general), "\(help)")
      #expect(try #require(HelpText.command("run", strings)).contains(general))
    }
  }

  @Test func theToolsHelpIsInTheAskedLanguageAndListsEveryOption() {
    let english = HelpText.tool(Self.english)
    let russian = HelpText.tool(Self.russian)
    #expect(english.hasPrefix("hotel: walk through the hotel-booking flow"))
    #expect(russian.hasPrefix("hotel: бронирование отеля по шагам"))
    #expect(russian.contains("Параметры:\n  --api URL"))
    #expect(russian.contains("Коды выхода: 0 успех"))
    #expect(!russian.contains("Usage:") && !russian.contains("Exit codes"))
    for spec in OptionSpec.all {
      #expect(russian.contains(spec.name))
      #expect(russian.contains(Self.russian.optionSummary(spec)))
    }
  }

  @Test(arguments: commands)
  func eachCommandsHelpIsInTheAskedLanguage(command: String) throws {
    let english = try #require(HelpText.command(command, Self.english))
    let russian = try #require(HelpText.command(command, Self.russian))
    #expect(english.hasPrefix("Usage: hotel"))
    #expect(russian.hasPrefix("Использование: hotel"))
    #expect(russian.hasSuffix("показать эту справку"))
    for spec in OptionSpec.all where spec.commands.contains(command) {
      #expect(russian.contains("  " + spec.name), "\(command) \(spec.name)")
    }
    #expect(HelpText.command("nope", Self.russian) == nil)
  }

  @Test func helpFollowsLangWhereverItIsOnTheLine() throws {
    let parser = ArgumentParser(environment: ["HOME": "/home/me"])
    #expect(try parser.parse(["--help", "--lang", "ru"]) == .help(HelpText.tool(Self.russian)))
    #expect(
      try parser.parse(["test", "--lang=ru", "-h"])
        == .help(try #require(HelpText.command("test", Self.russian))))
    #expect(
      try parser.parse(["help", "serve", "--lang", "ru"])
        == .help(try #require(HelpText.command("serve", Self.russian))))
    #expect(try parser.parse(["help"]) == .help(HelpText.tool(Self.english)))
  }

  @Test func serveMessagesFollowTheLanguage() {
    #expect(
      Self.russian.serving("http://127.0.0.1:8080")
        == "тестовый API работает по адресу http://127.0.0.1:8080; Ctrl-C останавливает его")
    #expect(Self.russian.stopped("SIGINT") == "остановлен (SIGINT)")
    #expect(
      ServeCommand.describe(.alreadyStarted, port: 1, strings: Self.russian)
        == "тестовый API уже запущен")
    #expect(
      ServeCommand.describe(
        .socket(operation: "bind", code: Platform.SystemError.addressInUse), port: 80,
        strings: Self.russian)
        == "нельзя слушать 127.0.0.1:80: порт занят (попробуйте --port 0)")
  }

  @Test func aMissingFormFileIsToldInRussian() throws {
    guard
      case .failure(let problem) = FormFile.load("/nonexistent/form.json", strings: Self.russian)
    else {
      Issue.record("a missing file was loaded")
      return
    }
    #expect(
      problem.message
        == "--form: нельзя прочитать /nonexistent/form.json: нет такого файла; чтобы начать с "
        + "формы тестового API, сохраните её, пока работает hotel serve: "
        + "curl http://127.0.0.1:8080/booking/form > /nonexistent/form.json")
  }

  /// What the missing file's message says to do works: the form a running `hotel serve` gives
  /// at `/booking/form` is a file `--form` serves without a warning.
  @Test func theFixturesFormSavedFromServeIsAFormFileToStartFrom() async throws {
    let server = FixtureServer()
    let url = try server.start()
    let (data, _) = try await URLSession.shared.data(
      from: url.appendingPathComponent("booking/form"))
    await server.stop()
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("my-form-\(UUID().uuidString).json")
    try data.write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let form = try FormFile.load(file.path).get()
    #expect(form.warning == nil)
    #expect(form.body == Array(data))
  }

  /// The `curl` line of a missing form file names the port `hotel serve` was given (8080 for
  /// `--port 0`, which picks one at start).
  @Test func aMissingFormFilesCurlLineNamesTheGivenPort() throws {
    for (port, shown) in [(9090, 9090), (0, 8080)] {
      guard case .failure(let problem) = FormFile.load("/nonexistent/f.json", port: port) else {
        Issue.record("a missing file was loaded")
        return
      }
      #expect(
        problem.message.hasSuffix(
          "curl http://127.0.0.1:\(shown)/booking/form > /nonexistent/f.json"))
    }
  }

  /// The `curl` line of a missing form file saves to the path as a shell reads it.
  @Test func aMissingFormFileWithASpaceIsQuotedInTheCurlLine() throws {
    guard case .failure(let problem) = FormFile.load("/nonexistent/my form.json") else {
      Issue.record("a missing file was loaded")
      return
    }
    #expect(
      problem.message
        == "--form: cannot read /nonexistent/my form.json: no such file; to start from the "
        + "fixture's form, save it while hotel serve runs: "
        + "curl http://127.0.0.1:8080/booking/form > '/nonexistent/my form.json'")
  }

  /// A folder given as the form file is named a folder, not "it cannot be read".
  @Test func aFolderGivenAsTheFormFileIsNamedAFolder() throws {
    let folder = FileManager.default.temporaryDirectory.path
    for (strings, reason) in [
      (CLIStrings.english, "it is a directory"), (Self.russian, "это каталог"),
    ] {
      guard case .failure(let problem) = FormFile.load(folder, strings: strings) else {
        Issue.record("a folder was loaded as a form")
        return
      }
      #expect(problem.message.hasSuffix(" \(folder): \(reason)"), "\(problem.message)")
    }
  }

  @Test func journeyPathsAreToldInRussian() throws {
    #expect(
      throws: JourneyFinder.Failure(message: "test: нет такого файла или папки '/nonexistent/j'")
    ) {
      try JourneyFinder.files(["/nonexistent/j"], strings: Self.russian)
    }
    let empty = FileManager.default.temporaryDirectory
      .appendingPathComponent("journeys-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: empty) }
    #expect(
      throws: JourneyFinder.Failure(message: "test: в '\(empty)' нет сценариев (файлов *.hotel)")
    ) {
      try JourneyFinder.files([empty], strings: Self.russian)
    }
  }

  @Test func aReportThatCannotBeWrittenIsToldInRussian() {
    let report = JUnitReport(
      results: [], duration: .zero, tags: [], strings: SuiteStrings(language: .ru))
    do {
      try report.write(to: "/nonexistent/folder/report.xml", messages: Self.russian)
      Issue.record("written")
    } catch {
      #expect(
        error.message.hasPrefix("--junit: нельзя записать '/nonexistent/folder/report.xml': "))
      #expect(!error.message.contains("cannot"), "\(error.message)")
    }
  }
}
