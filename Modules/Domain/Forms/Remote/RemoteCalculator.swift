/// The port for fields computed by the server (`action_url`); UseCases implements it over the
/// booking API, tests with a closure.
public struct RemoteCalculator: Sendable {
  /// Asks `url` for a field's value given the values of the fields it depends on (keyed by
  /// schema-level path, `"buyer.email"`).
  public var calculate:
    @Sendable (_ url: String, _ inputs: [String: FormValue]) async throws -> FormValue

  /// Creates a calculator from its closure.
  public init(
    calculate:
      @escaping @Sendable (_ url: String, _ inputs: [String: FormValue]) async throws ->
      FormValue
  ) {
    self.calculate = calculate
  }
}
