import Persistence
import Testing
import UseCases

extension FileStore {
  /// A store for a test that expects no report (a store has no default report: the host words
  /// them): one it gets anyway is recorded as an issue.
  init(directory: DataDirectory, fileSystem: FileSystem = .live) {
    self.init(
      directory: directory, fileSystem: fileSystem,
      report: { Issue.record("the store reported \($0)") })
  }
}
