/// The bottom line's key hints, fitted to the window.
///
/// Where they do not all fit, the least needed go first, so the way to every key (`?`) and the
/// way out (Ctrl-C) stay on an 80-column terminal in either language.
struct KeyHints: Equatable, Sendable {
  /// One hint and how much it is needed.
  struct Hint: Equatable, Sendable {
    /// What is shown ("Tab/↓ next").
    var text: String
    /// Which goes first when they do not all fit: the highest goes first; `0` stays.
    var dropOrder: Int
  }

  /// The hints in the order they are shown.
  var hints: [Hint]

  /// What separates two hints.
  static let separator = " · "

  /// The hints that fit in `columns`, in their order; cut at the edge only when even the ones that
  /// stay do not fit.
  ///
  /// Each hint is measured once (this runs on every frame).
  func text(fitting columns: Int) -> String {
    var shown = hints.map { (hint: $0, width: TextLayout.width($0.text)) }
    let separatorWidth = TextLayout.width(Self.separator)
    var total = shown.reduce(0) { $0 + $1.width } + separatorWidth * max(shown.count - 1, 0)
    while total > columns,
      let drop = shown.indices.filter({ shown[$0].hint.dropOrder > 0 })
        .max(by: { shown[$0].hint.dropOrder < shown[$1].hint.dropOrder })
    {
      total -= shown[drop].width + (shown.count > 1 ? separatorWidth : 0)
      shown.remove(at: drop)
    }
    return TextLayout.truncate(Self.joined(shown.map(\.hint)), to: columns)
  }

  private static func joined(_ hints: [Hint]) -> String {
    hints.map(\.text).joined(separator: separator)
  }
}
