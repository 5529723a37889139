import Presentation
import UseCases

/// What a script needs to know of a screen that could not load.
extension ScreenSnapshot {
  /// The API could not be reached and no saved data could serve (the no-connection state).
  var isUnreachable: Bool { loadError?.isConnectivityProblem ?? false }

  /// Why the screen's content could not be loaded, or `nil`.
  var loadFailure: String? { loadError == nil ? nil : failure }
}
