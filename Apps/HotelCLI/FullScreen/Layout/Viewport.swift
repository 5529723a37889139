/// Which lines of the body are shown: scrolled so that the focused element is always in view,
/// and by pages (PgUp / PgDn).
struct Viewport: Equatable, Sendable {
  /// The first line shown.
  private(set) var top = 0

  /// Scrolls as little as needed to show `first...last` in `height` lines of `total` (the top
  /// of the element wins when it is taller than the view).
  mutating func reveal(first: Int, last: Int, height: Int, total: Int) {
    guard height > 0 else { return }
    if last >= top + height { top = last - height + 1 }
    if first < top { top = first }
    clamp(height: height, total: total)
  }

  /// Scrolls by `pages` pages (negative: up), keeping a line of the previous page in view.
  mutating func scroll(pages: Int, height: Int, total: Int) {
    top += pages * max(height - 1, 1)
    clamp(height: height, total: total)
  }

  /// Keeps the view inside the content.
  mutating func clamp(height: Int, total: Int) {
    top = min(max(0, top), max(0, total - height))
  }

  /// Whether lines `first...last` are wholly in view.
  func shows(first: Int, last: Int, height: Int) -> Bool {
    first >= top && last < top + height
  }
}
