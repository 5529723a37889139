import Domain
import TestSupport
import Testing
import UseCases

@testable import Presentation

/// The Booking snapshot is kept between keystrokes and rebuilt only where the state changed;
/// after every kind of change it must equal the blocks a new cache builds from scratch, and
/// what hosts read (`sections`, `fieldModel`, `payButton`) must be those same models.
@MainActor @Suite struct BookingScreenCacheTests {
  let flow = FlowHarness()

  /// The blocks built from scratch for the state shown now.
  func freshBlocks() throws -> [Block] {
    let booking = try #require(flow.booking)
    return BookingScreenCache().blocks(booking.state, strings: booking.strings)
  }

  func assertSnapshotIsFresh(_ comment: Comment) throws {
    let snapshot = flow.snapshot
    #expect(snapshot.blocks == (try freshBlocks()), comment)
    let focus = try #require(flow.booking).state.ui.focus
    #expect(snapshot.focus == focus.map { "booking." + $0.rawValue }, comment)
    let booking = try #require(flow.booking)
    let sections = snapshot.blocks.compactMap { block -> SectionModel? in
      if case .section(let section) = block, section.instance != nil { return section }
      return nil
    }
    #expect(booking.sections == sections, comment)
    #expect(booking.fields == snapshot.fields, comment)
    for field in snapshot.fields {
      #expect(booking.fieldModel(field.path) == field, comment)
    }
    #expect(booking.payButton == snapshot.button(.pay), comment)
    #expect(booking.addTouristButton == snapshot.button(.addTourist), comment)
  }

  @Test func everyKindOfChangeGivesTheSameSnapshotAsAFreshBuild() async throws {
    try await flow.openBooking()
    try assertSnapshotIsFresh("the form as loaded")
    try await flow.type("booking.buyer.email", "ivan@")
    try await flow.send(.next)
    try assertSnapshotIsFresh("focus left a field with a problem: it shows the error")
    try await flow.type("booking.buyer.email", "ivan@example.com")
    try assertSnapshotIsFresh("the error cleared as it was fixed")
    try await flow.tap("booking.addTourist")
    try await flow.tap("booking.addTourist")
    try assertSnapshotIsFresh("tourists added: a new layout, new prices")
    try await flow.tap("booking.tourist.2")
    try await flow.tap("booking.price")
    try assertSnapshotIsFresh("sections toggled")
    try await flow.type("booking.tourist.2.firstName", "Anna")
    try assertSnapshotIsFresh("typing into a collapsed tourist expands it")
    try await flow.tap("booking.pay")
    try assertSnapshotIsFresh("Pay marked every invalid field and focused the first")
    try await flow.tap("booking.tourist.2.remove")
    try assertSnapshotIsFresh("a tourist removed: later ones renumbered")
    try await flow.type("booking.tourist.2.firstName", "")
    try assertSnapshotIsFresh("a field cleared")
  }

  @Test func changesBetweenSnapshotsAreAllShown() async throws {
    try await flow.openBooking()
    _ = flow.snapshot
    // Several keystrokes and focus moves with no snapshot in between, back to the first field.
    try await flow.coordinator.send(.type("booking.buyer.phone", "916"))
    try await flow.coordinator.send(.type("booking.buyer.email", "x@"))
    try await flow.coordinator.send(.tap("booking.tourist.1.lastName"))
    try await flow.coordinator.send(.type("booking.buyer.phone", "9161234567"))
    try assertSnapshotIsFresh("after four intents")
    #expect(flow.snapshot.focus == "booking.buyer.phone")
    #expect(flow.error("booking.buyer.email") == "Enter a domain such as example.com after the @")
    #expect(flow.value("booking.buyer.phone") == "+7 (916) 123-45-67")
  }

  @Test func aKeystrokeInAFilledFourTouristFormMatchesAFreshSnapshot() async throws {
    try await flow.openBooking()
    try await flow.fillValidForm(tourists: 4)
    try await flow.tap("booking.tourist.3.lastName")
    let before = flow.snapshot
    try await flow.type("booking.tourist.3.lastName", "Petro")
    try assertSnapshotIsFresh("one keystroke")
    try await flow.type("booking.tourist.3.lastName", "Petrov")
    try assertSnapshotIsFresh("and back")
    #expect(flow.snapshot.blocks == before.blocks, "the same text shows the same screen")
  }
}

/// Showing a server's form costs steps linear in its size (SPEC section 6): the steps of the first
/// build with N and 2N more sections.
@MainActor @Suite struct BookingScreenCostTests {
  /// The build steps of the Booking screen of the built-in form plus `extra` empty sections.
  func buildSteps(extra: Int) async throws -> Int {
    let flow = FlowHarness()
    var schema = FormSchema.booking(language: .en)
    schema.sections += (0..<extra).map { FormSection(id: "e\($0)", title: "E", fields: []) }
    flow.server.setFormSchema(schema)
    try await flow.openBooking()
    _ = flow.snapshot
    let booking = try #require(flow.booking)
    #expect(booking.sections.count >= extra)
    return booking.screenCache.buildSteps
  }

  @Test func showingAFormIsLinearInItsSections() async throws {
    let base = try await buildSteps(extra: 0)
    let some = try await buildSteps(extra: 400)
    let twice = try await buildSteps(extra: 800)
    #expect(twice - some == some - base, "\(base), \(some), \(twice)")
  }
}
