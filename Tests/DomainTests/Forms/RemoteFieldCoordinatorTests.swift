import Domain
import Synchronization
import Testing

/// A server whose answers the test releases one by one, in any order.
final class ControlledServer: Sendable {
  private let waiting = Mutex<[String: CheckedContinuation<FormValue, any Error>]>([:])
  private let calls = Mutex<[String]>([])

  var calculator: RemoteCalculator {
    RemoteCalculator { _, inputs in
      let key = inputs["buyer.email"]?.displayText ?? ""
      return try await withCheckedThrowingContinuation { continuation in
        self.waiting.withLock { $0[key] = continuation }
        self.calls.withLock { $0.append(key) }
      }
    }
  }

  var callCount: Int { calls.withLock { $0.count } }

  func answer(_ key: String, with result: Result<FormValue, any Error>) {
    let continuation = waiting.withLock { $0.removeValue(forKey: key) }
    continuation?.resume(with: result)
  }
}

struct ServerDown: Error, CustomStringConvertible {
  var description: String { "server down" }
}

@Suite struct RemoteFieldCoordinatorTests {
  let schema = FormSchema(sections: [
    FormSection(
      id: "buyer", title: "",
      fields: [
        FormField(id: "email", label: "", inputType: .email),
        FormField(id: "phone", label: "", inputType: .phone),
        FormField(
          id: "discount", label: "", inputType: .none, dependsOn: ["email"],
          actionURL: "https://example.com/discount"),
        computed("half", "discount / 2"),
      ])
  ])

  @Test func requestsFollowEditsOfTheInputs() throws {
    var state = try FormEngine(schema: schema).makeState()
    #expect(state.remoteRequests().map(\.path) == ["buyer.discount"])
    let changed = state.setText("a@b.ru", at: "buyer.email")
    #expect(
      state.remoteRequests(affectedBy: changed) == [
        RemoteCalculationRequest(
          path: "buyer.discount", url: "https://example.com/discount",
          inputs: ["buyer.email": .text("a@b.ru")])
      ])
    #expect(state.remoteRequests(affectedBy: state.setText("1", at: "buyer.phone")).isEmpty)
    #expect(
      state.setRemoteValue(.number(10), at: "buyer.discount") == ["buyer.discount", "buyer.half"])
    #expect(state.value("buyer.half") == .number(5))
    #expect(state.setRemoteValue(.number(10), at: "buyer.discount").isEmpty)
    #expect(state.setRemoteValue(.number(10), at: "buyer.email").isEmpty)
  }

  static func request(_ email: String) -> RemoteCalculationRequest {
    RemoteCalculationRequest(
      path: "buyer.discount", url: "u", inputs: ["buyer.email": .text(email)])
  }

  @Test func theLastRequestWinsWhenAnswersArriveOutOfOrder() async throws {
    let server = ControlledServer()
    let coordinator = RemoteFieldCoordinator(calculator: server.calculator)
    let first = Task { await coordinator.calculate(Self.request("first")) }
    while server.callCount < 1 { await Task.yield() }
    let second = Task { await coordinator.calculate(Self.request("second")) }
    while server.callCount < 2 { await Task.yield() }
    server.answer("second", with: .success(.number(2)))
    #expect(await second.value == .value(.number(2)))
    server.answer("first", with: .success(.number(1)))
    #expect(await first.value == .superseded)
    #expect(await coordinator.requestCount(for: "buyer.discount") == 2)
  }

  @Test func aStaleFailureIsDroppedAndTheLatestFailureReported() async throws {
    let server = ControlledServer()
    let coordinator = RemoteFieldCoordinator(calculator: server.calculator)
    let first = Task { await coordinator.calculate(Self.request("first")) }
    while server.callCount < 1 { await Task.yield() }
    let second = Task { await coordinator.calculate(Self.request("second")) }
    while server.callCount < 2 { await Task.yield() }
    server.answer("first", with: .failure(ServerDown()))
    #expect(await first.value == .superseded)
    server.answer("second", with: .failure(ServerDown()))
    #expect(await second.value == .failure("server down"))
  }

  @Test func requestsForDifferentFieldsDoNotSupersedeEachOther() async throws {
    let coordinator = RemoteFieldCoordinator(
      calculator: RemoteCalculator { url, _ in .text(url) })
    let one = await coordinator.calculate(
      RemoteCalculationRequest(path: "s.a", url: "a", inputs: [:]))
    let two = await coordinator.calculate(
      RemoteCalculationRequest(path: "s.b", url: "b", inputs: [:]))
    #expect(one == .value(.text("a")))
    #expect(two == .value(.text("b")))
  }
}
