import UseCases

/// One readable line for a ``StoreError``, in the language of `strings`.
enum StoreErrorText {
  /// What went wrong, for stderr.
  static func describe(_ error: StoreError, strings: CLIStrings = .english) -> String {
    let text: String
    switch error {
    case .directoryUnavailable(let path, let reason):
      text = strings.dataDirectoryUnusable(path, reason: reason)
    case .unsupportedVersion(let path, let version):
      text = strings.writtenByNewerVersion(path, version: version)
    case .corrupt(let path, let movedTo):
      text = strings.movedAside(path, to: movedTo)
    case .invalidIdentifier(let identifier):
      text = strings.notAFileName(identifier)
    case .cannotSave(let problem):
      text = strings.couldNotSave(problem)
    case .notRegularFile(let path):
      text = strings.notARegularFile(path)
    case .io(let operation, let path, let code):
      text = strings.systemCallFailed(operation, path, Platform.SystemError.message(code))
    }
    return TerminalText.neutralized(text)
  }
}
