/// The path of one field instance: `"buyer.phone"`, `"tourist.2.firstName"` (repeatable sections
/// are numbered from 1), `"price.total"`.
///
/// Paths order component by component, numbers numerically, so `tourist.2` comes before
/// `tourist.10`.
public struct FieldPath: Hashable, Sendable, Comparable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The dotted text of the path.
  public var rawValue: String

  /// Creates a path from its dotted text.
  public init(_ raw: String) { self.rawValue = raw }

  /// Creates a path from a string literal: `let path: FieldPath = "buyer.phone"`.
  public init(stringLiteral value: String) { self.rawValue = value }

  /// Creates the path of `field` in `section`, in its `index`th instance when the section repeats.
  public init(section: String, index: Int? = nil, field: String) {
    if let index {
      self.rawValue = "\(section).\(index).\(field)"
    } else {
      self.rawValue = "\(section).\(field)"
    }
  }

  /// The dotted text.
  public var description: String { rawValue }

  /// The section's identifier: the first component (`"tourist"`).
  public var sectionID: String {
    rawValue.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
  }

  /// The instance number of a repeatable section (`2` in `"tourist.2.firstName"`), or `nil`.
  public var repeatIndex: Int? {
    let parts = rawValue.split(separator: ".")
    guard parts.count == 3 else { return nil }
    return Int(parts[1])
  }

  /// The field's identifier: the last component (`"firstName"`).
  public var fieldID: String {
    rawValue.split(separator: ".").last.map(String.init) ?? ""
  }

  /// Component by component; numeric components compare as numbers.
  public static func < (lhs: FieldPath, rhs: FieldPath) -> Bool {
    let left = lhs.rawValue.split(separator: ".")
    let right = rhs.rawValue.split(separator: ".")
    for (leftPart, rightPart) in zip(left, right) where leftPart != rightPart {
      if let leftNumber = Int(leftPart), let rightNumber = Int(rightPart) {
        return leftNumber < rightNumber
      }
      return leftPart < rightPart
    }
    return left.count < right.count
  }
}
