import Foundation

/// Reads a JSON text once, checking its syntax as a JSON reader does, and finds the line and
/// column where the values at given paths start: what an editor needs to jump to a problem
/// that a decoder names by its path.
///
/// One pass, no recursion (arrays and objects are followed on a stack of at most
/// ``depthLimit`` levels, deeper ones are a syntax error), memory within the text's size.
///
/// ```swift
/// let text = Data("{\n  \"a\": [1, {\"b\": true}]\n}".utf8)
/// let found = JSONLocator.locate([JSONPath([.key("a"), .index(1), .key("b")])], in: text)
/// // found.locations == [2:18], found.syntaxError == nil
/// ```
public enum JSONLocator {
  /// The deepest nesting read: Foundation's JSON reader's.
  public static let depthLimit = JSONNesting.readerLimit

  /// The longest word quoted in ``JSONSyntaxError/Problem/invalidWord(_:)``.
  static let shownWordLimit = 40

  /// What one pass found.
  public struct Found: Hashable, Sendable {
    /// Per path asked for, where its value starts; for a path that is not in the text, where
    /// its deepest part that is starts (the object without the key), else the text's start.
    public var locations: [JSONLocation]
    /// The first syntax error, or `nil` for a text that is JSON.
    public var syntaxError: JSONSyntaxError?
  }

  /// Checks `data` and finds where the value at each of `paths` starts.
  ///
  /// `normalizingKeys` maps each key of the text before it is compared with the paths' keys
  /// (a form schema reads `inputType` as `input_type`).
  public static func locate(
    _ paths: [JSONPath], in data: Data,
    normalizingKeys: @escaping @Sendable (String) -> String = { $0 }
  ) -> Found {
    var trie = Trie()
    let ends = paths.map { trie.insert($0) }
    let error = data.withUnsafeBytes { raw in
      var parser = Parser(
        bytes: raw.bindMemory(to: UInt8.self), trie: trie, normalize: normalizingKeys)
      let error = parser.run()
      trie = parser.trie
      return error
    }
    let start = JSONLocation(line: 1, column: 1, offset: 0)
    return Found(
      locations: ends.map { trie.deepestLocation(along: $0) ?? start }, syntaxError: error)
  }

  /// The syntax error of `data`, or `nil` when it is JSON.
  public static func syntaxError(in data: Data) -> JSONSyntaxError? {
    locate([], in: data).syntaxError
  }

  /// The line and column of byte `offset` of `data` (clamped to its end).
  public static func location(ofOffset offset: Int, in data: Data) -> JSONLocation {
    data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      let end = min(max(offset, 0), bytes.count)
      var line = 1
      var column = 1
      var index =
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
      while index < end {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n")
          || (byte == UInt8(ascii: "\r")
            && (index >= bytes.count || bytes[index] != UInt8(ascii: "\n")))
        {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80, byte != UInt8(ascii: "\r") {
          column += 1
        }
      }
      return JSONLocation(line: line, column: column, offset: end)
    }
  }

