import Presentation

/// The screen the full-screen app draws: Presentation's ``ScreenSnapshot`` as it is (its
/// blocks and component models are drawn directly), with what the app reads off it once per
/// change: Booking's fixed footer (the total and Pay, as the line renderer finds them), the
/// scrolling body without that Pay, and what is in flight.
struct ShownScreen: Equatable {
  /// What the flow shows.
  let snapshot: ScreenSnapshot
  /// Booking's footer, or `nil`.
  let footer: ScreenRenderer.Footer?
  /// The blocks that scroll: the snapshot's, without the footer's Pay.
  let body: [Block]
  /// What is in flight (Pay's "Paying…", else `loading`), or `nil` when the screen is idle.
  let progress: String?

  /// `snapshot` as drawn; `loading` is the words for a load in flight ("Loading…").
  init(_ snapshot: ScreenSnapshot, loading: String) {
    self.snapshot = snapshot
    var body = snapshot.blocks
    if let footer = ScreenRenderer.footer(of: snapshot), let pay = footer.button,
      let index = body.firstIndex(of: .button(pay))
    {
      body.remove(at: index)
      self.footer = footer
    } else {
      footer = nil
    }
    self.body = body
    if snapshot.isLoading {
      progress = snapshot.buttons.first(where: \.isInProgress)?.title ?? loading
    } else {
      progress = nil
    }
  }

  /// Two screens are the same when the flow shows the same (the rest is read off it).
  static func == (lhs: ShownScreen, rhs: ShownScreen) -> Bool { lhs.snapshot == rhs.snapshot }
}
