import Domain
import Synchronization
import Testing
import UseCases

extension RemoteCalculator {
  /// A calculator that records a test issue when called and fails: for tests whose form has
  /// no field computed by the server.
  public static var failing: RemoteCalculator {
    RemoteCalculator { request, _ throws(RemoteCalculationError) in
      Issue.record("RemoteCalculator was called unexpectedly for \(request.path)")
      throw .failed(.noConnection)
    }
  }

  /// The fixture's promo code rule, in memory: `SUMMER10` takes 10% off the input
  /// `price.tour`, an empty code gives no discount, any other code is refused.
  public static var promoCodes: RemoteCalculator {
    RemoteCalculator { request, _ throws(RemoteCalculationError) in
      try PromoCodeRule.discount(request)
    }
  }
}

/// The fixture's promo code rule as tests compute it (an independent copy of the contract).
public enum PromoCodeRule {
  /// The discount (negative) for `request`'s `extras.promoCode` and `price.tour` inputs.
  public static func discount(
    _ request: RemoteCalculationRequest
  ) throws(RemoteCalculationError) -> FormValue {
    let code = request.inputs["extras.promoCode"]?.displayText ?? ""
    guard !code.isEmpty else { return .number(0) }
    guard code.uppercased() == "SUMMER10" else { throw .refused("This promo code is not valid") }
    let tour = request.inputs["price.tour"]?.number ?? 0
    return .number(-(tour / 10).rounded())
  }
}

/// A server whose calculations the test answers one by one, in any order: every request waits
/// until ``answer(_:with:)`` releases it (so a test can hold one in flight while the user edits).
///
/// ```swift
/// let server = ControlledCalculator()
/// // ... the code under test asks for "SUMMER10" ...
/// await server.waitForRequests(1)
/// server.answer("SUMMER10", with: .success(.number(-28_940)))
/// ```
public final class ControlledCalculator: Sendable {
  private struct State {
    var waiting: [String: [CheckedContinuation<FormValue, any Error>]] = [:]
    var requests: [RemoteCalculationRequest] = []
  }

  private let state = Mutex(State())
  /// The input whose text keys the answers (`extras.promoCode` by default).
  public let key: String

  /// Creates a server keyed by the text of the input `key`.
  public init(key: String = "extras.promoCode") { self.key = key }

  /// The calculator the code under test uses.
  public var calculator: RemoteCalculator {
    RemoteCalculator { request, _ throws(RemoteCalculationError) in
      let key = request.inputs[self.key]?.displayText ?? ""
      do {
        return try await withCheckedThrowingContinuation { continuation in
          self.state.withLock { state in
            state.waiting[key, default: []].append(continuation)
            state.requests.append(request)
          }
        }
      } catch let error as RemoteCalculationError {
        throw error
      } catch {
        throw .failed(.noConnection)
      }
    }
  }

  /// Every request received so far, in order.
  public var requests: [RemoteCalculationRequest] { state.withLock { $0.requests } }

  /// Returns once `count` requests have arrived (`false` after `giveUpAfter` of real time, so a
  /// broken test fails instead of hanging).
  @discardableResult
  public func waitForRequests(_ count: Int, giveUpAfter: Duration = .seconds(30)) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: giveUpAfter)
    while requests.count < count {
      guard clock.now < deadline else { return false }
      await Task.yield()
    }
    return true
  }

  /// Answers the oldest waiting request whose key input was `key`.
  public func answer(_ key: String, with result: Result<FormValue, RemoteCalculationError>) {
    let continuation = state.withLock { state -> CheckedContinuation<FormValue, any Error>? in
      guard var queue = state.waiting[key], !queue.isEmpty else { return nil }
      let first = queue.removeFirst()
      state.waiting[key] = queue
      return first
    }
    switch result {
    case .success(let value): continuation?.resume(returning: value)
    case .failure(let error): continuation?.resume(throwing: error)
    }
  }
}
