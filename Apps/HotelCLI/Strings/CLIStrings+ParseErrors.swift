import Domain

/// The script language's parse errors, in English or Russian (`--lang`): unknown commands and
/// words, missing and unexpected arguments, quotes.
extension CLIStrings {
  private var ru: Bool { language == .ru }

  /// The suggestion after an unknown word: `; did you mean 'x'?`.
  func didYouMean(_ candidate: String) -> String {
    ru ? "; возможно, имелось в виду '\(candidate)'?" : "; did you mean '\(candidate)'?"
  }

  /// An unknown command, with the hint or the list of commands; `note` (``nonASCII(_:)``)
  /// names a look-alike character in it.
  func unknownCommand(
    _ name: String, hint: String, commands: [String], note: String? = nil
  ) -> String {
    let list = commands.joined(separator: ", ")
    return (ru ? "неизвестная команда '\(name)'" : "unknown command '\(name)'")
      + (note.map { " (\($0))" } ?? "")
      + (hint.isEmpty ? (ru ? " (команды: \(list))" : " (commands: \(list))") : hint)
  }

  /// What makes a word that reads like a good one wrong: its first character that is not
  /// ASCII (a Cyrillic `а` for a Latin `a`, a zero-width space), by its code point, and as
  /// itself when it is visible: `it holds U+0430 'а', which is not ASCII`.
  func nonASCII(_ scalar: Unicode.Scalar) -> String {
    // U+FFFD stands for bytes that were not UTF-8 (a line read in the line mode): named so.
    if scalar == "\u{FFFD}" {
      return ru
        ? "байты не в UTF-8, показаны как \u{FFFD}"
        : "it holds bytes that are not UTF-8, shown as \u{FFFD}"
    }
    var code = String(scalar.value, radix: 16, uppercase: true)
    if code.count < 4 { code = String(repeating: "0", count: 4 - code.count) + code }
    let shown: String? =
      switch scalar.properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation, .dashPunctuation,
        .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
        .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
        String(Character(scalar))
      default: nil
      }
    let named = "U+\(code)" + (shown.map { " '\($0)'" } ?? "")
    return ru ? "символ \(named) — не ASCII" : "it holds \(named), which is not ASCII"
  }

  /// `type` without arguments.
  var typeNeedsIDAndText: String {
    ru ? "type требует ID и текст: type ID ТЕКСТ" : "type needs an ID and text: type ID TEXT"
  }

  /// `type ID` without text.
  var typeNeedsText: String {
    ru
      ? "type требует текст после ID (\"\" очищает поле)"
      : "type needs the text after the ID (\"\" clears the field)"
  }

  /// `expect` alone.
  func expectNeedsWhat(_ kinds: [String]) -> String {
    let list = kinds.joined(separator: ", ")
    return ru ? "expect требует, что проверить: \(list)" : "expect needs what to check: \(list)"
  }

  /// An unknown screen name; `note` (``nonASCII(_:)``) names a look-alike character in it.
  func unknownScreen(
    _ name: String, hint: String, screens: [String], note: String? = nil
  ) -> String {
    let list = screens.joined(separator: ", ")
    return (ru ? "неизвестный экран '\(name)'" : "unknown screen '\(name)'")
      + (note.map { " (\($0))" } ?? "")
      + (hint.isEmpty ? (ru ? " (экраны: \(list))" : " (screens: \(list))") : hint)
  }

  /// `expect value ID` without text.
  var expectValueNeedsText: String {
    ru
      ? "expect value требует ID и текст: expect value ID ТЕКСТ"
      : "expect value needs an ID and the text: expect value ID TEXT"
  }

  /// `expect text` without text.
  var expectTextNeedsText: String {
    ru
      ? "expect text требует текст: expect text ТЕКСТ"
      : "expect text needs the text: expect text TEXT"
  }

  /// `expect text ""`.
  var expectTextEmpty: String { ru ? "expect text: текст пуст" : "expect text: the text is empty" }

  /// An unknown `expect` kind; `note` (``nonASCII(_:)``) names a look-alike character in it.
  func unknownExpectation(
    _ kind: String, hint: String, kinds: [String], note: String? = nil
  ) -> String {
    (ru ? "неизвестная проверка 'expect \(kind)'" : "unknown expectation 'expect \(kind)'")
      + (note.map { " (\($0))" } ?? "")
      + (hint.isEmpty ? " (\(kinds.joined(separator: ", ")))" : hint)
  }

  /// Too few arguments.
  func missingArgument(_ usage: String) -> String {
    ru ? "не хватает аргумента: \(usage)" : "missing argument: \(usage)"
  }

  /// Too many arguments.
  func unexpectedArgument(_ argument: String, _ usage: String) -> String {
    ru ? "лишний аргумент '\(argument)': \(usage)" : "unexpected argument '\(argument)': \(usage)"
  }

  /// A word that cannot be an element ID; `note` (``nonASCII(_:)``) names a look-alike
  /// character in it.
  func notAnElementID(_ word: String, note: String? = nil) -> String {
    let note = note.map { "\($0); " } ?? ""
    return ru
      ? "'\(word)' — не ID элемента (\(note)ID выглядят как booking.buyer.phone)"
      : "'\(word)' is not an element ID (\(note)IDs look like booking.buyer.phone)"
  }

  /// A backslash at the end of a quoted line.
  var quoteEndsWithBackslash: String {
    ru ? "незакрытая кавычка (строка кончается на \\)" : "unterminated quote (a \\ ends the line)"
  }

  /// An escape other than `\"` and `\\`.
  func unknownEscape(_ character: String) -> String {
    ru
      ? "неизвестная последовательность '\\\(character)' в кавычках (можно только \\\", \\\\ и \\n)"
      : "unknown escape '\\\(character)' in quotes (only \\\", \\\\ and \\n)"
  }

  /// A quote left open.
  var unterminatedQuote: String {
    ru ? "незакрытая кавычка: добавьте закрывающую \"" : "unterminated quote: add the closing \""
  }
}
