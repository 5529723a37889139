import Domain

/// A file that decoded but holds a value the Domain's rules refuse (an order with 5000
/// tourists, a negative total): thrown by a ``FileFormat``'s `decode`, so the file is moved
/// aside and reported like one that does not decode.
struct InvalidRecord: Error {
  /// What is wrong, with the path of the value in the file.
  var problem: DecodingProblem
}

extension DecodingProblem {
  /// The same problem with its path under `prefix` (`order.` in front of `request.tourists`).
  func within(_ prefix: String) -> DecodingProblem {
    switch self {
    case .notJSON, .notUTF8, .tooDeep, .syntax: self
    case .missingKey(let path): .missingKey(path: prefix + path)
    case .duplicateKey(let path): .duplicateKey(path: prefix + path)
    case .wrongType(let path, let kind): .wrongType(path: prefix + (path ?? ""), expected: kind)
    case .outOfRange(let path, let value): .outOfRange(path: prefix + (path ?? ""), value: value)
    case .invalidValue(let path): .invalidValue(path: prefix + (path ?? ""))
    }
  }
}
