import FixtureAPI
import Foundation
import Testing

@Suite("POST /orders is idempotent")
struct FixtureOrderTests {
  private let body = #"{"room_id":2,"tourists":[{}]}"#

  @Test("The same key answers the same order number and creates one order")
  func sameKeySameOrder() async throws {
    try await withFixture { server, port in
      let first = await RawHTTPClient.exchange(port: port, orderRequest(key: "key-1", body: body))
      let replay = await RawHTTPClient.exchange(port: port, orderRequest(key: "key-1", body: body))
      #expect(first.statuses == [201])
      #expect(replay.statuses == [201])
      let number = try jsonObject(first)["order_number"] as? Int
      #expect(number == 104_893)
      let replayed = try jsonObject(replay)["order_number"] as? Int
      #expect(replayed == number)
      #expect(replay.header("Idempotent-Replayed") == "true")
      #expect(server.createdOrderCount == 1)
    }
  }

  @Test("A new key creates the next order")
  func newKeyNextOrder() async throws {
    try await withFixture { server, port in
      let first = await RawHTTPClient.exchange(port: port, orderRequest(key: "a", body: body))
      let second = await RawHTTPClient.exchange(port: port, orderRequest(key: "b", body: body))
      let numbers = try [first, second].map { try jsonObject($0)["order_number"] as? Int }
      #expect(numbers == [104_893, 104_894])
      #expect(server.createdOrderCount == 2)
    }
  }

  @Test(
    "Orders without a key, or without a JSON object, are refused with 400",
    arguments: [
      (String?.none, #"{"room_id":2}"#), ("", #"{"room_id":2}"#), ("k", "not json"),
      ("k", "[1, 2]"), ("k", ""),
    ])
  func refused(key: String?, body: String) async throws {
    try await withFixture { server, port in
      let exchange = await RawHTTPClient.exchange(port: port, orderRequest(key: key, body: body))
      #expect(exchange.statuses == [400])
      #expect(server.createdOrderCount == 0)
    }
  }

  @Test("A key reused with a different order is refused with 422")
  func keyReusedWithOtherBody() async throws {
    try await withFixture { server, port in
      _ = await RawHTTPClient.exchange(port: port, orderRequest(key: "k", body: body))
      let other = await RawHTTPClient.exchange(
        port: port, orderRequest(key: "k", body: #"{"room_id":1}"#))
      #expect(other.statuses == [422])
      #expect(server.createdOrderCount == 1)
    }
  }
}
