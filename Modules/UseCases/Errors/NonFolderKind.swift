/// What stands where a folder should be (``DirectoryProblem/notAFolder(path:kind:linkTarget:)``).
public enum NonFolderKind: Hashable, Sendable {
  /// A regular file.
  case file
  /// A FIFO (a named pipe).
  case fifo
  /// A device, such as `/dev/null`.
  case device
  /// A Unix domain socket.
  case socket
}
