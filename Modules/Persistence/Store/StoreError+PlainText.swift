import UseCases

extension StoreError {
  /// The error as plain words for a report line ("read failed: is a directory"), never the
  /// enum's debug text.
  var plainText: String {
    switch self {
    case .directoryUnavailable(let path, let reason):
      return "the data directory \(path) cannot be used: \(reason)"
    case .unsupportedVersion(let path, let version):
      return "\(path) was written by a newer version of hotel (schema version \(version))"
    case .corrupt(let path, let movedTo):
      return "\(path) could not be read; it was moved to \(movedTo)"
    case .invalidIdentifier(let identifier):
      return "'\(identifier)' cannot be used in a file name"
    case .cannotSave(let problem):
      return problem
    case .notRegularFile(let path):
      return "\(path) is not a regular file (a FIFO, a device or a directory)"
    case .io(let operation, _, let code):
      return "\(operation) failed: \(FileSystem.describe(code: code).lowercased())"
    }
  }
}
