extension StoreError {
  /// The error as plain words for a report line ("read failed: is a directory"), never the
  /// enum's debug text.
  var plainText: String {
    switch self {
    case .directoryUnavailable(let path, .noHomeDirectory):
      return "the data directory \(path) cannot be used: there is no home directory; "
        + "pass --data-dir or set HOTEL_DATA_DIR"
    case .directoryUnavailable(let path, .systemCall(let operation, let failed, let cause)):
      let detail = failed == path ? "" : " \(failed)"
      return "the data directory \(path) cannot be used: \(operation)\(detail): \(cause.plainText)"
    case .unsupportedVersion(let path, let version):
      return "\(path) was written by a newer version of hotel (schema version \(version))"
    case .corrupt(let path, let movedTo):
      return "\(path) could not be read; it was moved to \(movedTo)"
    case .invalidIdentifier(let identifier):
      return "'\(identifier)' cannot be used in a file name"
    case .cannotSave(let problem):
      return problem
    case .noFileNameLeft(let number, let slots):
      return "order \(number) cannot be saved: all \(slots) file names for it are taken"
    case .notRegularFile(let path):
      return "\(path) is not a regular file (a FIFO, a device or a directory)"
    case .io(let operation, _, let cause):
      return "\(operation) failed: \(cause.plainText)"
    }
  }
}

extension IOCause {
  /// The cause as plain English words ("too many open files").
  var plainText: String {
    switch self {
    case .tooManyOpenFiles: "too many open files"
    case .noSpace: "no space left on the device"
    case .permissionDenied: "permission denied"
    case .readOnlyFileSystem: "read-only file system"
    case .notFound: "no such file or directory"
    case .notADirectory: "not a directory"
    case .alreadyExists: "file exists"
    case .isADirectory: "it is a folder, not a file"
    case .symbolicLinkLoop: "the symbolic links form a loop"
    case .nameTooLong: "the file name is too long"
    case .other(_, let description): description.lowercased()
    }
  }
}
