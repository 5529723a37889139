import Foundation
import Testing

extension EndToEnd {
  /// Keys typed while a screen loads (an API that holds its answers: ``HeldAPI``): they wait, the
  /// status line says how many, and they are applied to the screen once it has loaded, as a
  /// terminal's type-ahead is.
  @Suite(.enabled(if: Tmux.executable != nil, "tmux is not installed (.ci/run installs it)"))
  struct FullScreenTypeAheadEndToEndTests {
    @Test func keysTypedWhileBookingLoadsGoIntoItsFields() async throws {
      try await Self.withSlowAPI(["--lang", "en"]) { tmux, api in
        try await tmux.openRooms(api)
        try await tmux.press("Enter")  // "Choose this room": Booking loads until let go
        try await tmux.waitFor("Booking loading") {
          $0.contains("Loading…") && !$0.contains("Phone number")
        }
        try await tmux.type("9161234567")
        try await tmux.press("Tab")
        try await tmux.type("ivan@example.com")
        // (How many are counted depends on how many reads the keys arrive in; any that come
        // after the load is let go are applied in the same order.)
        let waiting = try await tmux.waitFor("the keys said to wait") {
          $0.contains("typed ahead")
        }
        #expect(!waiting.contains("Phone number"), "\(waiting)")
        let loaded = try await api.release(in: tmux, until: "the typed-ahead keys applied") {
          $0.contains("ivan@example.com")
        }
        #expect(loaded.contains("+7 (916) 123-45-67"), "\(loaded)")
        #expect(!loaded.contains("typed ahead"), "\(loaded)")
      }
    }

    /// Esc leaves a slow load at once (it does not wait in line); the keys typed for the
    /// screen it leaves are dropped, and the status line says so.
    @Test func escDuringALoadGoesBackAndSaysWhatItDropped() async throws {
      try await Self.withSlowAPI(["--lang", "en"]) { tmux, api in
        try await tmux.openRooms(api)
        try await tmux.press("Enter")
        try await tmux.waitFor("Booking loading") {
          $0.contains("Loading…") && !$0.contains("Phone number")
        }
        try await tmux.press("Tab")
        try await tmux.press("Tab")
        try await tmux.waitFor("2 keys typed ahead")
        try await tmux.press("Escape")
        // Nothing is let go: Esc does not wait for the load it leaves.
        let back = try await tmux.waitFor(
          "Keys typed while the screen loaded that were not applied: 2")
        #expect(back.contains("Choose this room"), "\(back)")
      }
    }

    /// Esc on the first screen, which has none before it, leaves no load: it waits in line
    /// with the keys before it (they are not dropped for a back that cannot happen), and says
    /// why it did nothing once the screen has loaded.
    @Test func escWhereThereIsNoScreenBeforeWaitsInLine() async throws {
      try await Self.withSlowAPI(["--lang", "en"]) { tmux, api in
        try await tmux.waitFor("the first load") { $0.contains("Loading…") }
        try await tmux.press("Tab")
        try await tmux.waitFor("1 key typed ahead")
        try await tmux.press("Escape")
        try await tmux.waitFor("2 keys typed ahead")
        let loaded = try await api.release(in: tmux, until: "back: there is no screen before hotel")
        #expect(loaded.contains("›[ Choose a room ]"), "the Tab before it:\n\(loaded)")
        #expect(!loaded.contains("not applied"), "\(loaded)")
      }
    }

    /// `?` and `:` do not wait for a load: the keys' overlay opens at once, and a `:` command
    /// typed then runs once the screen has loaded (as in a script).
    @Test func theKeysAndTheCommandLineOpenWhileALoadRuns() async throws {
      try await Self.withSlowAPI(["--lang", "en"]) { tmux, api in
        try await tmux.openRooms(api)
        try await tmux.press("Enter")
        try await tmux.waitFor("Booking loading") {
          $0.contains("Loading…") && !$0.contains("Phone number")
        }
        try await tmux.type("?")
        let keys = try await tmux.waitFor("the keys' overlay") { $0.contains("┌─ Keys") }
        #expect(keys.contains("Loading…"), "\(keys)")
        try await tmux.type("x")  // closes the overlay
        try await tmux.type(":")
        try await tmux.type("type booking.buyer.email ivan@example.com")
        try await tmux.press("Enter")
        try await api.release(in: tmux, until: "› Email                       ivan@example.com")
      }
    }

