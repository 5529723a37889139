/// How a screen loads its content.
public enum LoadStrategy: Hashable, Sendable {
  /// Ask the server; when it cannot be reached, show the saved copy with a notice.
  case networkFirst
  /// Show what is there (content already on screen, else the saved copy) at once, then ask the
  /// server behind it (the restart after Paid, SPEC section 9).
  case cacheThenRevalidate
}
