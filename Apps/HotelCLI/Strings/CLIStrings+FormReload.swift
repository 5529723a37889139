import Domain

/// The messages of `hotel run --form FILE` and `hotel replay --form FILE`: a file the app cannot
/// use at the start, and a save the full-screen app could not load.
extension CLIStrings {
  private var russian: Bool { language == .ru }

  /// `--form FILE` has errors: the first (`message`, at `location`, `LINE:COLUMN`) and how many
  /// there are (`count`; `hotel form check` lists them all).
  func formFileProblem(
    _ path: String, at location: String, _ message: String, count: Int
  )
    -> String
  {
    let more =
      count > 1
      ? (russian
        ? " (ещё \(count - 1): hotel form check \(path))"
        : " (\(count - 1) more: hotel form check \(path))")
      : ""
    return "--form: \(path):\(location): \(message)\(more)"
  }

  /// `--form FILE` is a schema the Booking screen refuses (`problem`).
  func formFileNotUsable(_ path: String, _ problem: String) -> String {
    russian
      ? "--form: форму из \(path) нельзя использовать: \(problem)"
      : "--form: the form in \(path) cannot be used: \(problem)"
  }

  /// The status line after a save of FILE that does not load (`problem`): the last form that
  /// loaded stays on the screen.
  func formFileReloadFailed(_ problem: String) -> String {
    russian
      ? "\(problem); на экране последняя загруженная форма"
      : "\(problem); the last form that loaded stays"
  }
}
