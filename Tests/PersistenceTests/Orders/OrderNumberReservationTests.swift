import Foundation
import Testing

@testable import Persistence

/// The counter of order numbers (`order-number.json`) is read like every other file: one the
/// decoder would misread is damaged, not believed.
@Suite("Order number reservation")
struct OrderNumberReservationTests {
  /// A fresh reservation's next number after `counter` is written as the counter file.
  static func next(after counter: String, in temp: TemporaryDirectory) throws -> Int {
    let store = FileStore(directory: temp.dataDirectory)
    _ = try OrderNumberReservation(store, first: 100).next()
    try Data(counter.utf8).write(to: URL(fileURLWithPath: store.path("order-number.json")))
    return try OrderNumberReservation(store, first: 100).next()
  }

  @Test func aReadableCounterIsContinued() async throws {
    try await TemporaryDirectory.with { temp in
      let next = try Self.next(after: #"{"schema_version": 1, "last": 900}"#, in: temp)
      #expect(next == 901)
    }
  }

  /// The decoder would take one of the two numbers in silence; the counter is damaged instead,
  /// so the number is bounded by the saved orders alone (none here) and starts at `first`.
  @Test func aCounterWithItsNumberTwiceIsDamaged() async throws {
    try await TemporaryDirectory.with { temp in
      let counter = #"{"schema_version": 1, "last": 900, "last": 950}"#
      let next = try Self.next(after: counter, in: temp)
      #expect(next == 100)
    }
  }

  @Test func aDamagedCounterIsOverwrittenWithTheNumberHandedOut() async throws {
    try await TemporaryDirectory.with { temp in
      _ = try Self.next(after: #"{"schema_version": 1, "last": 1, "last": 2}"#, in: temp)
      let store = FileStore(directory: temp.dataDirectory)
      let saved = try Data(contentsOf: URL(fileURLWithPath: store.path("order-number.json")))
      #expect(String(decoding: saved, as: UTF8.self) == "{\"schema_version\":1,\"last\":100}\n")
    }
  }
}
