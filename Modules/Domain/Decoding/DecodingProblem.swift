import Foundation

/// What is wrong with a JSON document that did not decode (a file on disk, an API's answer, a form
/// schema), in terms a person can act on, and where: `path` names the failing value as
/// `rooms[1].price` (`nil`: the document itself).
///
/// It is data, not a sentence: each host words it in its own language (the `hotel` app:
/// `Localizer.decodingProblem(_:)`).
///
/// ```swift
/// do {
///   _ = try JSONDecoder().decode(HotelDTO.self, from: data)
/// } catch {
///   let problem = DecodingProblem(error, decoding: data)  // .missingKey(path: "about_the_hotel")
/// }
/// ```
public enum DecodingProblem: Hashable, Sendable, CustomStringConvertible {
  /// Not JSON at all: empty, cut short, or not JSON syntax.
  case notJSON
  /// Bytes that are not UTF-8 (nor UTF-16 or UTF-32, which a JSON reader recognises): a body in
  /// windows-1251 or Latin-1, whatever its `Content-Type` says. JSON between systems is UTF-8
  /// (RFC 8259), and saying "not JSON" of a document that is JSON in another encoding sent a
  /// person looking at its syntax.
  case notUTF8
  /// JSON whose arrays and objects nest `depth` levels deep, more than the `limit` a JSON
  /// reader follows (``JSONNesting/readerLimit``): `[[[[...]]]]` 600 deep from a server.
  case tooDeep(depth: Int, limit: Int)
  /// An object holds the key at `path` (`rooms[1].id`) more than once (`{"id": 1, "id": 2}`):
  /// Foundation's decoder would keep one of the values in silence, so the document is refused.
  /// Keys are compared after unescaping (`"a"` and `"\u0061"` are the same key).
  case duplicateKey(path: String)
  /// Not JSON, with what a JSON reader met and where (``JSONLocator`` finds it).
  case syntax(JSONSyntaxError)
  /// A key the document must have is missing; `path` names it (`booking.tour_price`).
  case missingKey(path: String)
  /// A value of the wrong kind (`null` included) where `expected` was expected.
  case wrongType(path: String?, expected: ValueKind)
  /// A number outside what its field accepts: too large for it (`1e400`,
  /// `99999999999999999999`), negative, or outside a scale (a rating of 9). `value` is the
  /// number as written (at most 40 characters).
  case outOfRange(path: String?, value: String)
  /// A value of the right kind that its field's rule refuses (a date that is no date, an e-mail
  /// address that is not one, a total that does not match its prices). The value itself is not
  /// carried: it may be personal data.
  case invalidValue(path: String?)

  /// The kind of value a field expects.
  public enum ValueKind: Hashable, Sendable, CustomStringConvertible {
    /// A whole number (`Int`).
    case wholeNumber
    /// Any number.
    case number
    /// A string.
    case text
    /// `true` or `false`.
    case bool
    /// An array.
    case list
    /// An object.
    case object
    /// A single value as a form holds one (``FormValue``): a number, a string, `true` or
    /// `false`, or `null` (a server calculation's `value`), not a list or an object.
    case scalar

    /// The kind in plain English, with its article ("a whole number").
    public var description: String {
      switch self {
      case .wholeNumber: "a whole number"
      case .number: "a number"
      case .text: "text"
      case .bool: "true or false"
      case .list: "a list"
      case .object: "an object"
      case .scalar: "a number, text, true or false, or null"
      }
    }
  }

  /// The path of the failing value (`rooms[1].price`), or `nil` for the document itself.
  public var path: String? {
    switch self {
    case .notJSON, .notUTF8, .tooDeep, .syntax: nil
    case .missingKey(let path), .duplicateKey(let path): path
    case .wrongType(let path, _), .outOfRange(let path, _), .invalidValue(let path): path
    }
  }

