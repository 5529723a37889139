import Domain

/// The port for fields computed by the server (a field's `action_url`, SPEC section 6):
/// `POST {action_url}` with `{"field": PATH, "inputs": {PATH: value}}`, answered with
/// `{"value": ...}` or a 4xx `{"error": "message"}`.
///
/// Networking provides the live value over the API (`RemoteCalculator.live(client:)`);
/// `TestSupport` provides in-memory and failing ones. ``RemoteFieldCoordinator`` debounces the
/// requests and makes the last edit win.
///
/// ```swift
/// let calculator = RemoteCalculator { request, _ throws(RemoteCalculationError) in
///   request.inputs["extras.promoCode"] == .text("SUMMER10") ? .number(-28_940) : .number(0)
/// }
/// ```
public struct RemoteCalculator: Sendable {
  /// Asks the server for the value of `request.path`, given its inputs, with content in
  /// `language` (the server's messages follow it).
  public var calculate:
    @Sendable (_ request: RemoteCalculationRequest, _ language: Language)
      async throws(RemoteCalculationError) -> FormValue

  /// Creates a calculator from its closure.
  public init(
    calculate:
      @escaping @Sendable (RemoteCalculationRequest, Language) async throws(RemoteCalculationError)
      -> FormValue
  ) {
    self.calculate = calculate
  }

  /// A calculator for a host without server calculations: every request fails as if the
  /// server could not be reached (the field shows it, with a retry).
  public static let unavailable = RemoteCalculator { _, _ throws(RemoteCalculationError) in
    throw .failed(.noConnection)
  }
}
