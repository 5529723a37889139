import Foundation

/// Finds the first number in a JSON document that is not a whole number an `Int` holds (`1.5`,
/// `99999999999999999999999`, `1e400`), with its field path.
///
/// Foundation's `JSONDecoder` reports such a number in an `Int` field as "not valid JSON" for
/// the whole document, without the field; every number of the API's payloads and of the files
/// is a whole number, so ``DecodingProblem/init(_:decoding:)`` asks this scanner which one it
/// was. One pass over the bytes, no tree.
enum NumberScanner {
  private enum Container {
    case object(key: String?, expectingKey: Bool)
    case array(index: Int)
  }

  /// A number that `Int` cannot hold.
  struct Found: Equatable {
    /// Its field (`rooms[1].price`), `nil` at the top level.
    var path: String?
    /// Its text, cut to 40 characters.
    var token: String
    /// Whether it is a whole number (too large for an `Int`, or infinite), not a fraction.
    var isWhole: Bool
  }

  /// The first number that `Int` cannot hold; `nil` when every number is a whole number in
  /// range, or the document is not JSON this scanner follows.
  static func firstNotAnInt(in data: Data) -> Found? {
    let bytes = [UInt8](data)
    var stack: [Container] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "{"):
        stack.append(.object(key: nil, expectingKey: true))
        index += 1
      case UInt8(ascii: "["):
        stack.append(.array(index: 0))
        index += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        _ = stack.popLast()
        index += 1
      case UInt8(ascii: ","):
        switch stack.last {
        case .array(let position): stack[stack.count - 1] = .array(index: position + 1)
        case .object: stack[stack.count - 1] = .object(key: nil, expectingKey: true)
        case nil: break
        }
        index += 1
      case UInt8(ascii: "\""):
        let start = index + 1
        index = start
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        if case .object(_, true) = stack.last, index <= bytes.count {
          let key = String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
          stack[stack.count - 1] = .object(key: key, expectingKey: false)
        }
        index += 1
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let start = index
        while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
        // A run that JSON does not read as a number (`-`, `1-2`, `1e`: a hyphen in text that
        // is not JSON at all) means the document is not JSON, not that a number is too large.
        guard Self.isJSONNumber(bytes[start..<index]) else { return nil }
        let token = String(decoding: bytes[start..<index], as: UTF8.self)
        if Int(token) == nil {
          let shown = token.count > 40 ? String(token.prefix(39)) + "…" : token
          let value = Double(token)
          let whole = value.map { !$0.isFinite || $0.rounded() == $0 } ?? true
          return Found(path: path(stack), token: shown, isWhole: whole)
        }
      default:
        index += 1
      }
    }
    return nil
  }

  /// The number that starts at byte `offset` of `data` when `Int` cannot hold it (its path
  /// left out), else `nil`.
  static func number(at offset: Int, in data: Data) -> Found? {
    guard offset >= 0, offset < data.count else { return nil }
    let bytes = data[(data.startIndex + offset)...]
    let run = bytes.prefix { isNumberByte($0) }
    guard !run.isEmpty, isJSONNumber(ArraySlice(run)) else { return nil }
    let token = String(decoding: run, as: UTF8.self)
    guard Int(token) == nil else { return nil }
    let shown = token.count > 40 ? String(token.prefix(39)) + "…" : token
    let whole = Double(token).map { !$0.isFinite || $0.rounded() == $0 } ?? true
    return Found(path: nil, token: shown, isWhole: whole)
  }

  /// Whether `token` is a number by JSON's grammar: `-`? (`0` | a digit 1-9 then digits),
  /// then `.` and digits, then `e` or `E`, a sign, and digits, each of the last two optional.
  static func isJSONNumber(_ token: ArraySlice<UInt8>) -> Bool {
    var index = token.startIndex
    func isDigit(_ offset: Int) -> Bool {
      offset < token.endIndex && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(token[offset])
    }
    func digits() -> Bool {
      let start = index
      while isDigit(index) { index += 1 }
      return index > start
    }
    if index < token.endIndex, token[index] == UInt8(ascii: "-") { index += 1 }
    if index < token.endIndex, token[index] == UInt8(ascii: "0") {
      index += 1
    } else if !digits() {
      return false
    }
    if index < token.endIndex, token[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() else { return false }
    }
    if index < token.endIndex,
      token[index] == UInt8(ascii: "e") || token[index] == UInt8(ascii: "E")
    {
      index += 1
      if index < token.endIndex,
        token[index] == UInt8(ascii: "+") || token[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits() else { return false }
    }
    return index == token.endIndex
  }

  private static func isNumberByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
      || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
      || byte == UInt8(ascii: "E")
  }

  private static func path(_ stack: [Container]) -> String? {
    var result = ""
    for container in stack {
      switch container {
      case .array(let index): result += "[\(index)]"
      case .object(let key?, _): result += result.isEmpty ? key : "." + key
      case .object(nil, _): break
      }
    }
    return result.isEmpty ? nil : result
  }
}
