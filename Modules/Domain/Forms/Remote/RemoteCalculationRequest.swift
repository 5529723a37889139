/// What a field computed by the server needs: its `action_url` and its inputs' current values.
public struct RemoteCalculationRequest: Hashable, Sendable {
  /// The field instance whose value is asked for.
  public var path: FieldPath
  /// The field's `action_url`.
  public var url: String
  /// The values of the fields it depends on, keyed by their paths' text.
  public var inputs: [String: FormValue]

  /// Creates a request.
  public init(path: FieldPath, url: String, inputs: [String: FormValue]) {
    self.path = path
    self.url = url
    self.inputs = inputs
  }
}
