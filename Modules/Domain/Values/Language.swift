/// A language the flow is shown in; it also chooses the API's content (`Accept-Language`).
public enum Language: String, Sendable, Codable, CaseIterable {
  /// English.
  case en
  /// Russian.
  case ru
}