  /// The problem in plain English, for a host without words of its own ("missing key
  /// `booking.tour_price`", "the number 1e400 at `total` is out of range").
  public var description: String {
    switch self {
    case .notJSON: return "it is not valid JSON"
    case .notUTF8: return "it is not UTF-8 text, which JSON must be"
    case .syntax(let error): return "it is not valid JSON: \(error.description)"
    case .tooDeep(let depth, let limit):
      return "it is nested more than \(limit) levels deep (\(depth) levels)"
    case .missingKey(let path): return "the key \(path) is missing"
    case .duplicateKey(let path): return "the key \(path) appears more than once"
    case .wrongType(let path, let kind):
      let expected = kind.description
      return path.map { "\($0) is not \(expected)" } ?? "it is not \(expected)"
    case .outOfRange(let path, let value):
      return path.map { "the number \(value) at \($0) is out of range" }
        ?? "the number \(value) is out of range"
    case .invalidValue(let path):
      return path.map { "the value at \($0) is not valid" } ?? "a value is not valid"
    }
  }

  /// The problem `error` (thrown while decoding `data`) describes.
  ///
  /// A number Foundation cannot fit (`1e400` or `1.5` where an `Int` is expected) fails the whole
  /// document as "not valid JSON"; `data` is scanned to name that number and its field instead.
  public init(_ error: any Error, decoding data: Data) {
    guard let error = error as? DecodingError else {
      self = .notJSON
      return
    }
    switch error {
    case .keyNotFound(let key, let context):
      self = .missingKey(path: Self.path(context.codingPath + [key]) ?? key.stringValue)
    case .valueNotFound(let type, let context):
      self = .wrongType(path: Self.path(context.codingPath), expected: Self.kind(type))
    case .typeMismatch(let type, let context):
      self = .wrongType(path: Self.path(context.codingPath), expected: Self.kind(type))
    case .dataCorrupted(let context):
      guard context.codingPath.isEmpty else {
        self = .invalidValue(path: Self.path(context.codingPath))
        return
      }
      self = Self.notJSON(in: data)
    @unknown default:
      self = .notJSON
    }
  }

  /// What Foundation calls "not valid JSON" in `data`: arrays and objects nested deeper than
  /// it reads (``tooDeep(depth:limit:)``), the first number an `Int` cannot hold, named with
  /// its field, or ``notJSON`` when there is neither. (Foundation reads numbers lazily: a
  /// decoder nested in a custom `init(from:)` meets one with an empty coding path.)
  static func notJSON(in data: Data) -> DecodingProblem {
    if !isUnicode(data) { return .notUTF8 }
    if let tooDeep = JSONNesting.tooDeep(JSONNesting.scan(data).depth) { return tooDeep }
    guard let number = NumberScanner.firstNotAnInt(in: data) else { return .notJSON }
    return number.isWhole
      ? .outOfRange(path: number.path, value: number.token)
      : .wrongType(path: number.path, expected: .wholeNumber)
  }

  /// Whether `data` is text a JSON reader can read: UTF-8, or UTF-16 or UTF-32, which it tells
  /// by a byte order mark or by the zero bytes of the first (ASCII) characters.
  static func isUnicode(_ data: Data) -> Bool {
    let head = Array(data.prefix(4))
    if head.contains(0) || head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) {
      return true
    }
    return String(validating: data, as: UTF8.self) != nil
  }

  /// `rooms[1].price` for the coding path `rooms`, index 1, `price`; `nil` for an empty path.
  public static func path(_ codingPath: [any CodingKey]) -> String? {
    var result = ""
    for key in codingPath {
      if let index = key.intValue {
        result += "[\(index)]"
      } else {
        result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return result.isEmpty ? nil : result
  }

  private static func kind(_ type: Any.Type) -> ValueKind {
    switch type {
    case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type: .wholeNumber
    case is Double.Type, is Float.Type, is Decimal.Type: .number
    case is String.Type: .text
    case is Bool.Type: .bool
    case is FormValue.Type: .scalar
    default: String(describing: type).hasPrefix("Array") ? .list : .object
    }
  }
}
