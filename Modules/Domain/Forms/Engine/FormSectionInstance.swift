/// One instance of a section on screen: a plain section once, a repeatable one per repeat.
public struct FormSectionInstance: Hashable, Sendable {
  /// The section's identifier (`"tourist"`).
  public var sectionID: String
  /// The instance number (from 1) of a repeatable section, else `nil`.
  public var index: Int?
  /// The instance's fields, in screen order.
  public var fieldPaths: [FieldPath]

  /// Creates an instance.
  public init(sectionID: String, index: Int?, fieldPaths: [FieldPath]) {
    self.sectionID = sectionID
    self.index = index
    self.fieldPaths = fieldPaths
  }

  /// The instance's identifier: `"buyer"`, `"tourist.2"`.
  public var id: String { index.map { "\(sectionID).\($0)" } ?? sectionID }
}
