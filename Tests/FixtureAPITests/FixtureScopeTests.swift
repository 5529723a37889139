import FixtureAPI
import Foundation
import Testing

@Suite("Scopes: state of their own on one server")
struct FixtureScopeTests {
  private let body = #"{"room_id":2,"tourists":[{}]}"#

  @Test("Two scopes each number orders from the first and keep their own idempotency keys")
  func separateOrders() async throws {
    try await withFixture { server, port in
      let first = server.openScope()
      let second = server.openScope()
      let one = await order(port, first, key: "k")
      let other = await order(port, second, key: "k")
      let replay = await order(port, first, key: "k")
      let next = await order(port, first, key: "k2")
      #expect([one, other, replay, next].map(\.statuses) == [[201], [201], [201], [201]])
      let numbers = try [one, other, replay, next].map {
        try jsonObject($0)["order_number"] as? Int
      }
      #expect(numbers == [104_893, 104_893, 104_893, 104_894])
      #expect(
        [one, other, replay].map { $0.header("Idempotent-Replayed") } == ["false", "false", "true"])
      #expect(first.createdOrderCount == 2)
      #expect(second.createdOrderCount == 1)
      #expect(server.createdOrderCount == 0)
      #expect(server.receivedRequests.isEmpty)
      let root = await RawHTTPClient.exchange(port: port, orderRequest(key: "k", body: body))
      #expect(try jsonObject(root)["order_number"] as? Int == 104_893)
    }
  }

  @Test("A scope takes its order numbers from openScope's closure, not the server's")
  func orderNumbersOfTheScope() async throws {
    var options = FixtureOptions()
    options.orderNumbers = { 1 }
    try await withFixture(options) { server, port in
      let scope = server.openScope(orderNumbers: { 777 })
      let plain = server.openScope()
      let numbers = try await [order(port, scope, key: "a"), order(port, plain, key: "a")].map {
        try jsonObject($0)["order_number"] as? Int
      }
      #expect(numbers == [777, 104_893])
    }
  }

  @Test(
    "A scope's GETs are the root's bodies and ETags, and its If-None-Match answers 304",
    arguments: ["/hotel", "/rooms", "/booking?room=1", "/booking/form"], ["en", "ru"])
  func sameContent(target: String, language: String) async throws {
    try await withFixture { server, port in
      let scope = server.openScope()
      let headers = ["Accept-Language": language]
      let root = await RawHTTPClient.exchange(port: port, getRequest(target, headers: headers))
      let scoped = await RawHTTPClient.exchange(
        port: port, getRequest(scope.baseURL.path + target, headers: headers))
      #expect(scoped.statuses == [200])
      #expect(scoped.body == root.body)
      let etag = try #require(root.header("ETag"))
      #expect(scoped.header("ETag") == etag)
      let revalidated = await RawHTTPClient.exchange(
        port: port,
        getRequest(
          scope.baseURL.path + target, headers: headers.merging(["If-None-Match": etag]) { $1 }))
      #expect(revalidated.statuses == [304])
    }
  }

  @Test("A scope counts its own requests for failFirst and uses up its own scripted faults")
  func separateFaults() async throws {
    var options = FixtureOptions()
    options.failFirst = 1
    options.script["/rooms"] = [.status(429, retryAfter: nil)]
    try await withFixture(options) { server, port in
      let first = server.openScope()
      let second = server.openScope()
      var statuses: [Int] = []
      for prefix in [first.baseURL.path, first.baseURL.path, second.baseURL.path, ""] {
        statuses += await RawHTTPClient.exchange(port: port, getRequest(prefix + "/hotel")).statuses
        statuses += await RawHTTPClient.exchange(port: port, getRequest(prefix + "/rooms")).statuses
      }
      #expect(statuses == [503, 429, 200, 200, 503, 429, 503, 429])
      #expect(server.receivedRequests.map(\.path) == ["/hotel", "/rooms"])
    }
  }

  @Test("A closed or never opened scope answers 404 with the fixture's JSON error")
  func closedScope() async throws {
    try await withFixture { server, port in
      let scope = server.openScope()
      let open = await RawHTTPClient.exchange(port: port, getRequest(scope.baseURL.path + "/hotel"))
      #expect(open.statuses == [200])
      scope.close()
      scope.close()
      for path in [scope.baseURL.path, "/scopes/\(scope.number + 1)"] {
        let gone = await RawHTTPClient.exchange(port: port, getRequest(path + "/hotel"))
        #expect(gone.statuses == [404])
        let message = try jsonObject(gone)["error"] as? String
        #expect(message?.hasPrefix("no open scope") == true)
      }
      #expect(server.openScopeCount == 0)
    }
  }

  @Test(
    "Odd scope paths answer a clear 400 or 404 and the server goes on serving",
    arguments: [
      ("/scopes/", 400), ("/scopes", 404), ("/scopes/x/hotel", 400), ("/scopes//hotel", 400),
      ("/scopes/-1/hotel", 400), ("/scopes/1", 404), ("/scopes/1/", 404),
      ("/scopes/1/../hotel", 404), ("/scopes/1/scopes/1/hotel", 404),
      ("/scopes/2/hotel", 404), ("/scopes/99999999999999999999999999999999/hotel", 404),
      ("/scopes/" + String(repeating: "9", count: 1_000) + "/hotel", 404),
    ])
  func oddPaths(path: String, status: Int) async throws {
    try await withFixture { server, port in
      let scope = server.openScope()
      let exchange = await RawHTTPClient.exchange(port: port, getRequest(path))
      #expect(exchange.statuses == [status])
      let message = try jsonObject(exchange)["error"] as? String
      #expect(message?.isEmpty == false)
      #expect((message?.count ?? 0) < 200)
      let after = await RawHTTPClient.exchange(
        port: port, getRequest(scope.baseURL.path + "/hotel"))
      #expect(after.statuses == [200])
    }
  }

  @Test("The form's discount action_url, resolved from a scope's base URL, answers at the root")
  func discountFromScope() async throws {
    try await withFixture { server, port in
      let scope = server.openScope()
      let form = await RawHTTPClient.exchange(
        port: port, getRequest(scope.baseURL.path + "/booking/form"))
      let actions = Self.actionURLs(in: try JSONSerialization.jsonObject(with: Data(form.body)))
      #expect(actions == ["/booking/discount"])
      let action = try #require(actions.first)
      let resolved = try #require(URL(string: action, relativeTo: scope.baseURL)?.absoluteURL)
      #expect(resolved.path == "/booking/discount")
      let request =
        #"{"field":"price.discount","inputs":{"extras.promoCode":"SUMMER10","price.tour":289400}}"#
      let atRoot = await RawHTTPClient.exchange(port: port, discountRequest(resolved.path, request))
      let inScope = await RawHTTPClient.exchange(
        port: port, discountRequest(scope.baseURL.path + "/booking/discount", request))
      #expect(atRoot.statuses == [200])
      #expect(try jsonObject(atRoot)["value"] as? Int == -28_940)
      #expect(inScope.body == atRoot.body)
    }
  }

  @Test("Many scopes opened, used and closed, from many tasks at once, leave none open")
  func manyScopes() async throws {
    try await withFixture { server, port in
      let served = await withTaskGroup(of: [Int].self) { group in
        for _ in 0..<4 {
          group.addTask {
            var seen: [Int] = []
            for index in 0..<500 {
              let scope = server.openScope()
              if index.isMultiple(of: 50) {
                let exchange = await order(port, scope, key: "k")
                if exchange.statuses == [201], scope.createdOrderCount == 1 { seen.append(1) }
              }
              scope.close()
            }
            return seen
          }
        }
        return await group.reduce(into: []) { $0 += $1 }
      }
      #expect(served.count == 40)
      #expect(server.openScopeCount == 0)
      let last = server.openScope()
      #expect(last.number == 2_001)
      #expect(server.openScopeCount == 1)
    }
  }

  private func order(_ port: UInt16, _ scope: FixtureScope, key: String) async -> RawExchange {
    await RawHTTPClient.exchange(
      port: port, orderRequest(key: key, body: body, path: scope.baseURL.path + "/orders"))
  }

  private func discountRequest(_ path: String, _ body: String) -> String {
    "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
      + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
  }

  /// Every `action_url` in a JSON value, in document order.
  private static func actionURLs(in value: Any) -> [String] {
    if let object = value as? [String: Any] {
      let own = (object["action_url"] as? String).map { [$0] } ?? []
      return own + object.keys.sorted().flatMap { actionURLs(in: object[$0] as Any) }
    }
    if let array = value as? [Any] { return array.flatMap { actionURLs(in: $0) } }
    return []
  }
}
