import Domain

/// The messages of `hotel run --form FILE` and `hotel replay --form FILE`: a file the app cannot
/// use at the start, and a save the full-screen app could not load. Paths are given neutralised
/// by the caller.
extension CLIStrings {
  private var russian: Bool { language == .ru }

  /// `--form FILE` is JSON the app refuses (`problem`): the session does not start.
  func formFileNotUsable(_ path: String, _ problem: String) -> String {
    russian
      ? "--form: форму из \(path) нельзя использовать: \(problem)"
      : "--form: the form in \(path) cannot be used: \(problem)"
  }

  /// The status line after a save of FILE that does not load: its first problem (`count` in
  /// all); the last form that loaded stays on the screen.
  func formFileReloadFailed(_ problem: String, count: Int) -> String {
    let more =
      count > 1 ? (russian ? " (и ещё проблем: \(count - 1))" : " (+\(count - 1) more)") : ""
    return russian
      ? "\(problem)\(more); на экране последняя загруженная форма"
      : "\(problem)\(more); the last form that loaded stays"
  }
}
