import Foundation
import Testing

extension EndToEnd {
  /// Keys as terminals other than xterm send them, given to `hotel run` in a real terminal
  /// (tmux) byte for byte (`send-keys -H`): tmux itself sends its own, xterm-like, sequences.
  @Suite(.enabled(if: Tmux.executable != nil, "tmux is not installed (.ci/run installs it)"))
  struct FullScreenTerminalKindsEndToEndTests {
    /// The Linux console (`TERM=linux`) sends F1 to F5 as `ESC [ [ A` to `ESC [ [ E`.
    ///
    /// In a text field, F2 is the only way to the command line and F1 to the keys (`:` and `?` are
    /// text there), and both typed a letter into the field instead ("B", "A").
    @Test func theLinuxConsolesF1AndF2OpenTheKeysAndTheCommandLineFromAField() async throws {
      try await Pane.session { tmux, _ in
        try await tmux.openBooking()
        try await tmux.press("Tab", "Tab", "Tab")
        try await tmux.waitFor("› First name")
        try await tmux.type("Iv")
        try await tmux.waitFor("Iv")
        // F1: the keys overlay; any other key closes it.
        try await tmux.send(bytes: [0x1B, 0x5B, 0x5B, 0x41])
        try await tmux.waitFor("┌─ Keys")
        try await tmux.press("Escape")
        let closed = try await tmux.waitFor("the keys closed") { !$0.contains("┌─ Keys") }
        let field = closed.split(separator: "\n").first { $0.contains("First name") } ?? ""
        #expect(
          field.contains(" Iv") && !field.contains("IvA"), "F1 typed into the field: \(field)")
        // F2: the command line; what is typed there is a command, not the field's text. It
        // holds: the field has "Iv", no "A" or "B" typed into it.
        try await tmux.send(bytes: [0x1B, 0x5B, 0x5B, 0x42])
        try await tmux.type("expect value booking.tourist.1.firstName Iv")
        try await tmux.press("Enter")
        // A check that does not hold shows its failure instead, and the wait fails naming it.
        let checked = try await tmux.waitFor("✓ holds")
        #expect(!checked.contains("IvA") && !checked.contains("IvB"), "\(checked)")
      }
    }

    /// A keypad left in application mode (by another program, or a terminal's default) sends `ESC O
    /// y` for its 9, `ESC O q` for 1, `ESC O r` for 2: the phone typed on it typed nothing.
    ///
    /// Its digits are typed, as the main keys' are.
    @Test func theKeypadInApplicationModeTypesDigits() async throws {
      try await Pane.session { tmux, _ in
        try await tmux.openBooking()
        try await tmux.send(bytes: [0x1B, 0x4F, 0x79, 0x1B, 0x4F, 0x71, 0x1B, 0x4F, 0x72])
        let screen = try await tmux.waitFor("+7 (912")
        let phone = screen.split(separator: "\n").first { $0.contains("Phone number") } ?? ""
        // The three digits and nothing else: no letter of the sequences typed after them.
        #expect(phone.hasSuffix("Phone number                +7 (912"), "\(screen)")
        #expect(!screen.contains("does nothing here"), "\(screen)")
      }
    }

    /// rxvt's Ctrl-Delete, `ESC [ 3 ^`, was no key at all, and xterm's (`ESC [ 3 ; 5 ~`) was
    /// named on the status line as doing nothing: in a field both delete the word after the
    /// cursor, as Ctrl-W deletes the one before.
    @Test func rxvtsCtrlDeleteDeletesTheWordAfterTheCursor() async throws {
      try await Pane.session { tmux, _ in
        try await tmux.openBooking()
        try await tmux.press("Tab", "Tab", "Tab")
        try await tmux.waitFor("› First name")
        try await tmux.type("Anna Maria")
        try await tmux.waitFor("Anna Maria")
        try await tmux.press("Home")
        try await tmux.send(bytes: [0x1B, 0x5B, 0x33, 0x5E])
        let screen = try await tmux.waitFor("the first word deleted") { !$0.contains("Anna") }
        #expect(screen.contains(" Maria"), "\(screen)")
        #expect(!screen.contains("does nothing here"), "\(screen)")
      }
    }

