import Domain
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
      options: options, environment: [:], transport: FlowSession.makeTransport(for: options))
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
}
