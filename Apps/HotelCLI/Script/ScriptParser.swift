import Presentation

/// Parses the script language (SPEC section 5, Docs/ScriptLanguage.md).
///
/// A line is a command and its arguments separated by spaces or tabs. `"..."` keeps spaces,
/// with `\"`, `\\` and `\n` (a line break) as the only escapes; `""` is the empty text. An unquoted `#` at the start
/// of a word starts a comment that runs to the end of the line. Blank lines and comment lines
/// are skipped.
enum ScriptParser {
  /// Parses a whole script; the first bad line throws (every line is checked before any runs).
  ///
  /// `include` and `tags` are refused here: ``ScriptLoader`` handles them.
  static func parse(
    script text: String, strings: CLIStrings = .english
  ) throws(ScriptError) -> [ScriptLine] {
    var lines: [ScriptLine] = []
    for (number, line) in self.lines(of: text) {
      if let command = try parse(line: line, number: number, strings: strings) {
        lines.append(ScriptLine(number: number, text: line, command: command))
      }
    }
    return lines
  }

  /// The lines of a script with their numbers (from 1): `\n` or `\r\n` ends a line, and a
  /// byte order mark at the start is dropped.
  static func lines(of text: String) -> [(number: Int, text: String)] {
    var lines: [(number: Int, text: String)] = []
    var number = 0
    let rawLines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    for rawLine in rawLines {
      number += 1
      var line = String(rawLine)
      if line.hasSuffix("\r") { line.removeLast() }
      if number == 1, line.hasPrefix("\u{FEFF}") { line.removeFirst() }
      lines.append((number, line))
    }
    return lines
  }

  /// Parses one line (typed at the line mode's or the full-screen app's prompt); `nil` for a blank
  /// or comment line.
  ///
  /// `include` and `tags` are refused (they belong to script files, which
  /// ``entry(line:number:variables:strings:)`` reads). With `variables`, every `${NAME}` is
  /// replaced as in a script file (an undefined one is an error naming it); without, it is taken as
  /// written.
  static func parse(
    line: String, number: Int, variables: ScriptVariables? = nil, strings: CLIStrings = .english
  ) throws(ScriptError) -> ScriptCommand? {
    switch try entry(line: line, number: number, variables: variables, strings: strings) {
    case nil: return nil
    case .command(let command): return command
    case .include, .tags:
      let name = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? ""
      throw ScriptError(line: number, problem: strings.onlyInAScriptFile(String(name)))
    }
  }

  /// Parses one line of a script file: a command, `include FILE` or `tags NAME...`; `nil` for a
  /// blank or comment line.
  ///
  /// With `variables`, every `${NAME}` in an argument is replaced by its value (an undefined one is
  /// an error naming it); without, arguments are taken as written.
  static func entry(
    line: String, number: Int, variables: ScriptVariables?, strings: CLIStrings = .english
  ) throws(ScriptError) -> ScriptEntry? {
    do throws(LineProblem) {
      var words = try tokenize(line, strings: strings)
      guard let first = words.first else { return nil }
      if let variables {
        for index in words.indices.dropFirst() {
          words[index].text = try variables.substitute(words[index].text, strings: strings)
        }
      }
      let arguments = Array(words.dropFirst())
      switch first.text {
      case "include":
        try arity("include FILE", arguments, 1, strings)
        guard !arguments[0].text.isEmpty else { throw LineProblem(strings.includeNameEmpty) }
        return .include(arguments[0].text)
      case "tags":
        guard !arguments.isEmpty else { throw LineProblem(strings.tagsNeedNames) }
        var tags: [String] = []
        for word in arguments {
          guard isValidTag(word.text) else {
            throw LineProblem(
              strings.notATag(
                "", ArgumentParser.shown(word.text), note: tagProblem(word.text, strings)))
          }
          tags.append(word.text)
        }
        return .tags(tags)
      default:
        return .command(try command(first, arguments, strings))
      }
    } catch {
      throw ScriptError(line: number, problem: error.problem)
    }
  }

