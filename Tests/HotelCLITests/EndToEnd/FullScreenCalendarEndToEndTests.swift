import Foundation
import Testing

extension EndToEnd {
  /// The calendar in a real terminal (tmux): PgUp / PgDn and the arrows never land on a
  /// dimmed day; at the edge of what the field accepts the cursor stays and the popup says so
  /// (SPEC 5.1: "offers only the dates the field's rule accepts").
  @Suite(.enabled(if: Tmux.executable != nil, "tmux is not installed (.ci/run installs it)"))
  struct FullScreenCalendarEndToEndTests {
    /// The passport expiry (the trip ends on 27 September 2027): PgUp from October lands on
    /// 28 September, not on a month of dimmed days; PgUp again stays and says why; Enter
    /// picks the day the cursor landed on.
    @Test func aMonthBackStopsAtTheFirstDayThePassportExpiryAccepts() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let app = try await Pane.start(hotel, ["--today", "2026-06-01", "--fresh"])
      defer { app.tmux.close() }
      let tmux = app.tmux
      try await tmux.openBooking()
      for _ in 0..<8 { try await tmux.press("Tab") }
      try await tmux.waitFor("› Passport expiry date")
      try await tmux.type("15102027")
      try await tmux.press("F4")
      try await tmux.waitFor("October 2027")
      try await tmux.press("PageUp")
      try await tmux.waitFor("September 2027")
      try await tmux.press("PageUp")
      var screen = try await tmux.waitFor("No earlier date can be")
      #expect(screen.contains("September 2027"), "\(screen)")
      #expect(!screen.contains("August 2027"), "\(screen)")
      try await tmux.press("Up", "Left", "Home")
      screen = try await tmux.waitFor("No earlier date can be")
      #expect(screen.contains("September 2027"), "\(screen)")
      try await tmux.press("Enter")
      screen = try await tmux.waitFor("28.09.2027")
      #expect(
        TmuxSession.line(screen, containing: "28.09.2027")?.contains("✓") == true, "\(screen)")
      try await tmux.press("C-c")
      try await app.waitForExit()
    }

    /// The birth date in Russian, today a leap day (29 February 2028): PgDn and → from the
    /// day before today stay and say so in Russian; 120 years back a year at a time stops on
    /// 29 February 1908, which Enter picks.
    @Test func theBirthDateStopsAtYesterdayAndAHundredAndTwentyYearsAgoInRussian() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let app = try await Pane.start(hotel, ["--lang", "ru", "--today", "2028-02-29", "--fresh"])
      defer { app.tmux.close() }
      let tmux = app.tmux
      try await tmux.waitFor("К выбору номера")
      try await tmux.press("Tab", "Enter")
      try await tmux.waitFor("Люкс номер с видом на море")
      try await tmux.press("Tab", "Tab", "Tab", "Enter")
      try await tmux.waitFor("› Номер телефона")
      for _ in 0..<5 { try await tmux.press("Tab") }
      try await tmux.waitFor("› Дата рождения")
      try await tmux.press("F4")
      try await tmux.waitFor("Февраль 2028")
      try await tmux.press("PageDown")
      var screen = try await tmux.waitFor("Более позднюю дату")
      #expect(screen.contains("Февраль 2028") && !screen.contains("Март 2028"), "\(screen)")
      // `<` is a year back: 125 of them, typed at once, each a key of its own.
      try await tmux.type(String(repeating: "<", count: 125))
      screen = try await tmux.waitFor("Более раннюю дату")
      #expect(screen.contains("Февраль 1908"), "\(screen)")
      try await tmux.press("Enter")
      screen = try await tmux.waitFor("29.02.1908")
      #expect(
        TmuxSession.line(screen, containing: "29.02.1908")?.contains("✓") == true, "\(screen)")
      try await tmux.press("C-c")
      try await app.waitForExit()
    }
  }
}
