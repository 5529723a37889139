import Foundation
import Testing

@testable import HotelCLI

extension EndToEnd {
  /// Editing a masked field in the middle, as a person fixes a typo; keys that do nothing, as
  /// the recording keeps them.
  @Suite(.enabled(if: Tmux.executable != nil, "tmux is not installed (.ci/run installs it)"))
  struct FullScreenEditingEndToEndTests {
    /// Backspace just after a mask's separator takes the digit before it, and Delete before one
    /// takes the digit after it.
    @Test func backspaceAndDeleteOverAMaskSeparatorTakeTheDigitBeyondIt() async throws {
      let recording = try await Pane.recordedSession { tmux, _ in
        try await tmux.openBooking()
        try await tmux.type("9161234567")
        try await tmux.waitFor("+7 (916) 123-45-67")
        try await tmux.press("Left", "Left", "BSpace")
        try await tmux.waitFor("+7 (916) 123-46-7")
        try await tmux.type("5")
        try await tmux.waitFor("+7 (916) 123-46-57")
        try await tmux.press("Home", "Right", "Right", "Right", "DC")
        try await tmux.waitFor("+7 (161) 234-65-7")
      }
      // The recording holds the field's final text, which a replay types to the same end.
      #expect(
        recording.text.contains("type booking.buyer.phone \"+7 (161) 234-65-7\"\n"),
        "\(recording.text)")
      #expect(recording.replay.status == 0, "\(recording.replay)")
    }