  /// Where the `position`-th character (from 1) of the string whose opening quote is at
  /// `string` starts: an escape (`\n`, `\u00e9`) is one character of the string, as its
  /// reader counts; past the string's end, its closing quote.
  public static func location(
    ofCharacter position: Int, inStringAt string: JSONLocation, in data: Data
  ) -> JSONLocation {
    data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      guard string.offset < bytes.count, bytes[string.offset] == UInt8(ascii: "\"") else {
        return string
      }
      var offset = string.offset + 1
      var column = string.column + 1
      var character = 1
      while character < position, offset < bytes.count, bytes[offset] != UInt8(ascii: "\"") {
        let length = Parser.unitLength(bytes, at: offset)
        // An escape is as many columns as it has (ASCII) bytes; any other unit is one scalar.
        column += bytes[offset] == UInt8(ascii: "\\") ? length : 1
        offset += length
        character += 1
      }
      return JSONLocation(line: string.line, column: column, offset: min(offset, bytes.count))
    }
  }

  // MARK: - The paths asked for

  /// The paths asked for, as a tree: each node a value on some path, with where it was met.
  struct Trie {
    struct Node {
      var keys: [String: Int] = [:]
      var indices: [Int: Int] = [:]
      var location: JSONLocation?
    }

    var nodes = [Node()]

    /// Adds `path`; the nodes along it, from the root.
    mutating func insert(_ path: JSONPath) -> [Int] {
      var along = [0]
      var node = 0
      for component in path.components {
        let next: Int
        switch component {
        case .key(let key):
          if let existing = nodes[node].keys[key] {
            next = existing
          } else {
            next = nodes.count
            nodes[node].keys[key] = next
            nodes.append(Node())
          }
        case .index(let index):
          if let existing = nodes[node].indices[index] {
            next = existing
          } else {
            next = nodes.count
            nodes[node].indices[index] = next
            nodes.append(Node())
          }
        }
        along.append(next)
        node = next
      }
      return along
    }

    func deepestLocation(along nodesOnPath: [Int]) -> JSONLocation? {
      nodesOnPath.reversed().lazy.compactMap { nodes[$0].location }.first
    }
  }

  // MARK: - The pass

  private struct Parser {
    struct Frame {
      var isObject: Bool
      /// The container's node in the trie, if it is on a path asked for.
      var node: Int?
      var index = 0
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var trie: Trie
    let normalize: (String) -> String
    var index = 0
    var line = 1
    var lineStart = 0
    /// A place on the current line whose column is known: columns are counted from it, so
    /// locations asked for in the order of the text cost one pass in all.
    var known = (offset: 0, column: 1)

    init(
      bytes: UnsafeBufferPointer<UInt8>, trie: Trie, normalize: @escaping (String) -> String
    ) {
      self.bytes = bytes
      self.trie = trie
      self.normalize = normalize
    }

    mutating func run() -> JSONSyntaxError? {
      do throws(JSONSyntaxError) {
        try parse()
        return nil
      } catch {
        return error
      }
    }

    private mutating func parse() throws(JSONSyntaxError) {
      if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
        index = 3
        lineStart = 3
        known = (3, 1)
      }
      skipWhitespace()
      guard index < bytes.count else { throw JSONSyntaxError(.empty, at: location(index)) }
      var stack: [Frame] = []
      var node: Int? = 0
      var expectingValue = true
      while true {
        if expectingValue {
          skipWhitespace()
          guard index < bytes.count else { throw error(.unexpectedEnd(expected: .value)) }
          if let node, trie.nodes[node].location == nil {
            trie.nodes[node].location = location(index)
          }
          switch bytes[index] {
          case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isObject = bytes[index] == UInt8(ascii: "{")
            guard stack.count < JSONLocator.depthLimit else {
              throw error(.tooDeep(limit: JSONLocator.depthLimit))
            }
            stack.append(Frame(isObject: isObject, node: node))
            index += 1
            skipWhitespace()
            let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            if index < bytes.count, bytes[index] == closing {
              index += 1
              stack.removeLast()
              expectingValue = false
              continue
            }
            node = isObject ? try key(of: stack[stack.count - 1]) : child(node, index: 0)
            continue
          case UInt8(ascii: "\""):
            try string()
          case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try number()
          case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            try word()
          default:
            throw try unexpected(.value)
          }
          expectingValue = false
          continue
        }
        skipWhitespace()
        guard let top = stack.last else {
          if index < bytes.count { throw error(.textAfterValue) }
          return
        }
        let expected: JSONSyntaxError.Expectation = top.isObject ? .commaOrBrace : .commaOrBracket
        guard index < bytes.count else { throw error(.unexpectedEnd(expected: expected)) }
        switch bytes[index] {
        case UInt8(ascii: ","):
          index += 1
          if top.isObject {
            node = try key(of: top)
          } else {
            stack[stack.count - 1].index += 1
            node = child(top.node, index: stack[stack.count - 1].index)
          }
          expectingValue = true
        case UInt8(ascii: "}") where top.isObject, UInt8(ascii: "]") where !top.isObject:
          index += 1
          stack.removeLast()
        default:
          throw try unexpected(expected)
        }
      }
    }

    /// Reads `"key":` of the object `frame`; the trie node of the value under it.
    private mutating func key(of frame: Frame) throws(JSONSyntaxError) -> Int? {
      skipWhitespace()
      guard index < bytes.count else { throw error(.unexpectedEnd(expected: .key)) }
      guard bytes[index] == UInt8(ascii: "\"") else { throw try unexpected(.key) }
      let start = index + 1
      let escaped = try string()
      var node: Int?
      if let parent = frame.node, !trie.nodes[parent].keys.isEmpty,
        let key = Self.decode(UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]), escaped)
      {
        node = trie.nodes[parent].keys[normalize(key)]
      }
      skipWhitespace()
      guard index < bytes.count else { throw error(.unexpectedEnd(expected: .colon)) }
      guard bytes[index] == UInt8(ascii: ":") else { throw try unexpected(.colon) }
      index += 1
      return node
    }

    private func child(_ node: Int?, index: Int) -> Int? {
      node.flatMap { trie.nodes[$0].indices[index] }
    }

    /// Reads the string whose quote is at `index`; whether it holds an escape.
    @discardableResult
    private mutating func string() throws(JSONSyntaxError) -> Bool {
      index += 1
      var escaped = false
      while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""):
          index += 1
          return escaped
        case UInt8(ascii: "\\"):
          escaped = true
          guard Self.escapeLength(bytes, at: index) != nil else { throw error(.invalidEscape) }
          index += Self.unitLength(bytes, at: index)
        case 0..<0x20:
          throw error(.controlCharacterInString(code: byte))
        case 0x80...:
          guard let length = Self.scalarLength(bytes, at: index) else {
            throw error(.invalidUTF8)
          }
          index += length
        default:
          index += 1
        }
      }
      throw error(.unexpectedEnd(expected: .closingQuote))
    }

    private mutating func number() throws(JSONSyntaxError) {
      let start = index
      while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
      guard NumberScanner.isJSONNumber(ArraySlice(bytes[start..<index])) else {
        index = start
        throw error(.invalidNumber)
      }
    }

    private mutating func word() throws(JSONSyntaxError) {
      let start = index
      while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
      let word = String(decoding: bytes[start..<index], as: UTF8.self)
      guard ["true", "false", "null"].contains(word) else {
        index = start
        let shown =
          word.count > shownWordLimit ? String(word.prefix(shownWordLimit - 1)) + "…" : word
        throw error(.invalidWord(shown))
      }
    }

    /// The error for the character at `index`, where `expected` was needed (bytes that are
    /// not UTF-8 are said as such).
    private mutating func unexpected(
      _ expected: JSONSyntaxError.Expectation
    ) throws(JSONSyntaxError) -> JSONSyntaxError {
      guard let length = Self.scalarLength(bytes, at: index),
        let scalar = String(
          validating: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]),
          as: UTF8.self)?.unicodeScalars.first
      else { return error(.invalidUTF8) }
      return error(.unexpectedCharacter(found: scalar, expected: expected))
    }

    private mutating func error(_ problem: JSONSyntaxError.Problem) -> JSONSyntaxError {
      JSONSyntaxError(problem, at: location(index))
    }

    private mutating func skipWhitespace() {
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: " "), UInt8(ascii: "\t"):
          index += 1
        case UInt8(ascii: "\n"):
          index += 1
          newLine()
        case UInt8(ascii: "\r"):
          index += 1
          if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
          newLine()
        default:
          return
        }
      }
    }

    private mutating func newLine() {
      line += 1
      lineStart = index
      known = (index, 1)
    }

    /// The location of `offset`, on the current line.
    private mutating func location(_ offset: Int) -> JSONLocation {
      if offset < known.offset { known = (lineStart, 1) }
      var column = known.column
      var position = known.offset
      while position < offset, position < bytes.count {
        // Every byte but a UTF-8 continuation byte starts a code point.
        if bytes[position] & 0xC0 != 0x80 { column += 1 }
        position += 1
      }
      known = (offset, column)
      return JSONLocation(line: line, column: column, offset: offset)
    }

    // MARK: - Bytes

    /// The bytes of one unit of a string at `offset`: an escape (`\u` with its surrogate pair
    /// whole), or one UTF-8 scalar (1 for a byte that is not one, so a walk always moves on).
    static func unitLength(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
      if bytes[offset] == UInt8(ascii: "\\") { return escapeLength(bytes, at: offset) ?? 1 }
      return scalarLength(bytes, at: offset) ?? 1
    }

    /// The length of the valid escape at `offset` (2, 6, or 12 for a surrogate pair), or `nil`.
    static func escapeLength(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
      guard offset + 1 < bytes.count else { return nil }
      switch bytes[offset + 1] {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
        UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
        return 2
      case UInt8(ascii: "u"):
        guard let high = hex4(bytes, at: offset + 2) else { return nil }
        if (0xDC00...0xDFFF).contains(high) { return nil }
        guard (0xD800...0xDBFF).contains(high) else { return 6 }
        guard offset + 7 < bytes.count, bytes[offset + 6] == UInt8(ascii: "\\"),
          bytes[offset + 7] == UInt8(ascii: "u"), let low = hex4(bytes, at: offset + 8),
          (0xDC00...0xDFFF).contains(low)
        else { return nil }
        return 12
      default:
        return nil
      }
    }

    private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32? {
      guard offset + 4 <= bytes.count else { return nil }
      var value: UInt32 = 0
      for byte in bytes[offset..<(offset + 4)] {
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: return nil
        }
        value = value << 4 | UInt32(digit)
      }
      return value
    }

    /// The length of the well-formed UTF-8 scalar at `offset` (RFC 3629: no overlong forms,
    /// no surrogates, nothing above U+10FFFF), or `nil`.
    static func scalarLength(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
      let lead = bytes[offset]
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0x00...0x7F: return 1
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        high = 0x9F
      case 0xF0:
        length = 4
        low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        high = 0x8F
      default: return nil
      }
      guard offset + length <= bytes.count else { return nil }
      // Only the second byte has a narrower range; the others are any continuation byte.
      guard (low...high).contains(bytes[offset + 1]) else { return nil }
      for position in (offset + 2)..<(offset + length) where bytes[position] & 0xC0 != 0x80 {
        return nil
      }
      return length
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
        || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
        || byte == UInt8(ascii: "E")
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }

    /// The text of a key's bytes (between its quotes), unescaped; `nil` when it cannot be.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ escaped: Bool) -> String? {
      guard escaped else { return String(validating: bytes, as: UTF8.self) }
      var quoted = [UInt8(ascii: "\"")]
      quoted.append(contentsOf: bytes)
      quoted.append(UInt8(ascii: "\""))
      return try? JSONDecoder().decode(String.self, from: Data(quoted))
    }
  }
}
