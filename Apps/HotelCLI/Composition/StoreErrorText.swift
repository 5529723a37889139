import UseCases

/// One readable line for a ``StoreError``.
enum StoreErrorText {
  /// What went wrong, for stderr.
  static func describe(_ error: StoreError) -> String {
    let text: String
    switch error {
    case .directoryUnavailable(let path, let reason):
      text = "the data directory \(path) cannot be used: \(reason)"
    case .unsupportedVersion(let path, let version):
      text = "\(path) was written by a newer hotel (format version \(version)); it is left as is"
    case .corrupt(let path, let movedTo):
      text = "\(path) could not be read; it was moved aside to \(movedTo)"
    case .invalidIdentifier(let identifier):
      text = "'\(identifier)' cannot be used in a file name"
    case .cannotSave(let problem):
      text = "could not save: \(problem)"
    case .notRegularFile(let path):
      text = "\(path) is not a regular file (a FIFO, a device or a directory); it is not read"
    case .io(let operation, let path, let code):
      text = "\(operation) failed for \(path) (\(Platform.SystemError.message(code)))"
    }
    return TerminalText.neutralized(text)
  }
}
