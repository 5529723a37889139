import Domain
import Foundation
import Testing
import UseCases

@testable import HotelCLI

/// The CLI's own messages in both languages, the "did you mean" distance, `exit`, and the
/// `--record` header's command.
@MainActor @Suite struct CLIStringsTests {
  static let russian = CLIStrings(language: .ru)

  @Test(arguments: [
    ("tpa", "tap", 1), ("ab", "ba", 1), ("tap", "tap", 0), ("kitten", "sitting", 3),
    ("", "tap", 3), ("expcet", "expect", 1),
  ])
  func adjacentSwapsCountAsOneEdit(left: String, right: String, distance: Int) {
    #expect(EditDistance.between(left, right) == distance)
  }

  @Test func aStepThatFailedWithoutAMessageIsSaidInTheLanguage() {
    #expect(CLIStrings(language: .en).stepFailed(at: "a.hotel:3") == "a.hotel:3: failed")
    #expect(Self.russian.stepFailed(at: "a.hotel:3") == "a.hotel:3: шаг не выполнен")
  }

  @Test func parseErrorsFollowTheLanguage() throws {
    #expect(throws: ScriptError.self) {
      try ScriptParser.parse(line: "tpa x", number: 1, strings: Self.russian)
    }
    do {
      _ = try ScriptParser.parse(line: "tpa x", number: 1, strings: Self.russian)
    } catch {
      #expect(error.problem == "неизвестная команда 'tpa'; возможно, имелось в виду 'tap'?")
    }
    do {
      _ = try ScriptParser.parse(line: "type \"open", number: 1, strings: Self.russian)
    } catch {
      #expect(error.problem == "незакрытая кавычка: добавьте закрывающую \"")
    }
    #expect(try ScriptParser.parse(line: "exit", number: 1) == .quit)
  }

  @Test func usageErrorsFollowLangWhereverItIsOnTheLine() {
    let parser = ArgumentParser(environment: ["HOME": "/home/me"])
    #expect(throws: UsageError.self) { try parser.parse(["--colr", "never", "--lang", "ru"]) }
    do {
      _ = try parser.parse(["--colr", "never", "--lang", "ru"])
    } catch {
      #expect(
        error.line
          == "hotel: неизвестный параметр '--colr'; возможно, имелось в виду '--color'?"
          + " (см. 'hotel --help')")
    }
    do {
      _ = try parser.parse(["serve", "--port", "99999", "--lang=de"])
    } catch {
      // Both problems are named (SPEC 5), in English: `--lang de` is not a language.
      #expect(
        error.line
          == "hotel: --port: 99999 is outside 0...65535; also: --lang: 'de' is not a supported"
          + " language (en, ru) (see 'hotel --help')")
    }
    #expect(CLIStrings.requested(in: ["replay", "--", "--lang", "ru"]) == .english)
  }

  @Test func sessionMessagesInRussian() {
    #expect(
      Self.russian.ordersNotSaved([104_893], reason: "нет места")
        == "заказ 104893 принят сервером, но не сохранён здесь (нет места); он есть только на сервере"
    )
    #expect(
      CLIStrings.english.ordersNotSaved([1, 2], reason: "disk full")
        == "orders 1, 2 were accepted by the server but could not be saved here (disk full);"
        + " they exist only on the server")
    #expect(
      Self.russian.lineTooLong(2, limit: 65_536)
        == "строка 2 длиннее 65536 байт; она пропускается до её конца")
  }

  @Test func storeErrorsFollowTheLanguage() {
    #expect(
      StoreErrorText.describe(
        .directoryUnavailable(
          path: "/d",
          reason: .systemCall(operation: "mkdir", path: "/d/orders", cause: .readOnlyFileSystem)),
        strings: Self.russian)
        == "каталог данных /d нельзя использовать: mkdir /d/orders: файловая система только для"
        + " чтения")
    #expect(
      StoreErrorText.describe(
        .directoryUnavailable(path: "~/.local/share/hotel", reason: .noHomeDirectory),
        strings: Self.russian)
        == "каталог данных ~/.local/share/hotel нельзя использовать: нет домашнего каталога;"
        + " укажите --data-dir или задайте HOTEL_DATA_DIR")
    #expect(
      StoreErrorText.describe(
        .io(operation: "open", path: "/d/o", cause: .tooManyOpenFiles), strings: Self.russian)
        == "open не удался для /d/o (открыто слишком много файлов); закройте другие программы или"
        + " увеличьте лимит открытых файлов (ulimit -n)")
  }

  /// A file cause has words in both languages (a `session.lock` that is a folder, or a symbolic
  /// link loop), not the C library's English in a Russian line.
  @Test(arguments: [
    (IOCause.isADirectory, "это папка, а не файл", "it is a folder, not a file"),
    (.symbolicLinkLoop, "символические ссылки образуют петлю", "the symbolic links form a loop"),
    (.nameTooLong, "слишком длинное имя файла", "the file name is too long"),
  ])
  func fileCausesHaveWordsInBothLanguages(cause: IOCause, russian: String, english: String) {
    let error = StoreError.io(operation: "open", path: "/d/session.lock", cause: cause)
    #expect(
      StoreErrorText.describe(error, strings: Self.russian)
        == "open не удался для /d/session.lock (\(russian))")
    #expect(
      StoreErrorText.describe(error, strings: .english)
        == "open failed for /d/session.lock (\(english))")
  }

  @Test func theRecordHeaderKeepsWhatAReplayNeedsAsGivenAndStartsFresh() {
    let command = ScriptRecorder.replayCommand(
      path: "my journeys/a.hotel",
      arguments: [
        "run", "--record", "my journeys/a.hotel", "--lang=ru", "--data-dir", "/tmp/x y",
        "--today", "2026-06-01", "--json", "--fresh", "--color", "never", "--api",
        "http://127.0.0.1:8080", "--timeout", "5",
      ])
    #expect(
      command
        == "hotel replay 'my journeys/a.hotel' --lang=ru --today 2026-06-01"
        + " --api http://127.0.0.1:8080 --timeout 5 --fresh")
    #expect(
      ScriptRecorder.replayCommand(path: "it's.hotel", arguments: ["--record", "it's.hotel"])
        == "hotel replay 'it'\\''s.hotel' --fresh")
    #expect(ScriptRecorder.shellQuoted("it's") == "'it'\\''s'")
    // A password in the API's URL is not written into a script people share: the user stays,
    // the password is starred (the replay asks for it back).
    #expect(
      ScriptRecorder.replayCommand(
        path: "a.hotel", arguments: ["--api", "https://qa:s3cr%40t@api.example.com:8443/v1?k=1"])
        == "hotel replay a.hotel --api 'https://qa:***@api.example.com:8443/v1?k=1' --fresh")
    #expect(
      ScriptRecorder.replayCommand(
        path: "a.hotel", arguments: ["--api=http://u:p@127.0.0.1:1/x@y", "--lang", "en"])
        == "hotel replay a.hotel '--api=http://u:***@127.0.0.1:1/x@y' --lang en --fresh")
    #expect(
      ScriptRecorder.replayCommand(path: "a.hotel", arguments: ["--api", "http://u@127.0.0.1:1"])
        == "hotel replay a.hotel --api http://u@127.0.0.1:1 --fresh")
    #expect(ScriptRecorder.quoted("a\"b\\c") == "\"a\\\"b\\\\c\"")
  }

  @Test func theRebuildingLinesReplayAsTheyAreWritten() throws {
    let line = "type booking.tourist.2.firstName " + ScriptRecorder.quoted("Анна \"Мария\" \\ 2")
    #expect(
      try ScriptParser.parse(line: line, number: 1)
        == .type("booking.tourist.2.firstName", "Анна \"Мария\" \\ 2"))
  }

  @Test func endOfInputAtThePromptEndsTheLineAndTheHintIsNotSaidTwice() async {
    let flow = FakeFlow()
    let recorder = ConsoleRecorder()
    let runner = ScriptRunner(
      driver: flow, renderer: ScreenRenderer(color: false), console: recorder.console,
      configuration: .init(sourceName: "<input>", showsEveryScreen: true))
    let session = InteractiveSession(
      runner: runner, driver: flow, console: recorder.console, recorder: nil, showsPrompt: true)
    _ = await session.run(["foo"].async)
    #expect(recorder.stdout.hasSuffix("> \n"), "Ctrl-D leaves the shell on a new line")
    #expect(
      recorder.stderrLines == [
        "hotel: unknown command 'foo' (commands: tap, type, next, back, expect, show, help, quit, exit)"
      ])
  }

  @Test func theRussianPromptHintAndHelp() async {
    let flow = FakeFlow()
    let recorder = ConsoleRecorder()
    let runner = ScriptRunner(
      driver: flow, renderer: ScreenRenderer(color: false), console: recorder.console,
      configuration: .init(sourceName: "<input>", showsEveryScreen: true, strings: Self.russian))
    let session = InteractiveSession(
      runner: runner, driver: flow, console: recorder.console, recorder: nil, showsPrompt: true,
      strings: Self.russian)
    _ = await session.run(["help", "tap hotel.nowhere", "quit"].async)
    #expect(recorder.stdout.contains(Self.russian.promptHint))
    #expect(recorder.stdout.contains("Команды: tap ID"))
    #expect(!recorder.stdout.hasSuffix("> \n"), "quit ends without an extra line")
    #expect(recorder.stderr.contains("на экране hotel нет 'hotel.nowhere'"))
  }
}
