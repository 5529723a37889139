import Foundation

/// The checks a JSON text gets before it is decoded, in one pass over its bytes without parsing it:
/// how deeply it nests its arrays and objects, so a text too deep for Foundation's JSON reader is
/// named as such (``DecodingProblem/tooDeep(depth:limit:)``) rather than as "not JSON", and whether
/// an object holds a key twice (``DecodingProblem/duplicateKey(path:)``), which Foundation's
/// decoder accepts silently, keeping one of the values.
///
/// An API's answer, a form schema from a server or a file, and a file on disk all go through it.
public enum JSONNesting {
  /// The deepest nesting Foundation's JSON reader accepts; deeper texts it refuses whole.
  static let readerLimit = 512

  /// The longest key shown in a path that names a duplicate key: a longer one is cut (with
  /// `…`), so a hostile megabyte-long key does not become a megabyte-long message.
  static let shownKeyLimit = 40

  /// What one pass over a JSON text found.
  struct Scan: Hashable, Sendable {
    /// The deepest level of `[` and `{` (brackets inside strings not counted).
    var depth: Int
    /// The path of the first key an object holds a second time (`rooms[1].id`), if any.
    var duplicateKey: String?
    /// The same path as keys and indices, the key whole.
    var duplicateKeyPath: JSONPath?
    /// The byte offset of the second key's opening quote.
    var duplicateKeyOffset: Int?
  }

  /// The deepest level of `[` and `{` in `bytes` (brackets inside strings not counted), in one
  /// pass over the bytes.
  ///
  /// ```swift
  /// JSONNesting.depth(of: Array(#"{"a": [1, "]"]}"#.utf8))  // 2
  /// ```
  static func depth(of bytes: some Sequence<UInt8>) -> Int {
    scan(Array(bytes)).depth
  }

  /// What is wrong with `data` before it is decoded: nested deeper than ``readerLimit``
  /// (``DecodingProblem/tooDeep(depth:limit:)``), or an object that holds a key twice
  /// (``DecodingProblem/duplicateKey(path:)``, naming the first such key); `nil` when neither.
  ///
  /// Keys are compared as the decoder compares them: after unescaping (`"a"` and `"\u0061"` are the
  /// same key), as Swift strings (canonically equivalent spellings are the same key).
  ///
  /// ```swift
  /// JSONNesting.problem(in: Data(#"{"rooms": [{"id": 1, "id": 2}]}"#.utf8))
  /// // .duplicateKey(path: "rooms[0].id")
  /// ```
  public static func problem(in data: Data) -> DecodingProblem? {
    let found = data.withUnsafeBytes { scan(buffer: $0.bindMemory(to: UInt8.self)) }
    return tooDeep(found.depth) ?? found.duplicateKey.map { .duplicateKey(path: $0) }
  }

  /// The first key an object of `data` holds twice, as ``problem(in:)`` names it, with its path
  /// as keys and indices and the byte offset of its second spelling; `nil` when there is none.
  static func duplicateKey(
    in data: Data
  ) -> (problem: DecodingProblem, path: JSONPath, offset: Int)? {
    let found = data.withUnsafeBytes { scan(buffer: $0.bindMemory(to: UInt8.self)) }
    guard let shown = found.duplicateKey, let path = found.duplicateKeyPath,
      let offset = found.duplicateKeyOffset
    else { return nil }
    return (.duplicateKey(path: shown), path, offset)
  }

  /// ``DecodingProblem/tooDeep(depth:limit:)`` for nesting `depth` beyond what Foundation's
  /// reader takes, else `nil`.
  static func tooDeep(_ depth: Int) -> DecodingProblem? {
    depth > readerLimit ? .tooDeep(depth: depth, limit: readerLimit) : nil
  }

  /// The nesting and the first duplicate key of `bytes`, in one pass.
  ///
  /// Memory stays within the size of the text (the keys of the objects open at any moment), and the
  /// work is linear in it: each key is hashed once into its object's set. Text that is not JSON is
  /// scanned as far as it goes, never trapping.
  static func scan(_ bytes: some Collection<UInt8>) -> Scan {
    if let scanned = bytes.withContiguousStorageIfAvailable({ scan(buffer: $0) }) {
      return scanned
    }
    return Array(bytes).withUnsafeBufferPointer { scan(buffer: $0) }
  }

  private static func scan(buffer: UnsafeBufferPointer<UInt8>) -> Scan {
    var scanner = Scanner()
    return scanner.run(buffer)
  }

  private struct Scanner {
    /// An open array or object.
    struct Frame {
      var isObject: Bool
      /// In an object: the next string is a key (after `{` or `,`).
      var expectingKey: Bool
      /// In an array: the index of the current element.
      var index = 0
      /// In an object: where the current key's bytes are (for the path, decoded only then).
      var key: Range<Int>?
      var keyIsEscaped = false
    }

    /// The keys of one open object: compared in a list while it is short (most objects have
    /// a few keys: no hashing), in a set once it is long (no work per pair of keys).
    struct Keys {
      /// The longest list searched key by key.
      static let listLimit = 16
      var list: [String] = []
      var set: Set<String> = []
      var isSet = false

      /// Emptied for the next object at its level, its storage kept.
      mutating func reset() {
        list.removeAll(keepingCapacity: true)
        if isSet { set.removeAll(keepingCapacity: true) }
        isSet = false
      }

      /// Adds `key`; `false` when the object has it already.
      mutating func insert(_ key: String) -> Bool {
        if isSet { return set.insert(key).inserted }
        if list.contains(key) { return false }
        list.append(key)
        if list.count > Self.listLimit {
          set.formUnion(list)
          isSet = true
        }
        return true
      }
    }

