import UseCases

/// Checks a name before it becomes part of a path in the data directory (SPEC section 8: no path
/// traversal).
///
/// Order numbers and hashed cache keys always pass; anything else is refused.
enum SafeFileName {
  /// The longest name accepted, in UTF-8 bytes (file systems allow 255).
  static let maximumLength = 200

  /// `name` itself when it is a plain file name: not empty, not `.` or `..`, no `/`, NUL or
  /// other control characters, not hidden (a leading `.` is reserved for the store's own files).
  /// - Throws: ``StoreError/invalidIdentifier(_:)``.
  static func validate(_ name: String) throws(StoreError) -> String {
    let valid =
      !name.isEmpty && !name.hasPrefix(".") && name.utf8.count <= maximumLength
      && !name.unicodeScalars.contains { $0 == "/" || $0 == "\\" || isControl($0) }
    guard valid else { throw .invalidIdentifier(name) }
    return name
  }

  /// C0 and C1 control characters and DEL.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
