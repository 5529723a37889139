import Foundation

/// Turns the paths given to `hotel test` into journey files: a file is a journey whatever its
/// name; a folder holds its `*.hotel` files, subfolders included, sorted by path, except those
/// named with a leading `_` (only for `include`) and hidden files and folders.
enum JourneyFinder {
  /// The most files a suite may have.
  static let fileLimit = 10_000
  /// The deepest folder searched (a link that points back up ends here).
  static let depthLimit = 32

  /// Paths that are not journeys or folders of them: one line each for stderr (exit code 2).
  struct Failure: Error, Equatable {
    /// The messages, without the `hotel:` prefix, in the order the paths were found.
    var messages: [String]

    /// A failure with one message.
    init(message: String) { messages = [message] }

    /// A failure with several messages.
    init(messages: [String]) { self.messages = messages }

    /// The messages, one per line.
    var message: String { messages.joined(separator: "\n") }
  }

  /// The journey files under `paths`, in order: each argument's in turn, a folder's sorted; a file
  /// reached twice is listed once.
  ///
  /// The messages follow `strings`; a journey that cannot be read is an error (``find(_:strings:)``
  /// names each beside those found).
  static func files(
    _ paths: [String], strings: CLIStrings = .english
  ) throws(Failure) -> [String] {
    let found = try find(paths, strings: strings)
    // Never skipped silently: a suite that ran without them would pass without them.
    guard found.unreadable.isEmpty else { throw Failure(messages: found.unreadable) }
    return found.files
  }

  /// The journey files under `paths`, as ``files(_:strings:)`` lists them, and one message for each
  /// journey or folder that cannot be read (a FIFO, a link to nothing, a folder that cannot be
  /// listed), none of them opened: the suite names these and the journeys that do not parse
  /// together, before anything runs.
  ///
  /// Throws for a path that is not there, a folder without journeys, or too many journeys.
  static func find(
    _ paths: [String], strings: CLIStrings = .english
  ) throws(Failure) -> (files: [String], unreadable: [String]) {
    var found: [String] = []
    var seen: Set<String> = []
    var unreadable: [String] = []
    for argument in paths {
      var path = argument
      while path.count > 1, path.hasSuffix("/") { path.removeLast() }
      let shown = "'\(argument)'"
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        // A link given by name that leads nowhere says so, with where it leads.
        throw Failure(message: whyUnreachable(path, strings) ?? strings.noSuchJourneyPath(shown))
      }
      var files: [String] = []
      if isDirectory.boolValue {
        var folders: Set<String> = []
        var shared = 0
        try collect(
          in: path, depth: 0, folders: &folders, into: &files, shared: &shared,
          unreadable: &unreadable, strings)
        guard !files.isEmpty || !unreadable.isEmpty else {
          throw Failure(
            message: shared > 0
              ? strings.onlySharedStepsIn(shown, count: shared) : strings.noJourneysIn(shown))
        }
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
    return (found, unreadable)
  }

  /// Adds the journeys under `folder` and counts its shared steps (`_*.hotel`) in `shared`; a
  /// folder reached again through a link (`a/loop -> ..`) is skipped.
  ///
  /// A `*.hotel` that is not a regular file (a FIFO would block the read) or cannot be reached,
  /// and a folder that cannot be listed, go to `unreadable`, named with the reason.
  private static func collect(
    in folder: String, depth: Int, folders: inout Set<String>, into files: inout [String],
    shared: inout Int, unreadable: inout [String], _ strings: CLIStrings
  ) throws(Failure) {
    guard depth < depthLimit, files.count <= fileLimit,
      folders.insert(identity(of: folder)).inserted
    else { return }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      unreadable.append(strings.cannotReadFolder(folder))
      return
    }
    // The folders here whose names are not UTF-8, as Foundation lists them (read once, only
    // when such a name is listed).
    var foldersNotUTF8: Set<String>?
    for name in names.sorted() where !name.hasPrefix(".") {
      let path = folder == "." ? name : folder == "/" ? "/" + name : folder + "/" + name
      let kind = FileKind.of(path)
      if kind == .missing, name.unicodeScalars.contains("\u{FFFD}") {
        // Foundation lists a name that is not UTF-8 with U+FFFD for its bytes, a name no
        // folder has: its journeys were left out in silence. It cannot be searched by name.
        let notUTF8 = foldersNotUTF8 ?? Self.foldersNotUTF8(in: folder)
        foldersNotUTF8 = notUTF8
        if notUTF8.contains(name) {
          unreadable.append(strings.journeyFolderNameNotUTF8(path))
          continue
        }
      }
      if kind == .folder {
        try collect(
          in: path, depth: depth + 1, folders: &folders, into: &files, shared: &shared,
          unreadable: &unreadable, strings)
      } else if kind == .missing, name.hasSuffix(".hotel"), !name.hasPrefix("_") {
        // Foundation lists a name that is not UTF-8 with U+FFFD for its bytes: no file has
        // that name, and the journey was left out in silence.
        if name.unicodeScalars.contains("\u{FFFD}") {
          unreadable.append(strings.journeyNameNotUTF8(path))
        } else if let problem = whyUnreachable(path, strings) {
          unreadable.append(problem)
        }
      } else if kind == .regular, name.hasSuffix(".hotel"), name.hasPrefix("_") {
        shared += 1
      } else if kind != .missing, name.hasSuffix(".hotel"), !name.hasPrefix("_") {
        if kind == .regular {
          files.append(path)
        } else {
          unreadable.append(strings.journeyNotRegularFile(path))
        }
      }
    }
  }

  /// Why the listed `path`, which `stat` cannot follow, is not a journey; `nil` when it is gone
  /// (removed since the folder was listed).
  private static func whyUnreachable(_ path: String, _ strings: CLIStrings) -> String? {
    var status = stat()
    if stat(path, &status) == 0 { return nil }
    let code = errno
    guard lstat(path, &status) == 0 else { return nil }
    if code == ENOENT || code == ENOTDIR {
      let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? ""
      return strings.journeyLinkToNothing(path, target: target)
    }
    let reason = code == ELOOP ? strings.loopOfLinks : strings.systemReason(code)
    return strings.journeyCannotBeRead(path, reason: reason)
  }

  /// The names (as Foundation lists them: U+FFFD for each byte that is not UTF-8) of the
  /// entries of `folder` whose names are not UTF-8 and that are folders, links followed: read
  /// from the system's own listing, whose names are bytes.
  private static func foldersNotUTF8(in folder: String) -> Set<String> {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var found: Set<String> = []
    while let entry = readdir(directory) {
      let isFolder = withUnsafeBytes(of: &entry.pointee.d_name) { raw -> String? in
        let bytes = raw.bindMemory(to: UInt8.self)
        let length = bytes.firstIndex(of: 0) ?? bytes.count
        let name = UnsafeBufferPointer(rebasing: bytes[..<length])
        guard String(validating: name, as: UTF8.self) == nil else { return nil }
        var status = stat()
        let followed = raw.withMemoryRebound(to: CChar.self) { text in
          text.baseAddress.map { fstatat(dirfd(directory), $0, &status, 0) } ?? -1
        }
        guard followed == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        return String(decoding: name, as: UTF8.self)
      }
      if let isFolder { found.insert(isFolder) }
    }
    return found
  }

  private static func identity(of path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }
}
