/// Why a ``UserAction`` could not be performed (the screen is unchanged).
public enum ActionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No element with this ID on the current screen; `available` lists the IDs there are.
  case unknownElement(String, available: [String])
  /// The element exists but is disabled.
  case disabled(String)
  /// `type` into something that is not a text field.
  case notAField(String)
  /// A button inside a collapsed section (it is not shown; expand the section first).
  case insideCollapsedSection(String)
  /// `back` on a screen with nothing to go back to (Hotel, Paid).
  case cannotGoBack(ScreenKind)

  /// One readable line.
  public var description: String {
    switch self {
    case .unknownElement(let id, let available):
      "no element '\(id)' on this screen; available: \(available.joined(separator: ", "))"
    case .disabled(let id): "'\(id)' is disabled"
    case .insideCollapsedSection(let id):
      "'\(id)' is inside a collapsed section; tap the section first"
    case .notAField(let id): "'\(id)' is not a text field"
    case .cannotGoBack(let screen): "cannot go back from the \(screen.rawValue) screen"
    }
  }
}
