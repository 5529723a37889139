/// The four screens of the flow (SPEC section 4); the raw value is the name scripts use
/// (`expect screen rooms`).
public enum ScreenKind: String, Hashable, Sendable, CaseIterable, Codable,
  CustomStringConvertible
{
  /// The hotel.
  case hotel
  /// The rooms.
  case rooms
  /// The booking form.
  case booking
  /// The accepted order.
  case paid

  /// The name scripts use: `rooms`, as ``rawValue``.
  public var description: String { rawValue }
}
