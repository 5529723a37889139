/// A label and its value ("Departure: Moscow", "Tour: 289 400 ₽").
public struct InfoRow: Hashable, Sendable {
  /// The label.
  public var label: String
  /// The value.
  public var value: String

  /// Creates a row.
  public init(label: String, value: String) {
    self.label = label
    self.value = value
  }
}
