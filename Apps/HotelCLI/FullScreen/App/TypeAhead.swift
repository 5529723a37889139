/// Keys typed ahead: kept, in order, while the app cannot act on them (a `:` command runs, the
/// screen loads, the window is below the smallest size), to be applied once it can, as a terminal's
/// type-ahead is (vim's typeahead buffer, bubbletea's ordered key messages).
///
/// At most ``limit`` are kept; the keys beyond are counted, so that the person is told, not
/// applied.
struct TypeAhead: Equatable {
  /// The most keys kept (a paste is one key).
  static let limit = 200

  /// The keys kept, oldest first.
  private(set) var keys: [Key] = []
  /// The keys typed beyond ``limit``.
  private(set) var overflow = 0

  /// Whether no key is kept.
  var isEmpty: Bool { keys.isEmpty }

  /// Every key typed ahead and not yet applied or dropped, the overflow included (what the
  /// status line counts).
  var waiting: Int { keys.count + overflow }

  /// Keeps `key` after the others, or counts it beyond ``limit``.
  mutating func hold(_ key: Key) {
    if keys.count < Self.limit { keys.append(key) } else { overflow += 1 }
  }

  /// The oldest key kept, taken out; `nil` when none is.
  mutating func next() -> Key? {
    keys.isEmpty ? nil : keys.removeFirst()
  }

  /// Drops every key kept and the overflow count; returns how many keys that was.
  @discardableResult
  mutating func dropAll() -> Int {
    defer { self = TypeAhead() }
    return waiting
  }

  /// Forgets the overflow count once it has been said; returns it.
  mutating func takeOverflow() -> Int {
    defer { overflow = 0 }
    return overflow
  }
}
