import Domain

/// One instance of a form section on the Booking screen: `buyer`, `tourist.2`, `price`.
///
/// What a section's toggle and a tourist's removal act on.
///
/// ```swift
/// let second = SectionInstance(sectionID: "tourist", index: 2)
/// second.rawValue                                    // "tourist.2"
/// SectionInstance(of: "tourist.2.firstName") == second  // true
/// ```
public struct SectionInstance: Hashable, Sendable, CustomStringConvertible {
  /// The section's identifier in the form schema (`tourist`).
  public var sectionID: String
  /// The instance number (from 1) of a repeatable section, else `nil`.
  public var index: Int?

  /// Creates an instance.
  public init(sectionID: String, index: Int? = nil) {
    self.sectionID = sectionID
    self.index = index
  }

  /// The instance holding the field at `path` (`tourist.2` for `tourist.2.firstName`).
  public init(of path: FieldPath) {
    self.init(sectionID: path.sectionID, index: path.repeatIndex)
  }

  /// The dotted text: `buyer`, `tourist.2`.
  public var rawValue: String { index.map { "\(sectionID).\($0)" } ?? sectionID }

  /// The dotted text.
  public var description: String { rawValue }
}
