import Domain
import Foundation
import Testing
import UseCases

@testable import Persistence

@Suite("Order migration")
struct OrderMigrationTests {
  /// An order file as the first release wrote it (schema version 1).
  static let version1 = #"""
    {
      "schema_version": 1,
      "order_number": 104893,
      "idempotency_key": "5B0D2E7A-1C4F-4E55-9B8C-3F0A9E6D2C11",
      "placed_at": "2026-09-10T00:26:40Z",
      "booking": {
        "id": 2,
        "room_id": 2,
        "hotel_name": "Steigenberger Makadi",
        "hotel_adress": "Madinat Makadi, Safaga Road, Makadi Bay, Egypt",
        "horating": 5,
        "rating_name": "Excellent",
        "departure": "Moscow",
        "arrival_country": "Egypt, Hurghada",
        "tour_date_start": "19.09.2027",
        "tour_date_stop": "27.09.2027",
        "number_of_nights": 7,
        "room": "Suite with a sea view",
        "nutrition": "All inclusive",
        "tour_price": 289400,
        "fuel_charge": 9300,
        "service_charge": 2150
      },
      "buyer": {"phone": "+7 (916) 123-45-67", "email": "ivan@example.com"},
      "tourists": [
        {
          "first_name": "Ivan",
          "last_name": "Petrov",
          "birth_date": "17.05.1990",
          "citizenship": "Russia",
          "passport_number": "4510 123456",
          "passport_expiry": "01.01.2030"
        }
      ],
      "total": "300 850 ₽"
    }
    """#

  @Test func aVersion1OrderIsReadAsToday() async throws {
    try await TemporaryDirectory.with { temp in
      let log = ReportLog()
      let store = FileStore(directory: temp.dataDirectory, report: log.report)
      try store.prepare(subdirectory: "orders")
      let path = store.path("orders", "104893.json")
      try Data(Self.version1.utf8).write(to: URL(fileURLWithPath: path))

      let orders = try await OrderStore.files(store).all()
      let expected = try Samples.order(
        104_893, key: "5B0D2E7A-1C4F-4E55-9B8C-3F0A9E6D2C11", second: 0)
      #expect(orders == [expected])
      #expect(orders.first?.request.price.total == Money(300_850))
      #expect(orders.first?.request.buyer.phone == (try PhoneNumber("+79161234567")))
      #expect(log.all.isEmpty)
      // Reading does not rewrite the file.
      #expect(try FileSystem.live.read(path, 1 << 20) == Data(Self.version1.utf8))
    }
  }

  @Test func savingAMigratedSubmissionAgainIsANoOp() async throws {
    try await TemporaryDirectory.with { temp in
      let store = FileStore(directory: temp.dataDirectory)
      try store.prepare(subdirectory: "orders")
      try Data(Self.version1.utf8).write(
        to: URL(fileURLWithPath: store.path("orders", "104893.json")))
      let orders = OrderStore.files(store)
      try await orders.save(
        Samples.order(104_893, key: "5B0D2E7A-1C4F-4E55-9B8C-3F0A9E6D2C11"))
      #expect(try FileSystem.live.list(store.path("orders")) == ["104893.json"])
    }
  }

  @Test(arguments: [
    ("buyer.phone", #""phone": "+7 (916) 123-45-67""#, #""phone": "12""#),
    (
      "booking.tour_date_stop", #""tour_date_stop": "27.09.2027""#,
      #""tour_date_stop": "31.02.2027""#
    ),
    ("tourists[0].first_name", #""first_name": "Ivan""#, #""first_name": "  ""#),
  ])
  func aVersion1FieldTodaysRulesRefuseIsNamedAndTheFileMovedAside(
    field: String, original: String, replacement: String
  ) async throws {
    try await TemporaryDirectory.with { temp in
      let log = ReportLog()
      let store = FileStore(directory: temp.dataDirectory, report: log.report)
      try store.prepare(subdirectory: "orders")
      let path = store.path("orders", "104893.json")
      let broken = Self.version1.replacingOccurrences(of: original, with: replacement)
      #expect(broken != Self.version1)
      try Data(broken.utf8).write(to: URL(fileURLWithPath: path))

      #expect(try await OrderStore.files(store).all().isEmpty)
      #expect(log.all.count == 1)
      #expect(log.all.first?.contains(field) == true)
      #expect(try FileSystem.live.read(path + ".corrupt", 1 << 20) == Data(broken.utf8))
    }
  }
}