  /// A tag as written in `tags` or `--tags`: letters, digits, `_`, `-` and `.`.
  ///
  /// What makes `text` not a tag when it reads like one: a character that is not ASCII (a
  /// look-alike letter), or more than 64 characters; `nil` otherwise (the rule itself says which
  /// characters a tag may have).
  static func tagProblem(_ text: String, _ strings: CLIStrings) -> String? {
    if let note = nonASCII(text, strings) { return note }
    return text.count > 64 ? strings.tagLength(text.count) : nil
  }

  static func isValidTag(_ text: String) -> Bool {
    !text.isEmpty && text.count <= 64
      && text.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
            || scalar == "-" || scalar == ".")
      }
  }

  /// The command names, for help and "did you mean".
  static let commandNames = [
    "tap", "type", "next", "back", "expect", "show", "help", "quit", "exit",
  ]

  /// The `expect` kinds.
  static let expectationNames = [
    "screen", "error", "valid", "value", "enabled", "disabled", "text",
  ]

  /// The screen names `expect screen` takes.
  static let screenNames = ScreenKind.allCases.map(\.rawValue)

  // MARK: - Commands

  private static let bareCommands: [String: ScriptCommand] = [
    "next": .next, "back": .back, "show": .show, "help": .help, "quit": .quit, "exit": .quit,
  ]

  private static let identifierExpectations: [String: @Sendable (String) -> Expectation] = [
    "error": Expectation.error, "valid": Expectation.valid, "enabled": Expectation.enabled,
    "disabled": Expectation.disabled,
  ]

  private static func command(
    _ name: Word, _ arguments: [Word], _ strings: CLIStrings
  ) throws(LineProblem)
    -> ScriptCommand
  {
    if let bare = bareCommands[name.text] {
      try arity(name.text, arguments, 0, strings)
      return bare
    }
    switch name.text {
    case "tap":
      try arity("tap ID", arguments, 1, strings)
      return .tap(try identifier(arguments[0], strings))
    case "type":
      guard arguments.count >= 2 else {
        if arguments.isEmpty { throw LineProblem(strings.typeNeedsIDAndText) }
        throw LineProblem(strings.typeNeedsText)
      }
      return .type(try identifier(arguments[0], strings), text(arguments, from: 1))
    case "expect":
      return .expect(try expectation(arguments, strings))
    default:
      let hint = ArgumentParser.suggestion(name.text, commandNames, strings: strings)
      throw LineProblem(
        strings.unknownCommand(
          ArgumentParser.shown(name.text), hint: hint, commands: commandNames,
          note: nonASCII(name.text, strings)))
    }
  }

  private static func expectation(
    _ arguments: [Word], _ strings: CLIStrings
  ) throws(LineProblem) -> Expectation {
    guard let kind = arguments.first else {
      throw LineProblem(strings.expectNeedsWhat(expectationNames))
    }
    let rest = Array(arguments.dropFirst())
    if let make = identifierExpectations[kind.text] {
      try arity("expect \(kind.text) ID", rest, 1, strings)
      return make(try identifier(rest[0], strings))
    }
    switch kind.text {
    case "screen":
      try arity("expect screen NAME", rest, 1, strings)
      guard let screen = ScreenKind(rawValue: rest[0].text) else {
        let names = ScreenKind.allCases.map(\.rawValue)
        let hint = ArgumentParser.suggestion(rest[0].text, names, strings: strings)
        throw LineProblem(
          strings.unknownScreen(
            ArgumentParser.shown(rest[0].text), hint: hint, screens: names,
            note: nonASCII(rest[0].text, strings)))
      }
      return .screen(screen)
    case "value":
      guard rest.count >= 2 else { throw LineProblem(strings.expectValueNeedsText) }
      return .value(try identifier(rest[0], strings), text(rest, from: 1))
    case "text":
      guard !rest.isEmpty else { throw LineProblem(strings.expectTextNeedsText) }
      let wanted = text(rest, from: 0)
      guard !wanted.isEmpty else { throw LineProblem(strings.expectTextEmpty) }
      return .text(wanted)
    default:
      let hint = ArgumentParser.suggestion(kind.text, expectationNames, strings: strings)
      throw LineProblem(
        strings.unknownExpectation(
          ArgumentParser.shown(kind.text), hint: hint, kinds: expectationNames,
          note: nonASCII(kind.text, strings)))
    }
  }

  // MARK: - Arguments

  private static func arity(
    _ usage: String, _ arguments: [Word], _ count: Int, _ strings: CLIStrings
  )
    throws(LineProblem)
  {
    if arguments.count < count { throw LineProblem(strings.missingArgument(usage)) }
    if arguments.count > count {
      throw LineProblem(
        strings.unexpectedArgument(ArgumentParser.shown(arguments[count].text), usage))
    }
  }

  private static func text(_ arguments: [Word], from index: Int) -> String {
    arguments[index...].map(\.text).joined(separator: " ")
  }

  private static func identifier(
    _ word: Word, _ strings: CLIStrings
  ) throws(LineProblem) -> String {
    let text = word.text
    let allowed = text.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "."
          || scalar == "_" || scalar == "-")
    }
    guard !text.isEmpty, allowed, !text.hasPrefix("."), !text.hasSuffix(".") else {
      throw LineProblem(
        strings.notAnElementID(ArgumentParser.shown(text), note: nonASCII(text, strings)))
    }
    return text
  }

  /// The words naming the first character of `word` that is not ASCII (a look-alike letter,
  /// an invisible space), `nil` when it is all ASCII: commands, kinds, screens and IDs are.
  private static func nonASCII(_ word: String, _ strings: CLIStrings) -> String? {
    word.unicodeScalars.first { !$0.isASCII }.map(strings.nonASCII)
  }

  // MARK: - Words

  /// A word of a line and whether any of it was quoted.
  struct Word: Equatable {
    var text: String
    var quoted: Bool
  }

  /// A problem within a line, before the line number is attached.
  struct LineProblem: Error {
    var problem: String
    init(_ problem: String) { self.problem = problem }
  }

  /// Splits a line into words: spaces and tabs separate, quotes group, `#` starts a comment.
  ///
  /// It reads Unicode scalars, not characters: a combining mark right after a quote or a space
  /// (`"\u{301}"`) would otherwise join it into one character and hide the quote.
  static func tokenize(
    _ line: String, strings: CLIStrings = .english
  ) throws(LineProblem) -> [Word] {
    var words: [Word] = []
    var current = String.UnicodeScalarView()
    var inWord = false
    var quoted = false
    var inQuotes = false
    var iterator = line.unicodeScalars.makeIterator()
    func finish() {
      if inWord { words.append(Word(text: String(current), quoted: quoted)) }
      current = String.UnicodeScalarView()
      inWord = false
      quoted = false
    }
    while let scalar = iterator.next() {
      if inQuotes {
        switch scalar {
        case "\"":
          inQuotes = false
        case "\\":
          guard let escaped = iterator.next() else {
            throw LineProblem(strings.quoteEndsWithBackslash)
          }
          switch escaped {
          case "\"", "\\": current.append(escaped)
          // A line break in a text of several lines (a `long_string` field).
          case "n": current.append("\n")
          default:
            throw LineProblem(strings.unknownEscape(ArgumentParser.shown(String(escaped))))
          }
        default:
          current.append(scalar)
        }
        continue
      }
      switch scalar {
      case " ", "\t":
        finish()
      case "\"":
        inQuotes = true
        inWord = true
        quoted = true
      case "#" where !inWord:
        finish()
        return words
      default:
        inWord = true
        current.append(scalar)
      }
    }
    if inQuotes { throw LineProblem(strings.unterminatedQuote) }
    finish()
    return words
  }
}