    /// A key the app has no use for (F5, Insert, Alt-x: also Esc and x typed in one go, which is
    /// Alt-x), in a field and on a button alike: the status line names it and where the keys are
    /// listed, until the next key.
    @Test func aKeyThatMeansNothingIsNamedOnTheStatusLine() async throws {
      try await Pane.session { tmux, _ in
        try await tmux.openBooking()
        try await tmux.press("F5")
        try await tmux.waitFor("F5 does nothing here (F1 lists the keys)")
        try await tmux.press("M-x")
        try await tmux.waitFor("Alt-x does nothing here (F1 lists the keys)")
        try await tmux.type("9")
        let typed = try await tmux.waitFor("the note gone at the next key") {
          !$0.contains("does nothing here")
        }
        #expect(typed.contains("+7 (9"), "\(typed)")
        try await tmux.press("Tab", "Tab")
        try await tmux.waitFor("› ▾ First tourist")
        try await tmux.press("IC")
        try await tmux.waitFor("Insert does nothing here (? lists the keys)")
      }
    }

    /// Such a key does not take the place of an error still showing (it stays until the next
    /// action on the flow, so a key cannot make it missed).
    @Test func aKeyThatMeansNothingLeavesAnErrorInPlace() async throws {
      try await Pane.session { tmux, _ in
        let error = "back: there is no screen before hotel"
        try await tmux.waitFor("Choose a room")
        try await tmux.press("Escape")
        try await tmux.waitFor(error)
        try await tmux.press("F5", "Tab")
        let screen = try await tmux.waitFor("the focus on Choose a room") {
          $0.contains("›[ Choose a room ]")
        }
        #expect(screen.contains(error), "\(screen)")
        #expect(!screen.contains("does nothing here"), "\(screen)")
      }
    }

    /// While the calendar is open, the bottom line names its keys: it said the field's
    /// "Tab/Enter next · Shift-Tab previous · Esc back · F2 command · F1 keys", and there Tab,
    /// Shift-Tab, F1 and F2 do nothing and Esc closes the calendar rather than going back.
    @Test func theHintsNameTheCalendarsKeysWhileItIsOpen() async throws {
      try await Pane.session { tmux, _ in
        try await tmux.openBooking()
        try await tmux.press("Tab", "Tab", "Tab", "Tab", "Tab")
        try await tmux.waitFor("› Date of birth")
        try await tmux.press("F4")
        let open = try await tmux.waitFor("Mo  Tu  We")
        let hints = open.split(separator: "\n").last.map(String.init) ?? ""
        #expect(hints.contains("Enter pick · Esc close"), "\(hints)")
        #expect(hints.contains("PgUp/PgDn month"), "\(hints)")
        #expect(!hints.contains("Esc back") && !hints.contains("F1 keys"), "\(hints)")
        try await tmux.press("Escape")
        let closed = try await tmux.waitFor("the calendar closed") { !$0.contains("Mo  Tu") }
        #expect(closed.contains("Esc back · F2 command · F1 keys"), "\(closed)")
      }
    }

    /// While the keys overlay is open, the bottom line names its keys: it said the field's
    /// "Tab/Enter next · … · F2 command · F1 keys", and there every key but those that scroll it
    /// closes the overlay.
    ///
    /// Taller than the window (30 rows), it also says how to scroll.
    @Test func theHintsNameTheKeysOverlaysKeysWhileItIsOpen() async throws {
      try await Pane.session(rows: 30) { tmux, _ in
        try await tmux.openBooking()
        try await tmux.press("F1")
        // The overlay and the bottom line are one frame: wait until tmux has read all of it.
        let open = try await tmux.waitFor("the keys and their hints") {
          $0.contains("┌─ Keys") && $0.split(separator: "\n").last?.contains("closes") == true
        }
        let hints = open.split(separator: "\n").last.map(String.init) ?? ""
        #expect(hints.contains("↑ ↓ PgUp/PgDn scroll · any other key closes"), "\(hints)")
        #expect(!hints.contains("Tab") && !hints.contains("F2 command"), "\(hints)")
        try await tmux.press("Escape")
        let closed = try await tmux.waitFor("the keys closed") { !$0.contains("┌─ Keys") }
        #expect(closed.contains("F2 command · F1 keys"), "\(closed)")
      }
      try await Pane.session(["--lang", "ru"]) { tmux, _ in
        try await tmux.waitFor("? клавиши · Ctrl-C выход")
        try await tmux.type("?")
        let open = try await tmux.waitFor("the keys and their hints") {
          $0.contains("┌─ Клавиши") && $0.split(separator: "\n").last?.contains("закрывает") == true
        }
        let hints = open.split(separator: "\n").last.map(String.init) ?? ""
        #expect(hints.contains("любая клавиша закрывает · Ctrl-C выход"), "\(hints)")
        #expect(!hints.contains("прокрутка") && !hints.contains("? клавиши"), "\(hints)")
      }
    }
  }
}
