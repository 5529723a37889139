import Foundation

/// How a data source may answer a GET.
public enum FetchPolicy: Hashable, Sendable {
  /// Ask the server (revalidating a cached copy with `If-None-Match`).
  case network
  /// Answer from the response cache only, without any network traffic.
  case cacheOnly
}

/// A value from a data source, and where it came from.
public struct Loaded<Value: Sendable>: Sendable {
  /// Where a loaded value came from.
  public enum Origin: Hashable, Sendable {
    /// A fresh answer from the server (or a `304` confirming the cached copy).
    case network
    /// A saved copy, not confirmed by the server; `savedAt` is when it was stored.
    case cache(savedAt: Date)
  }

  /// The value.
  public var value: Value
  /// Where it came from.
  public var origin: Origin

  /// Creates a loaded value.
  public init(_ value: Value, origin: Origin) {
    self.value = value
    self.origin = origin
  }
}

extension Loaded: Equatable where Value: Equatable {}

extension Loaded {
  /// Whether the value is a saved copy the server did not confirm (show "showing saved data").
  public var isFromCache: Bool {
    if case .cache = origin { return true }
    return false
  }

  /// When the saved copy was stored, or `nil` for a fresh answer.
  public var savedAt: Date? {
    if case .cache(let savedAt) = origin { return savedAt }
    return nil
  }
}
