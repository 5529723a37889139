import Domain
import Foundation
import Testing
import UseCases

@testable import Persistence

@Suite("Orders keep the form's fields and the server's total")
struct OrderExtrasTests {
  @Test func theyAreSavedAndReadBack() async throws {
    try await TemporaryDirectory.with { temp in
      let store = FileStore(directory: temp.dataDirectory)
      try store.prepare(subdirectory: "orders")
      var order = try Samples.order(7)
      order.request.form = ["extras.promoCode": "SUMMER10", "price.total": "271910"]
      order.serverTotal = Money(271_910)
      let orders = OrderStore.files(store)
      try await orders.save(order)
      #expect(try await orders.all() == [order])
      #expect(try await orders.all().first?.total == Money(271_910))
    }
  }

  @Test func anOrderSavedBeforeThemStillReads() async throws {
    try await TemporaryDirectory.with { temp in
      let store = FileStore(directory: temp.dataDirectory)
      try store.prepare(subdirectory: "orders")
      var order = try Samples.order(8)
      order.request.form = ["price.total": "300850"]
      order.serverTotal = Money(300_850)
      let orders = OrderStore.files(store)
      try await orders.save(order)
      // The same file as a version 2 file written before orders had these keys.
      let path = store.path("orders", "8.json")
      let data = try #require(try FileSystem.live.read(path, 1 << 20))
      var file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      var saved = try #require(file["order"] as? [String: Any])
      var request = try #require(saved["request"] as? [String: Any])
      #expect(request.removeValue(forKey: "form") != nil)
      #expect(saved.removeValue(forKey: "serverTotal") != nil)
      saved["request"] = request
      file["order"] = saved
      try JSONSerialization.data(withJSONObject: file).write(to: URL(fileURLWithPath: path))

      var older = order
      older.request.form = [:]
      older.serverTotal = nil
      #expect(try await orders.all() == [older])
      #expect(older.total == Money(300_850), "the offer's price for its tourists")
    }
  }
}
