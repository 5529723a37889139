import Domain
import FixtureAPI
import Foundation
import Testing

@testable import HotelCLI

/// A suite's journeys share what is safe to share in one process: the transport and the
/// compiled booking forms, never state.
@MainActor
@Suite struct JourneyRunnerTests {
  static func journey(_ name: String, _ texts: [String]) throws -> Journey {
    Journey(
      name: name, path: name, lines: try ScriptParser.parse(script: texts.joined(separator: "\n")),
      tags: [])
  }

  @Test func journeysShareTheCompiledFormsAndNothingElse() async throws {
    var options = Options()
    options.today = CalendarDate(year: 2026, month: 6, day: 1)
    let runner = JourneyRunner(
      options: options, transport: FlowSession.makeTransport(for: options))
    let toBooking = [
      "tap hotel.chooseRoom", "tap rooms.room.2.choose", "expect screen booking",
    ]
    let first = await runner.run(
      try Self.journey("first", toBooking + ["type booking.tourist.1.firstName Ivan"]))
    #expect(first.outcome == .passed, "\(first)")
    #expect(runner.forms.count == 1, "the fixture's form for room 2, compiled once")
    // The second journey gets the same compiled form but not the first one's state.
    let second = await runner.run(
      try Self.journey("second", toBooking + ["expect value booking.tourist.1.firstName \"\""]))
    #expect(second.outcome == .passed, "\(second)")
    #expect(runner.forms.count == 1)
  }

  /// Hermetic journeys share one fixture server, each in a scope of its own: each numbers its
  /// first order as a fresh fixture does, and the scope is closed when the journey ends.
  @Test func journeysShareTheFixtureServerButNotItsState() async throws {
    let fixture = FixtureServer()
    try fixture.start()
    var options = Options()
    options.today = CalendarDate(year: 2026, month: 6, day: 1)
    let runner = JourneyRunner(
      options: options, transport: FlowSession.makeTransport(for: options), fixture: fixture)
    let paying = [
      "tap hotel.chooseRoom", "tap rooms.room.2.choose",
      "type booking.buyer.phone 9161234567", "type booking.buyer.email ivan@example.com",
      "type booking.tourist.1.firstName Ivan", "type booking.tourist.1.lastName Petrov",
      "type booking.tourist.1.birthDate 01021990", "type booking.tourist.1.citizenship Russia",
      "type booking.tourist.1.passportNumber \"45 12 345678\"",
      "type booking.tourist.1.passportExpiry 2030-01-01", "tap booking.pay",
      "expect screen paid", "expect text \"104893\"",
    ]
    for name in ["first", "second"] {
      let result = await runner.run(try Self.journey(name, paying))
      #expect(result.outcome == .passed, "\(result)")
    }
    #expect(fixture.openScopeCount == 0)
    #expect(fixture.receivedRequests.isEmpty, "every request went to a journey's scope")
    await fixture.stop()
  }

  /// `show` and `help` in a journey print into its result's output (for the report's
  /// `system-out`), drained line by line and kept up to a bound: a journey of many `show`s
  /// neither floods the report nor holds every screen in memory.
  @Test func whatShowAndHelpPrintIsKeptWithinABound() async throws {
    var options = Options()
    options.today = CalendarDate(year: 2026, month: 6, day: 1)
    let runner = JourneyRunner(
      options: options, transport: FlowSession.makeTransport(for: options))
    let shown = await runner.run(
      try Self.journey("shown", ["show", "help", "expect screen rooms"]))
    #expect(shown.outcome == .failed)
    #expect(shown.output.hasPrefix("━━ Hotel ━"), "\(shown.output)")
    #expect(shown.output.contains("tap  hotel.chooseRoom"), "\(shown.output)")
    #expect(!shown.outputWasCut)
    // The screen drawn for the failure is the failure's, not the output's.
    guard case .drawn(let screen)? = shown.failures.first?.screen else {
      Issue.record("no screen kept for the failure: \(shown.failures)")
      return
    }
    #expect(screen.hasPrefix("━━ Hotel ━"), "\(screen)")
    #expect(shown.output.components(separatedBy: "━━ Hotel ━").count == 2)

    let many = await runner.run(
      try Self.journey("many", Array(repeating: "show", count: 100)))
    #expect(many.outcome == .passed)
    #expect(many.outputWasCut)
    #expect(many.output.utf8.count <= JourneyResult.outputLimit)
    #expect(many.output.utf8.count > JourneyResult.outputLimit / 2)
    #expect(many.output.hasSuffix("\n"), "cut on a line")
  }
}