    var frames: [Frame] = []
    /// The keys of each open object, by its level among the open objects; reused (emptied,
    /// its storage kept) by the next object at that level.
    var keySets: [Keys] = []
    var openObjects = 0
    var deepest = 0
    var duplicate: String?
    var duplicatePath: JSONPath?
    var duplicateOffset: Int?

    mutating func run(_ bytes: UnsafeBufferPointer<UInt8>) -> Scan {
      var index = 0
      let count = bytes.count
      while index < count {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""):
          let start = index + 1
          var position = start
          var escaped = false
          // To the next quote that no backslash escapes (none: the text ends in the string),
          // found with the C library's `memchr`: most of a payload's bytes are in strings.
          var end = count
          while let quote = Self.find(UInt8(ascii: "\""), in: bytes, from: position, to: count) {
            guard
              let backslash = Self.find(UInt8(ascii: "\\"), in: bytes, from: position, to: quote)
            else {
              end = quote
              break
            }
            // The byte after a backslash is escaped, a quote included.
            escaped = true
            position = backslash + 2
          }
          if duplicate == nil, let last = frames.indices.last, frames[last].isObject,
            frames[last].expectingKey
          {
            frames[last].expectingKey = false
            frames[last].key = start..<end
            frames[last].keyIsEscaped = escaped
            let key = Self.key(UnsafeBufferPointer(rebasing: bytes[start..<end]), escaped)
            if let key, !keySets[openObjects - 1].insert(key) {
              (duplicate, duplicatePath) = path(bytes)
              duplicateOffset = start - 1
            }
          }
          index = end + 1
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          let isObject = byte == UInt8(ascii: "{")
          frames.append(Frame(isObject: isObject, expectingKey: isObject))
          if isObject {
            if openObjects < keySets.count {
              keySets[openObjects].reset()
            } else {
              keySets.append(Keys())
            }
            openObjects += 1
          }
          deepest = max(deepest, frames.count)
          index += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          if let frame = frames.popLast(), frame.isObject { openObjects -= 1 }
          index += 1
        case UInt8(ascii: ","):
          if let last = frames.indices.last {
            if frames[last].isObject {
              frames[last].expectingKey = true
            } else {
              frames[last].index += 1
            }
          }
          index += 1
        default:
          index += 1
        }
      }
      return Scan(
        depth: deepest, duplicateKey: duplicate, duplicateKeyPath: duplicatePath,
        duplicateKeyOffset: duplicateOffset)
    }

    private static func find(
      _ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int
    ) -> Int? {
      guard from < to, let base = bytes.baseAddress else { return nil }
      guard let found = memchr(base + from, Int32(byte), to - from) else { return nil }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// `rooms[1].id`: the path of the current key of the innermost object, as shown (long keys
    /// cut) and whole.
    private func path(_ bytes: UnsafeBufferPointer<UInt8>) -> (String, JSONPath) {
      var result = ""
      var components: [JSONPath.Component] = []
      for frame in frames {
        if frame.isObject {
          // An object's current key is part of the path once a value under it is open, and
          // the innermost object's is the key being named.
          guard !frame.expectingKey, let range = frame.key,
            let key = Self.key(UnsafeBufferPointer(rebasing: bytes[range]), frame.keyIsEscaped)
          else { continue }
          let shown =
            key.count > shownKeyLimit ? String(key.prefix(shownKeyLimit - 1)) + "…" : key
          result += result.isEmpty ? shown : "." + shown
          components.append(.key(key))
        } else {
          result += "[\(frame.index)]"
          components.append(.index(frame.index))
        }
      }
      return (result, JSONPath(components))
    }

    /// The key spelled by `bytes` (between the quotes), unescaped; `nil` when it is not a valid
    /// JSON string (bad UTF-8, a bad escape, a lone surrogate): the decoder refuses the text
    /// then, and such a key is not compared.
    private static func key(_ bytes: UnsafeBufferPointer<UInt8>, _ escaped: Bool) -> String? {
      guard escaped else {
        // ASCII (most keys) is valid UTF-8 as it is: made without validating it again.
        if !bytes.contains(where: { $0 >= 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
      }
      var scalars = String.UnicodeScalarView()
      var unescaped: [UInt8] = []
      unescaped.reserveCapacity(bytes.count)
      var index = 0
      func flush() -> Bool {
        guard !unescaped.isEmpty else { return true }
        guard let text = String(validating: unescaped, as: UTF8.self) else { return false }
        scalars.append(contentsOf: text.unicodeScalars)
        unescaped.removeAll(keepingCapacity: true)
        return true
      }
      while index < bytes.count {
        let byte = bytes[index]
        guard byte == UInt8(ascii: "\\") else {
          unescaped.append(byte)
          index += 1
          continue
        }
        guard index + 1 < bytes.count else { return nil }
        let simple: UInt8?
        switch bytes[index + 1] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default: return nil
        }
        if let simple {
          unescaped.append(simple)
          index += 2
          continue
        }
        guard let high = hex4(bytes, at: index + 2) else { return nil }
        index += 6
        var value = high
        if (0xD800...0xDBFF).contains(high) {
          guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u"), let low = hex4(bytes, at: index + 2),
            (0xDC00...0xDFFF).contains(low)
          else { return nil }
          index += 6
          value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(high) {
          return nil
        }
        guard flush(), let scalar = Unicode.Scalar(value) else { return nil }
        scalars.append(scalar)
      }
      guard flush() else { return nil }
      return String(scalars)
    }

    private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
      guard index + 4 <= bytes.count else { return nil }
      var value: UInt32 = 0
      for position in index..<(index + 4) {
        let byte = bytes[position]
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
  }
}
