/// Why a text is not JSON, and where: what a JSON reader met at ``location``.
///
/// It is data; each host words it in its own language (English is ``description``).
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong at the location.
  public enum Problem: Hashable, Sendable {
    /// Nothing but white space.
    case empty
    /// A character (`found`, one Unicode scalar) where none of its kind can be; `expected` says
    /// what can.
    case unexpectedCharacter(found: Unicode.Scalar, expected: Expectation)
    /// The text ends where `expected` was needed.
    case unexpectedEnd(expected: Expectation)
    /// A control character (a line break, a tab, NUL) inside a string, which JSON writes as
    /// an escape (`\n`, `\t`, `\u0000`).
    case controlCharacterInString(code: UInt8)
    /// A backslash not followed by one of JSON's escapes, or a `\u` not followed by four hex
    /// digits, or a lone surrogate.
    case invalidEscape
    /// Bytes that are not UTF-8.
    case invalidUTF8
    /// A number JSON does not read (`01`, `1.`, `-`, `1e`).
    case invalidNumber
    /// A word that is not `true`, `false` or `null` (`True`, `undefined`, `NaN`, text without
    /// quotes), at most 40 characters of it.
    case invalidWord(String)
    /// Arrays and objects nested deeper than `limit`.
    case tooDeep(limit: Int)
    /// More text after the document's value.
    case textAfterValue
  }

  /// What was expected where a problem was met.
  public enum Expectation: Hashable, Sendable {
    /// A value: an object, an array, a string, a number, `true`, `false` or `null`.
    case value
    /// A key: a string in double quotes (or `}` to close an empty object).
    case key
    /// `:` after a key.
    case colon
    /// `,` or `}` after a value in an object.
    case commaOrBrace
    /// `,` or `]` after a value in an array.
    case commaOrBracket
    /// The closing `"` of a string.
    case closingQuote
  }

  /// What is wrong.
  public var problem: Problem
  /// Where.
  public var location: JSONLocation

  /// Creates an error.
  public init(_ problem: Problem, at location: JSONLocation) {
    self.problem = problem
    self.location = location
  }

  /// The problem in plain English, without the location ("expected ',' or '}', found ']'").
  public var description: String {
    switch problem {
    case .empty: "the file holds no JSON value"
    case .unexpectedCharacter(let found, let expected):
      "expected \(Self.describe(expected)), found \(Self.shown(found))"
    case .unexpectedEnd(let expected): "expected \(Self.describe(expected)), found the end"
    case .controlCharacterInString(let code):
      "a control character (\(Self.hex(code))) in a string; write it as an escape (\\n, \\t, \\u0000)"
    case .invalidEscape:
      "an invalid escape in a string (JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"
    case .invalidUTF8: "bytes that are not UTF-8 text, which JSON must be"
    case .invalidNumber: "a number JSON does not read"
    case .invalidWord(let word):
      "'\(word)' is not a JSON value (true, false and null are lower case; text is in double quotes)"
    case .tooDeep(let limit): "arrays and objects nested more than \(limit) levels deep"
    case .textAfterValue: "more text after the JSON value"
    }
  }

  /// `U+0009`.
  public static func hex(_ code: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return "U+00" + String(digits[Int(code >> 4)]) + String(digits[Int(code & 0x0F)])
  }

  /// A character as a message quotes it: `']'`, or `U+0000` for a control character (which a
  /// terminal would act on or not show).
  public static func shown(_ scalar: Unicode.Scalar) -> String {
    scalar.value < 0x20 || scalar.value == 0x7F
      ? hex(UInt8(scalar.value)) : "'\(Character(scalar))'"
  }

  /// What was expected, in English: `a value`, `':'`.
  static func describe(_ expectation: Expectation) -> String {
    switch expectation {
    case .value: "a value"
    case .key: "a key in double quotes"
    case .colon: "':'"
    case .commaOrBrace: "',' or '}'"
    case .commaOrBracket: "',' or ']'"
    case .closingQuote: "the closing '\"'"
    }
  }
}
