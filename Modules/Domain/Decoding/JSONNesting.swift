/// How deeply a JSON text nests its arrays and objects, counted without parsing it, so a text
/// too deep for Foundation's JSON reader is named as such (``DecodingProblem/tooDeep(depth:limit:)``)
/// rather than as "not JSON": an API's answer, a form schema from a server or a file.
public enum JSONNesting {
  /// The deepest nesting Foundation's JSON reader accepts; deeper texts it refuses whole.
  public static let readerLimit = 512

  /// The deepest level of `[` and `{` in `bytes` (brackets inside strings not counted), in one
  /// pass over the bytes.
  ///
  /// ```swift
  /// JSONNesting.depth(of: Array(#"{"a": [1, "]"]}"#.utf8))  // 2
  /// ```
  public static func depth(of bytes: some Sequence<UInt8>) -> Int {
    var depth = 0
    var deepest = 0
    var inString = false
    var escaped = false
    for byte in bytes {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        deepest = max(deepest, depth)
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
      default: break
      }
    }
    return deepest
  }
}
