import Foundation

/// Turns the paths given to `hotel test` into journey files: a file is a journey whatever its
/// name; a folder holds its `*.hotel` files, subfolders included, sorted by path, except those
/// named with a leading `_` (only for `include`) and hidden files and folders.
enum JourneyFinder {
  /// The most files a suite may have.
  static let fileLimit = 10_000
  /// The deepest folder searched (a link that points back up ends here).
  static let depthLimit = 32

  /// A path that is not a journey or a folder of them: one line for stderr (exit code 2).
  struct Failure: Error, Equatable {
    /// The message, without the `hotel:` prefix.
    var message: String
  }

  /// The journey files under `paths`, in order: each argument's in turn, a folder's sorted;
  /// a file reached twice is listed once. The messages follow `strings`.
  static func files(
    _ paths: [String], strings: CLIStrings = .english
  ) throws(Failure) -> [String] {
    var found: [String] = []
    var seen: Set<String> = []
    for argument in paths {
      var path = argument
      while path.count > 1, path.hasSuffix("/") { path.removeLast() }
      let shown = "'\(TerminalText.neutralized(argument))'"
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw Failure(message: strings.noSuchJourneyPath(shown))
      }
      var files: [String] = []
      if isDirectory.boolValue {
        var folders: Set<String> = []
        try collect(in: path, depth: 0, folders: &folders, into: &files, strings)
        guard !files.isEmpty else { throw Failure(message: strings.noJourneysIn(shown)) }
      } else {
        files = [path]
      }
      for file in files {
        if seen.insert(identity(of: file)).inserted { found.append(file) }
      }
      guard found.count <= fileLimit else {
        throw Failure(message: strings.tooManyJourneys(fileLimit))
      }
    }
    return found
  }

  /// Adds the journeys under `folder`; a folder reached again through a link (`a/loop -> ..`)
  /// is skipped, and a `*.hotel` that is not a regular file (a FIFO would block the read) is
  /// an error.
  private static func collect(
    in folder: String, depth: Int, folders: inout Set<String>, into files: inout [String],
    _ strings: CLIStrings
  ) throws(Failure) {
    guard depth < depthLimit, files.count <= fileLimit,
      folders.insert(identity(of: folder)).inserted
    else { return }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw Failure(message: strings.cannotReadFolder(TerminalText.neutralized(folder)))
    }
    for name in names.sorted() where !name.hasPrefix(".") {
      let path = folder == "." ? name : folder == "/" ? "/" + name : folder + "/" + name
      let kind = FileKind.of(path)
      if kind == .folder {
        try collect(in: path, depth: depth + 1, folders: &folders, into: &files, strings)
      } else if kind != .missing, name.hasSuffix(".hotel"), !name.hasPrefix("_") {
        guard kind == .regular else {
          throw Failure(
            message: strings.journeyNotRegularFile(TerminalText.neutralized(path)))
        }
        files.append(path)
      }
    }
  }

  /// The same file or folder whichever way it was named (links followed).
  private static func identity(of path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }
}
