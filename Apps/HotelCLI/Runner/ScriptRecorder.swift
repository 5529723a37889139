import Foundation

/// `--record FILE`: saves every line typed at the prompt that parsed, as a replayable script.
/// Each line is written at once, so an interrupted session keeps what was typed.
///
/// The file starts with the command that replays it as written (SPEC section 5.1): the path as
/// given, the options the session ran with that a replay needs (`--api`, `--lang`, `--today`,
/// `--timeout`, as given) and `--fresh`; a booking the session restored is rebuilt by the lines
/// that follow the header (``append(comment:_:)``), so the replay starts where the recording
/// started. `--data-dir` is left out on purpose: the replay needs nothing from the directory
/// (it starts fresh and rebuilds the booking itself), and with it the replay's `--fresh` would
/// discard the person's own unfinished booking there; without it a replay is hermetic.
final class ScriptRecorder {
  private let handle: FileHandle

  /// Creates (or truncates) `path` and writes the header comment; `arguments` is the command
  /// line as given (without the program name).
  init(
    path: String, arguments: [String] = [], strings: CLIStrings = .english
  ) throws(ScriptRecorder.Failure) {
    let url = URL(fileURLWithPath: path)
    let header =
      "# Recorded by hotel run. Replay with: "
      + Self.replayCommand(path: path, arguments: arguments) + "\n"
    do {
      try Data(header.utf8).write(to: url)
      handle = try FileHandle(forWritingTo: url)
      try handle.seekToEnd()
    } catch {
      throw Failure(
        message: strings.cannotWriteRecordFile(
          TerminalText.neutralized(path), reason: Self.reason(url, error, strings)))
    }
  }

  deinit { try? handle.close() }

  /// Appends `line`.
  func append(_ line: String) {
    try? handle.write(contentsOf: Data((line + "\n").utf8))
  }

  /// Appends `lines` after the comment `comment`; nothing when there are none.
  func append(comment: String, _ lines: [String]) {
    guard !lines.isEmpty else { return }
    append("# " + comment)
    for line in lines { append(line) }
  }

  /// The options of `hotel run` that a replay of its recording needs, as given.
  static let replayedOptions: Set<String> = ["--api", "--lang", "--today", "--timeout"]

  /// `hotel replay PATH OPTIONS --fresh`: the options of `arguments` that a replay needs
  /// (``replayedOptions``, in either form `--name value` or `--name=value`), each word quoted
  /// for a POSIX shell when it needs to be.
  static func replayCommand(path: String, arguments: [String]) -> String {
    var words = ["hotel", "replay", shellQuoted(path)]
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" { break }
      let name = String(argument.prefix { $0 != "=" })
      guard replayedOptions.contains(name) else { continue }
      if name != argument {
        words.append(shellQuoted(argument))
      } else if index < arguments.count {
        words += [name, shellQuoted(arguments[index])]
        index += 1
      }
    }
    return TerminalText.neutralized((words + ["--fresh"]).joined(separator: " "))
  }

  /// `word` as a POSIX shell reads it: as is when it holds only safe characters, else in
  /// single quotes.
  static func shellQuoted(_ word: String) -> String {
    let safe =
      !word.isEmpty
      && word.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            || "_./:=@%+,-".unicodeScalars.contains(scalar))
      }
    return safe ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// `text` as one argument of the script language: quoted, with `"` and `\` escaped.
  static func quoted(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  /// A record file that cannot be written.
  struct Failure: Error {
    /// One line for stderr, without the `hotel:` prefix.
    var message: String
  }

  /// Why `url` could not be written: no folder, no permission, or the system's words for
  /// anything else (a full disk said "permission denied").
  private static func reason(_ url: URL, _ error: any Error, _ strings: CLIStrings) -> String {
    let directory = url.deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { return strings.noSuchDirectory }
    let words = ScriptLoader.plainWords(error)
    let denied = Platform.SystemError.message(EACCES)
    return words == denied || words == "it could not be read" ? strings.permissionDenied : words
  }
}
