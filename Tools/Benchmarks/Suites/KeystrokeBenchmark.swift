import Domain
import Foundation
import Presentation
import UseCases

/// SPEC section 9, row 1: one keystroke in a 4-tourist booking form -> the complete new screen
/// state.
///
/// The coordinator runs over an in-memory API and stores; each iteration types into the next field
/// of a filled-in form (the text one character longer or shorter than before, as a keystroke makes
/// it) and reads the whole screen snapshot (every component model).
@MainActor enum KeystrokeBenchmark {
  static let name = "keystroke"

  static func run(_ options: Options, runner: Runner) async throws -> [ResultRow] {
    let coordinator = AppCoordinator(
      api: inMemoryAPI(), orders: OrderStore(save: { _ in }, all: { [] }),
      drafts: DraftStore(load: { nil }, save: { _ in }, clear: {}, flush: {}),
      dependencies: dependencies())
    await coordinator.start(fresh: true)
    for action in [UserAction.tap("hotel.chooseRoom"), .tap("rooms.room.2.choose")] {
      await coordinator.settle()
      try await coordinator.send(action)
    }
    await coordinator.settle()
    for _ in 1..<4 { try await coordinator.send(.tap("booking.addTourist")) }
    var keystrokes: [(id: String, texts: [String])] = [
      ("booking.buyer.phone", ["+7 (916) 123-45-6", "+7 (916) 123-45-67"]),
      ("booking.buyer.email", ["ivan@example.co", "ivan@example.com"]),
    ]
    for tourist in 1...4 {
      let prefix = "booking.tourist.\(tourist)."
      keystrokes += [
        (prefix + "firstName", ["Iva", "Ivan"]),
        (prefix + "lastName", ["Petro", "Petrov"]),
        (prefix + "birthDate", ["01.02.199", "01.02.1990"]),
        (prefix + "citizenship", ["Russi", "Russia"]),
        (prefix + "passportNumber", ["45 12 34567", "45 12 345678"]),
        (prefix + "passportExpiry", ["2030-01-0", "2030-01-01"]),
      ]
    }
    // Fill the form in, and move focus off the last field, so every field is checked.
    for (id, texts) in keystrokes {
      try await coordinator.send(.type(id, texts[1]))
    }
    try await coordinator.send(.next)
    await coordinator.settle()
    let filled = coordinator.snapshot
    guard filled.screen == .booking, filled.fields.count >= 26,
      filled.fields.allSatisfy({ $0.error == nil })
    else {
      throw ChildProcess.Failure(
        description: "the booking form did not fill in: \(filled.fields.filter { $0.error != nil })"
      )
    }

    let sink = Blackhole()
    var step = 0
    let sample = try await runner.measureAsync(
      "keystroke", warmUp: options.iterations(500), iterations: options.iterations(5_000)
    ) {
      // Fields in turn; each visit takes one character off, the next puts it back.
      let (id, texts) = keystrokes[step % keystrokes.count]
      let text = texts[(step / keystrokes.count) % 2]
      step += 1
      try await coordinator.send(.type(id, text))
      let snapshot = coordinator.snapshot
      sink.consume(snapshot.blocks.count)
    }
    await coordinator.settle()
    // The two halves on their own, for profiling: the intent, and the snapshot it leads to.
    let sendOnly = try await runner.measureAsync(
      "send", warmUp: options.iterations(500), iterations: options.iterations(5_000)
    ) {
      let (id, texts) = keystrokes[step % keystrokes.count]
      step += 1
      try await coordinator.send(.type(id, texts[(step / keystrokes.count) % 2]))
    }
    let snapshotOnly = runner.measure(
      "snapshot", warmUp: options.iterations(500), iterations: options.iterations(5_000)
    ) {
      sink.consume(coordinator.snapshot.blocks.count)
    }
    await coordinator.settle()
    print(
      "keystroke: \(filled.fields.count) fields, 4 tourists; median \(sample.median.formatted), "
        + "p99 \(sample.p99.formatted), p99.9 \(sample.percentile(0.999).formatted); the intent "
        + "alone \(sendOnly.median.formatted), the snapshot alone \(snapshotOnly.median.formatted)")
    return [
      ResultRow(
        what:
          "one keystroke in a 4-tourist booking form -> complete new screen state "
          + "(validation, price, component models)",
        target: "median <= 20 µs, p99 <= 100 µs",
        measured: "median \(sample.median.formatted), p99 \(sample.p99.formatted)",
        meetsTarget: sample.median.microseconds <= 20 && sample.p99.microseconds <= 100)
    ]
  }

  private static func inMemoryAPI() -> BookingAPI {
    BookingAPI(
      hotel: { _, _ in Loaded(Samples.hotel, origin: .network) },
      rooms: { _, _ in Loaded(Samples.rooms, origin: .network) },
      booking: { _, _, _ in Loaded(Samples.offer, origin: .network) },
      bookingForm: { _, _ in nil },
      submitOrder: { _, _, _ in OrderConfirmation(orderNumber: 1) })
  }

  private static func dependencies() -> Dependencies {
    let today = CalendarDate(year: 2026, month: 5, day: 1) ?? Samples.tourDates.start
    return Dependencies(
      clock: ContinuousClock(), now: { Date(timeIntervalSince1970: 1_800_000_000) },
      today: { today }, uuid: { UUID() }, random: { 0.5 }, language: .en)
  }
}
