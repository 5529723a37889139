import FixtureAPI
import Foundation
import Testing

extension EndToEnd {
  /// The full-screen app over a catalogue of 20 000 rooms: it lays out a page of 50 cards at each
  /// key, not 20 000, and every room is reached by page or by ID.
  @Suite(.enabled(if: Tmux.executable != nil, "tmux is not installed (.ci/run installs it)"))
  struct FullScreenCatalogueEndToEndTests {
    @Test func aHugeCatalogueIsPagedAndStaysResponsive() async throws {
      let server = HugeCatalogueEndToEndTests.server(
        rooms: HugeCatalogueEndToEndTests.catalogue(20_000))
      let url = try server.start()
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let app = try await Pane.start(hotel, ["--fresh", "--api", url.absoluteString])
      defer { app.tmux.close() }
      let tmux = app.tmux
      try await tmux.waitFor("Choose a room")
      try await tmux.type(":tap hotel.chooseRoom")
      try await tmux.waitFor(":tap hotel.chooseRoom")
      try await tmux.press("Enter")
      try await tmux.waitFor("Room 1 ")
      // Focus walks down the page's cards: 60 keys, each drawn before the deadline.
      for _ in 0..<60 { try await tmux.press("Down") }
      try await tmux.waitFor("room 30 shown, room 1 scrolled away") { screen in
        screen.contains("Room 30 ") && !screen.contains("Room 1 ")
      }
      // Scrolled to the end of the page: the count and the page buttons.
      for _ in 0..<60 { try await tmux.press("PageDown") }
      let end = try await tmux.waitFor("Rooms 1–50 of 20 000")
      #expect(end.contains("Next rooms"), "\(end)")
      try await tmux.type(":tap rooms.page.next")
      try await tmux.waitFor(":tap rooms.page.next")
      try await tmux.press("Enter")
      try await tmux.waitFor("Rooms 51–100 of 20 000")
      // A room far off the page, by its ID: its page comes into view.
      try await tmux.type(":tap rooms.room.15000.photos.next")
      try await tmux.waitFor(":tap rooms.room.15000.photos.next")
      try await tmux.press("Enter")
      try await tmux.waitFor("Rooms 14 951–15 000 of 20 000")
      try await tmux.press("C-c")
      try await app.waitForExit()
      await server.stop()
      #expect(try app.exitCode() == 0)
    }
  }
}