    @Test(arguments: ["en", "ru"])
    func aTypedAheadEnterPressesNoButton(language: String) async throws {
      try await Self.withSlowAPI(["--lang", language]) { tmux, api in
        try await tmux.waitFor("the first load") { $0.contains("…") }
        // Tab onto "Choose a room", then Enter, before the person has seen the screen. Both
        // are read before the load is let go (tmux has sent keys once `send-keys` returns, not
        // the app read them: let go at once, the screen was drawn first and Enter pressed).
        try await tmux.press("Tab")
        try await tmux.press("Enter")
        try await tmux.waitFor(
          language == "en" ? "2 keys typed ahead" : "нажато заранее клавиш: 2", seconds: 30)
        let said =
          language == "en"
          ? "“Choose a room” not pressed: Enter was typed before it was shown"
          : "«К выбору номера» не нажата: Enter нажат до показа экрана"
        let screen = try await api.release(in: tmux, until: "the refusal") { $0.contains(said) }
        #expect(screen.contains("›[ "), "the focus moved onto the button:\n\(screen)")
        // Seen now: Enter presses it.
        try await tmux.press("Enter")
        let room = language == "en" ? "Standard room with pool" : "Стандартный с видом"
        try await api.release(in: tmux, until: room)
      }
    }

    /// A resize storm while typing into a field: keys typed while the window is below 60×20 (where
    /// the app only says what size it needs) wait, the small window says how many, and they go into
    /// the field once the window is large enough again.
    @Test func keysTypedInAWindowTooSmallWaitForItToGrow() async throws {
      try await Pane.session { tmux, _ in
        try await tmux.openBooking()
        try await tmux.press("Tab")
        try await tmux.waitFor("› Email")
        try await tmux.type("ivan")
        try await tmux.waitFor("› Email                       ivan")
        for round in 0..<7 {
          try await tmux.resize(columns: 40 + round, rows: 12)
          try await tmux.type(String("example"[...].dropFirst(round).prefix(1)))
          try await tmux.resize(columns: 100, rows: 40)
        }
        // tmux resizes its pane lazily: the storm is over once its keys are in the field.
        try await tmux.waitFor("› Email                       ivanexample")
        try await tmux.resize(columns: 40, rows: 12)
        try await tmux.waitFor("60×20")
        try await tmux.type("@")
        try await tmux.waitFor("1 key typed ahead")
        try await tmux.type("example.com")
        let small = try await tmux.waitFor("2 keys typed ahead")
        #expect(small.contains("60×20"), "\(small)")
        try await tmux.resize(columns: 100, rows: 40)
        try await tmux.waitFor("› Email                       ivanexample@example.com")
      }
    }

    /// `hotel run --api URL` of a ``HeldAPI`` in a tmux pane, given to `keys` with the API
    /// (whose answers wait until `keys` lets them go), then Ctrl-C and exit 0.
    static func withSlowAPI(
      _ arguments: [String], _ keys: (TmuxSession, HeldAPI) async throws -> Void
    ) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let api = try HeldAPI()
      // The app's own timeout is far beyond any wait of the test's.
      let app = try await Pane.start(
        hotel,
        ["--api", api.url, "--fresh", "--timeout", "120", "--today", "2026-06-01"] + arguments)
      defer { app.tmux.close() }
      try await keys(app.tmux, api)
      try await app.tmux.press("C-c")
      try await app.waitForExit()
      #expect(try app.exitCode() == 0)
      await api.stop()
    }
  }
}

extension TmuxSession {
  /// From Hotel (once `api` has let its load go) to Rooms (the same), with the focus on the
  /// first room's Choose.
  fileprivate func openRooms(_ api: HeldAPI) async throws {
    try await api.release(in: self, until: "Choose a room")
    try await press("Tab", "Enter")
    try await api.release(in: self, until: "Choose this room")
    try await press("Tab")  // from the first room's "Next photo"
    try await waitFor("›[ Choose this room ]", seconds: 30)
  }
}
