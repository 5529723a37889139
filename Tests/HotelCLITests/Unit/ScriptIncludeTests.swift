import Domain
import Foundation
import Presentation
import TestSupport
import Testing

@testable import HotelCLI

/// `include`, `tags` and `${NAME}` in script files, and every bad line reported at once.
@Suite struct ScriptIncludeTests {
  /// A folder of script files for one test, removed at the end.
  final class Folder: Sendable {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("include-\(UUID().uuidString)", isDirectory: true)

    init(_ files: [String: String]) throws {
      for (name, text) in files {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
      }
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func load(
      _ name: String, variables: ScriptVariables = ScriptVariables()
    ) throws(ScriptLoader.Failure) -> ScriptLoader.Script {
      try ScriptLoader.script(.file(path(name)), standardInput: .nullDevice, variables: variables)
    }

    func problems(_ name: String, variables: ScriptVariables = ScriptVariables()) -> [String] {
      do {
        _ = try load(name, variables: variables)
        return []
      } catch {
        let prefix = url.path + "/"
        return error.messages.map { $0.replacingOccurrences(of: prefix, with: "") }
      }
    }
  }

  @Test func anIncludedFileRunsInPlaceAndItsLinesNameIt() throws {
    let folder = try Folder([
      "journey.hotel": "expect screen hotel\ninclude steps/_open.hotel\nexpect screen booking\n",
      "steps/_open.hotel": "# shared steps\ntap hotel.chooseRoom\ninclude _room.hotel\n",
      "steps/_room.hotel": "tap rooms.room.2.choose\n",
    ])
    let lines = try folder.load("journey.hotel").lines
    #expect(
      lines.map(\.command) == [
        .expect(.screen(.hotel)), .tap("hotel.chooseRoom"), .tap("rooms.room.2.choose"),
        .expect(.screen(.booking)),
      ])
    #expect(lines.map(\.number) == [1, 2, 1, 3])
    #expect(
      lines.map(\.source) == [
        nil, folder.path("steps/_open.hotel"), folder.path("steps/_room.hotel"), nil,
      ])
  }

  @Test func aCycleIsAnErrorNamingTheChain() throws {
    let folder = try Folder([
      "a.hotel": "show\ninclude _b.hotel\n",
      "_b.hotel": "include _c.hotel\n",
      "_c.hotel": "show\ninclude ./_b.hotel\n",
    ])
    #expect(
      folder.problems("a.hotel") == [
        "_c.hotel:2: include ./_b.hotel: an include cycle: _b.hotel -> _c.hotel -> _b.hotel"
      ])
  }

  @Test func aFileIncludingItselfIsACycle() throws {
    let folder = try Folder(["a.hotel": "include a.hotel\n"])
    #expect(
      folder.problems("a.hotel") == [
        "a.hotel:1: include a.hotel: an include cycle: a.hotel -> a.hotel"
      ])
  }

  @Test func aMissingIncludeIsNamedAtItsLine() throws {
    let folder = try Folder(["a.hotel": "show\ninclude _gone.hotel\n"])
    #expect(
      folder.problems("a.hotel") == [
        "a.hotel:2: include _gone.hotel: cannot read the script '_gone.hotel': no such file"
      ])
  }

  @Test func anIncludedFIFOIsRefusedUnread() throws {
    let folder = try Folder(["a.hotel": "include _pipe.hotel\n"])
    #expect(mkfifo(folder.path("_pipe.hotel"), 0o600) == 0)
    // Before: the replay blocked for ever waiting for a writer.
    #expect(
      folder.problems("a.hotel") == [
        "a.hotel:1: include _pipe.hotel: cannot read the script '_pipe.hotel': it is not a regular file (a FIFO or a device)"
      ])
  }

  @Test func everyBadLineOfEveryFileIsReported() throws {
    let folder = try Folder([
      "a.hotel": "tapp x\nshow\ninclude _b.hotel\nexpect screen nowhere\n",
      "_b.hotel": "back now\nnext\n",
    ])
    #expect(
      folder.problems("a.hotel") == [
        "a.hotel:1: unknown command 'tapp'; did you mean 'tap'?",
        "a.hotel:4: unknown screen 'nowhere' (screens: hotel, rooms, booking, paid)",
        "a.hotel:3: include _b.hotel: not a script (line 1 does not parse)",
      ])
  }

  @Test func aFileIncludedTwiceWithABadLineIsToldOnce() throws {
    let folder = try Folder([
      "a.hotel": "include _b.hotel\ninclude _b.hotel\n", "_b.hotel": "bogus\n",
    ])
    #expect(folder.problems("a.hotel").count == 1)
  }

  @Test func tagsAreTheJourneysOwn() throws {
    let folder = try Folder([
      "a.hotel": "tags smoke checkout\ninclude _b.hotel\ntags nightly smoke\nshow\n",
      "_b.hotel": "tags not-mine\nshow\n",
    ])
    let script = try folder.load("a.hotel")
    #expect(script.tags == ["smoke", "checkout", "nightly"])
    #expect(script.lines.count == 2)
  }

  @Test func variablesComeFromTheOptionThenTheEnvironment() throws {
    let folder = try Folder([
      "a.hotel":
        "type booking.buyer.email ${EMAIL}\ntype booking.buyer.phone \"+${CODE} ${PHONE}\"\n"
        + "include ${DIR}/_b.hotel\n",
      "steps/_b.hotel": "expect text ${EMAIL}\n",
    ])
    let variables = ScriptVariables(
      values: ["EMAIL": "qa@example.com", "DIR": "steps"],
      environment: [
        "HOTEL_VAR_EMAIL": "env@example.com", "HOTEL_VAR_CODE": "7", "HOTEL_VAR_PHONE": "916 1",
      ])
    let lines = try folder.load("a.hotel", variables: variables).lines
    #expect(
      lines.map(\.command) == [
        .type("booking.buyer.email", "qa@example.com"), .type("booking.buyer.phone", "+7 916 1"),
        .expect(.text("qa@example.com")),
      ])
    // The line is kept as written, for messages.
    #expect(lines[0].text == "type booking.buyer.email ${EMAIL}")
  }

  @Test func anUndefinedVariableIsAParseErrorNamingIt() throws {
    let folder = try Folder(["a.hotel": "show\ntype booking.buyer.email ${EMAIL}\n"])
    #expect(
      folder.problems("a.hotel") == [
        "a.hotel:2: undefined variable 'EMAIL' (give --var EMAIL=VALUE or set HOTEL_VAR_EMAIL)"
      ])
  }

  /// Five files, each including the next ten times, the last one with only a bad line: no command
  /// is ever added, yet every line counts toward the 100 000 lines of a script, and the load ends
  /// at once, saying so.
  ///
  /// Seconds of work in a debug build: done off the cooperative pool (``offThePool(_:)``), so it
  /// does not hold one of its two threads from the async tests started beside it.
  @Test func includesThatAddNoCommandStillCountTowardTheLineLimit() async throws {
    var files: [String: String] = ["l5.hotel": "expect text \"x\n"]
    for level in 0..<5 {
      files["l\(level).hotel"] = String(
        repeating: "include l\(level + 1).hotel\n", count: 10)
    }
    let folder = try Folder(files)
    // CPU time, not the wall clock: on a loaded machine the wall clock took 20 s.
    let (problems, spent) = try await offThePool {
      ThreadCPUTime.measure { folder.problems("l0.hotel") }
    }
    #expect(spent < .seconds(10), "a debug build takes a few seconds at most")
    #expect(
      problems == [
        "l4.hotel:1: include l5.hotel: not a script (line 1 does not parse)",
        "l0.hotel: the script is longer than 100000 lines with its includes",
      ])
  }

  /// A short line of many `${BIG}`s: an argument is at most 64 KiB once expanded, and a longer one
  /// is a parse error naming its line, in the `--lang` language.
  @Test func anArgumentThatVariablesMakeLongerThan64KiBIsAParseError() throws {
    let folder = try Folder([
      "a.hotel": "expect text \"${BIG}${BIG}${BIG}\"\nexpect text ${FIT}\n"
    ])
    let variables = ScriptVariables(
      values: [
        "BIG": String(repeating: "a", count: 30_000), "FIT": String(repeating: "b", count: 65_536),
      ])
    #expect(
      folder.problems("a.hotel", variables: variables) == [
        "a.hotel:1: with its variables replaced, the argument is longer than 65536 bytes"
      ])
    #expect(
      throws: ScriptParser.LineProblem.self,
      performing: {
        try variables.substitute("${BIG}${BIG}${BIG}", strings: CLIStrings(language: .ru))
      })
    #expect(
      CLIStrings(language: .ru).expandedTooLong(limit: 65_536)
        == "с подставленными переменными аргумент длиннее 65536 байт")
  }

  @Test(arguments: [
    ("a$b", "a$b"), ("$${X}", "${X}"), ("${X}${X}", "11"), ("pre-${X}-post", "pre-1-post"),
    ("${Y}", "${X}"), ("$", "$"),
  ])
  func substitution(text: String, expected: String) throws {
    let variables = ScriptVariables(values: ["X": "1", "Y": "${X}"])
    #expect(try variables.substitute(text) == expected)
  }

  @Test(arguments: [
    ("${X", "unterminated variable '${X': add the closing }"),
    ("${}", "'${}' is not a variable name"),
    ("${1A}", "'${1A}' is not a variable name"),
    ("${A B}", "'${A B}' is not a variable name"),
  ])
  func badReferences(text: String, expected: String) {
    do {
      _ = try ScriptVariables(values: ["X": "1"]).substitute(text)
      Issue.record("no error for \(text)")
    } catch {
      #expect(error.problem.hasPrefix(expected), "\(error.problem)")
    }
  }

  /// A value holding a line break (a CI secret's trailing newline) is refused, naming the variable
  /// and the character, in both languages: no person can type it into a field, and `--record` could
  /// not write it on one line.
  ///
  /// Any other character, a tab or an escape included, is written into a line as it is.
  @Test(arguments: [("\n", "000A"), ("\r", "000D"), ("\u{2028}", "2028"), ("\u{85}", "0085")])
  func aValueWithALineBreakIsNamed(lineBreak: String, code: String) throws {
    for (language, expected) in [
      (
        Language.en,
        "the value of variable 'X' holds a line break (U+\(code)), which a script line cannot"
          + " hold; give the value on one line"
      ),
      (
        .ru,
        "значение переменной 'X' содержит перевод строки (U+\(code)), которого не может быть в"
          + " строке сценария; задайте значение одной строкой"
      ),
    ] {
      do {
        let value = try ScriptVariables(environment: ["HOTEL_VAR_X": "qa@example.com" + lineBreak])
          .substitute("${X}", strings: CLIStrings(language: language))
        Issue.record("no error: \(value.debugDescription)")
      } catch {
        #expect(error.problem == expected)
      }
    }
    #expect(try ScriptVariables(values: ["X": "a\tb\u{1B}"]).substitute("${X}") == "a\tb\u{1B}")
  }

  @Test(arguments: [
    ("include", "missing argument: include FILE"),
    ("include a b", "unexpected argument 'b': include FILE"),
    ("include \"\"", "include: the file name is empty"),
    ("tags", "missing argument: tags NAME..."),
    ("tags ok no!", "'no!' is not a tag"),
    // A Cyrillic `о` is a letter, but not one a tag may have: the message says which and why.
    (
      "tags sm\u{43E}ke",
      "'sm\u{43E}ke' is not a tag (it holds U+043E '\u{43E}', which is not ASCII; ASCII letters,"
        + " digits, _, - and . only, at most 64)"
    ),
    (
      "tags " + String(repeating: "a", count: 65),
      "'" + String(repeating: "a", count: 57) + "...' is not a tag (65 characters; ASCII letters,"
        + " digits, _, - and . only, at most 64)"
    ),
  ])
  func badDirectives(line: String, expected: String) {
    do {
      _ = try ScriptParser.entry(line: line, number: 4, variables: ScriptVariables())
      Issue.record("no error for \(line)")
    } catch {
      #expect(error.line == 4)
      #expect(error.problem.hasPrefix(expected), "\(error.problem)")
    }
  }

  @Test func directivesAreForScriptFilesOnly() throws {
    #expect(throws: ScriptError.self) { try ScriptParser.parse(line: "include a.hotel", number: 1) }
    #expect(throws: ScriptError.self) { try ScriptParser.parse(line: "tags smoke", number: 1) }
    // Without variables, ${NAME} is text; the prompts pass theirs, as a script file's are.
    #expect(try ScriptParser.parse(line: "type x ${A}", number: 1) == .type("x", "${A}"))
    let variables = ScriptVariables(values: ["A": "a b"])
    #expect(
      try ScriptParser.parse(line: "type x ${A}", number: 1, variables: variables)
        == .type("x", "a b"))
    #expect(
      throws: ScriptError(
        line: 3,
        problem: "undefined variable 'B' (give --var B=VALUE or set HOTEL_VAR_B)")
    ) {
      try ScriptParser.parse(line: "type x ${B}", number: 3, variables: variables)
    }
  }

  /// `include .` (or `sub/..`) names the folder it reached, never an empty path.
  @Test(arguments: [".", "steps/..", "./"])
  func anIncludeOfAFolderNamesIt(_ target: String) throws {
    let folder = try Folder(["journey.hotel": "include \(target)\n", "steps/_x.hotel": "show\n"])
    #expect(
      folder.problems("journey.hotel") == [
        "journey.hotel:1: include \(target): cannot read the script '\(folder.url.path)': it is a directory"
      ])
  }
}
