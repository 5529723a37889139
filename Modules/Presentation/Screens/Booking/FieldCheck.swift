/// What a checked field shows.
public enum FieldCheck: Hashable, Sendable {
  /// Its problem (red, with the message).
  case invalid
  /// That it is valid.
  case valid
}