    /// A bracketed paste whose rest arrives late (a large paste over a slow link) is one paste: its
    /// newline is a space, not Enter, and the focus stays on the field.
    ///
    /// The rest is sent once the app has read the start and waits for more (its key reader in
    /// `poll`, which the screen does not show), and only after the reader has kept waiting five
    /// times 40 ms, so the two chunks cannot arrive as one.
    @Test(.enabled(if: KeyReader.isObservable, KeyReader.notObservable))
    func aPasteInTwoChunksIsOnePaste() async throws {
      try await Pane.session { tmux, _ in
        try await tmux.openBooking()
        try await tmux.press("Tab")
        try await tmux.waitFor("› Email")
        let reader = try await tmux.keyReader("the keys before the paste to be read")
        try await tmux.send(bytes: Array("\u{1B}[200~ivan@".utf8))
        try await tmux.waitFor(reader, .waiting, "the start of the paste to be read")
        try await tmux.expect(
          reader, staying: .waiting, "the paste ended before its rest came",
          for: .milliseconds(5 * Int(TerminalInput.escapeWaitMilliseconds)))
        try await tmux.send(bytes: Array("example.com\nX\u{1B}[201~".utf8))
        let screen = try await tmux.waitFor("ivan@example.com X")
        #expect(
          TmuxSession.line(screen, containing: "ivan@example.com X")?.contains("›") == true,
          "the focus stayed on Email:\n\(screen)")
      }
    }

    /// A pasted text that holds the paste's end marker itself, then Return and a command (a
    /// terminal that does not filter the marker, as tmux does not): the rest is pasted text too; it
    /// lands in the field, its newlines as spaces, and nothing is pressed.
    @Test(.enabled(if: KeyReader.isObservable, KeyReader.notObservable))
    func anEndMarkerInsideAPasteCannotPressKeys() async throws {
      try await Pane.session { tmux, _ in
        try await tmux.openBooking()
        try await tmux.press("Tab")
        try await tmux.waitFor("› Email")
        let injected = "\u{1B}[200~ivan@\u{1B}[201~\r:tap booking.pay\r\u{1B}[201~"
        try await tmux.send(bytes: Array(injected.utf8))
        let screen = try await tmux.waitFor("ivan@ :tap booking.pay")
        #expect(
          TmuxSession.line(screen, containing: "ivan@ :tap booking.pay")?.contains("›") == true,
          "the focus stayed on Email:\n\(screen)")
        #expect(!screen.contains("Please correct"), "Pay was not pressed:\n\(screen)")
        // Once the input has been quiet (40 ms), keys are keys again: Return moves on. (Sent
        // sooner, it would be the paste's tail: a space at the end of the field.) The reader
        // back in `read` is that moment; before, a fixed 300 ms wait hoped it had come.
        _ = try await tmux.keyReader("the paste's tail to be over")
        try await tmux.press("Enter")
        try await tmux.waitFor("› First name")
      }
    }

    /// Tab from Email lands on the "▾ First tourist" title, and a person goes on typing the first
    /// name: the keys go into the section's first field, and the recording types them there.
    @Test func textTypedOnAnOpenSectionsTitleGoesIntoItsFirstField() async throws {
      let recording = try await Pane.recordedSession { tmux, _ in
        try await tmux.openBooking()
        try await tmux.press("Tab")
        try await tmux.waitFor("› Email")
        try await tmux.press("Tab")
        try await tmux.waitFor("› ▾ First tourist")
        try await tmux.type("Ivan")
        let screen = try await tmux.waitFor("First name                  Ivan")
        #expect(
          TmuxSession.line(screen, containing: "First name")?.contains("›") == true,
          "the focus moved to First name:\n\(screen)")
      }
      #expect(
        recording.text.contains("type booking.tourist.1.firstName Ivan\n"), "\(recording.text)")
      #expect(recording.replay.status == 0, "\(recording.replay)")
    }

    /// A letter typed on a button is not typed anywhere, and the status line says so.
    @Test func textTypedOnAButtonIsNotTypedAndTheStatusLineSaysSo() async throws {
      let recording = try await Pane.recordedSession { tmux, _ in
        try await tmux.waitFor("Choose a room")
        try await tmux.type("x")
        let screen = try await tmux.waitFor("Not typed: the focus is not on a field")
        #expect(
          TmuxSession.line(screen, containing: "Not typed")?.contains("hotel.") == false,
          "on the status line, not in the screen's text:\n\(screen)")
        try await tmux.press("Tab", "Enter")
        try await tmux.waitFor("Deluxe room with sea view")
      }
      // The letter went nowhere: nothing was typed, only the press is recorded.
      #expect(recording.lines == ["tap hotel.chooseRoom"], "\(recording.text)")
      #expect(recording.replay.status == 0, "\(recording.replay)")
    }

    /// The key hints offer Esc only where there is a screen to go back to: not on Hotel, nor on
    /// Paid.
    @Test func theHintsOfferEscOnlyWhereThereIsAScreenToGoBackTo() async throws {
      try await Pane.session { tmux, _ in
        var screen = try await tmux.waitFor("Choose a room")
        let hints = { (screen: String) in TmuxSession.line(screen, containing: "Ctrl-C quit") }
        #expect(hints(screen)?.contains("Esc") == false, "\(screen)")
        try await tmux.press("Tab", "Enter")
        screen = try await tmux.waitFor("Deluxe room with sea view")
        #expect(hints(screen)?.contains("Esc back") == true, "\(screen)")
        try await tmux.press("Tab", "Tab", "Tab", "Enter")
        screen = try await tmux.waitFor("Phone number")
        #expect(hints(screen)?.contains("Esc back") == true, "on a field:\n\(screen)")
      }
    }

    /// ← / → on a carousel step its photos, as a swipe, and are recorded as the taps they are.
    ///
    /// At the end the focus stays on the carousel (on the button that still steps) instead of
    /// jumping to "Choose a room".
    @Test func arrowsOnACarouselStepItsPhotosAndTheFocusStaysOnIt() async throws {
      let recording = try await Pane.recordedSession { tmux, _ in
        try await tmux.waitFor("1 / 3")
        try await tmux.press("Right")
        try await tmux.waitFor("2 / 3")
        try await tmux.press("Right")
        let screen = try await tmux.waitFor("3 / 3")
        #expect(screen.contains("›[ ◀ Previous photo ]  3 / 3"), "\(screen)")
        try await tmux.press("Left")
        try await tmux.waitFor("2 / 3")
        // The focus is on Previous: Next, then Choose a room.
        try await tmux.press("Tab", "Tab", "Enter")
        try await tmux.waitFor("Deluxe room with sea view")
      }
      #expect(
        recording.lines == [
          "tap hotel.photos.next", "tap hotel.photos.next", "tap hotel.photos.previous",
          "tap hotel.chooseRoom",
        ], "\(recording.text)")
      #expect(recording.replay.status == 0, "\(recording.replay)")
    }

    /// A section's title brings what it heads into view with it: Tab onto "▸ Price" at the foot of
    /// Booking shows the price lines too (nothing in them takes the focus), without PgDn.
    @Test func aFocusedSectionTitleBringsItsContentIntoView() async throws {
      try await Pane.session(rows: 32) { tmux, _ in
        try await tmux.openBooking()
        // Email, the tourist's title and 6 fields, Add tourist, promo code, transfer, wishes,
        // Price.
        for _ in 0..<13 { try await tmux.press("Tab") }
        var screen = try await tmux.waitFor("› ▸ Price")
        #expect(screen.contains("Total to pay: 300 850 ₽"), "the folded summary:\n\(screen)")
        try await tmux.press("Enter")
        screen = try await tmux.waitFor("› ▾ Price")
        for line in ["Tour", "Fuel charge", "Service charge"] {
          #expect(TmuxSession.line(screen, containing: line) != nil, "\(line):\n\(screen)")
        }
      }
    }

    /// A load failure with nothing to show is said once, above its Retry (which has the focus), and
    /// not again on the status line under it.
    @Test func aLoadFailureIsSaidOnceAboveItsRetry() async throws {
      try await Pane.session(["--api", "http://127.0.0.1:1", "--timeout", "2"]) { tmux, _ in
        let screen = try await tmux.waitFor("›[ Retry ]")
        let said = screen.split(separator: "\n").filter { $0.contains("No connection") }
        #expect(said.count == 1, "\(screen)")
      }
    }

    /// Esc on the first screen does nothing (there is no screen before it), and neither does Enter
    /// on a disabled button: the recording keeps such a key as a comment, as a failed `:` line is,
    /// and the replay reaches the same end.
    @Test func aKeyThatDidNothingIsRecordedAsAComment() async throws {
      let recording = try await Pane.recordedSession { tmux, _ in
        try await tmux.waitFor("Choose a room")
        try await tmux.press("Escape")
        try await tmux.waitFor("no screen before")
        try await tmux.press("Tab", "Enter")
        try await tmux.waitFor("Deluxe room with sea view")
      }
      #expect(
        recording.lines == ["# failed, left out: back", "tap hotel.chooseRoom"],
        "\(recording.text)")
      #expect(recording.replay.status == 0, "\(recording.replay)")
    }
  }
}
