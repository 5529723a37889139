import Foundation
import Synchronization

/// `--record FILE`: saves every line typed at the prompt that parsed, as a replayable script.
///
/// Each line is written at once, so an interrupted session keeps what was typed.
///
/// The file starts with the command that replays it as written (SPEC section 5.1): the path as
/// given, the options the session ran with that a replay needs (`--api`, `--lang`, `--today`,
/// `--timeout`, `--var`, as given: a typed line keeps its `${NAME}`) and `--fresh`; a booking
/// the session restored is rebuilt by the lines that follow the header
/// (``append(comment:_:)``), so the replay starts where the recording started. `--data-dir` is left out on purpose: the replay needs nothing from the directory
/// (it starts fresh and rebuilds the booking itself), and with it the replay's `--fresh` would
/// discard the person's own unfinished booking there; without it a replay is hermetic.
final class ScriptRecorder: Sendable {
  private let sink: Sink
  private let exitHook: Int

  /// Creates (or truncates) `path` (0600: what is typed is personal data) and writes the header
  /// comment; `arguments` is the command line as given (without the program name).
  ///
  /// A FIFO that nothing reads is refused at once rather than waited on; a pipe that something
  /// reads (`--record >(tee log)`) is fine.
  convenience init(
    path: String, arguments: [String] = [], strings: CLIStrings = .english
  ) throws(ScriptRecorder.Failure) {
    let header =
      "# Recorded by hotel run. Replay with: "
      + Self.replayCommand(path: path, arguments: arguments) + "\n"
    func failure(_ code: Int32) -> Failure {
      Failure(
        message: strings.cannotWriteRecordFile(
          path, reason: Self.reason(path, code, strings)),
        code: Self.exitCode(path, code))
    }
    let descriptor: Int32
    switch Platform.openForWriting(path) {
    case .success(let opened): descriptor = opened
    case .failure(let error): throw failure(error.code)
    }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    let code = Platform.write(Array(header.utf8), to: descriptor)
    guard code == 0 else { throw failure(code) }
    self.init(handle: handle, path: path, strings: strings)
  }

  /// Records into `handle` (open for writing, at its end), which is `path`.
  init(handle: FileHandle, path: String, strings: CLIStrings = .english) {
    let sink = Sink(handle: handle, shownPath: path, strings: strings)
    self.sink = sink
    // A stop signal (SIGTERM; SIGHUP when the terminal goes away) writes the held line too:
    // the recording keeps what the draft keeps. After the flush, so the terminal is given back
    // by then: a failure (of that line, or one only the status line showed) is said once on
    // standard error, and the exit code is 4, as on the way out without a signal.
    exitHook = Platform.StopSignals.onExit(.afterFlush) {
      sink.commitHeld()
      guard sink.failure != nil else { return }
      if let failure = sink.failureForStandardError() { Console.live.error(failure) }
      Platform.StopSignals.exitWith(ExitCode.environment.rawValue)
    }
  }

  deinit {
    Platform.StopSignals.removeExitHook(exitHook)
    sink.close()
  }

  /// Appends `line`.
  ///
  /// After a write fails nothing more is written (a recording with a gap would replay to another
  /// end): ``unreportedFailure()`` says so, once.
  func append(_ line: String) { sink.write(line) }

  /// Appends `lines` after the comment `comment`; nothing when there are none.
  func append(comment: String, _ lines: [String]) {
    guard !lines.isEmpty else { return }
    append("# " + comment)
    for line in lines { append(line) }
  }

  /// Holds `line` (or nothing): it is written by ``commitHeld()``, or when the process ends
  /// on a stop signal (the text of a field typed into and not yet left).
  func hold(_ line: String?) { sink.hold(line) }

  /// Writes the held line, if any, once.
  func commitHeld() { sink.commitHeld() }

  /// The message that writing the file failed and recording stopped, the first time it is
  /// asked for after the failure; `nil` otherwise.
  func unreportedFailure() -> String? { sink.unreportedFailure() }

  /// The message that writing the file failed and recording stopped, if it did.
  var failure: String? { sink.failure }

  /// The message that writing the file failed, the first time it is asked for here (for
  /// standard error: ``unreportedFailure()`` is for the status line, which the normal screen
  /// does not keep); `nil` otherwise.
  func failureForStandardError() -> String? { sink.failureForStandardError() }

  /// The file and what is held for it, shared with the stop signals' hook (any thread).
  private final class Sink: Sendable {
    private let handle: FileHandle
    private let shownPath: String
    private let strings: CLIStrings
    private let state = Mutex(State())

    private struct State {
      var held: String?
      var failure: String?
      var isReported = false
      var isOnStandardError = false
    }

    init(handle: FileHandle, shownPath: String, strings: CLIStrings) {
      self.handle = handle
      self.shownPath = shownPath
      self.strings = strings
    }

    func write(_ line: String) {
      state.withLock { write(line, &$0) }
    }

    func hold(_ line: String?) {
      state.withLock { $0.held = line }
    }

    func commitHeld() {
      state.withLock { state in
        guard let line = state.held else { return }
        state.held = nil
        write(line, &state)
      }
    }

    func unreportedFailure() -> String? {
      state.withLock { state in
        guard let failure = state.failure, !state.isReported else { return nil }
        state.isReported = true
        return failure
      }
    }

    var failure: String? { state.withLock { $0.failure } }

    func failureForStandardError() -> String? {
      state.withLock { state in
        guard let failure = state.failure, !state.isOnStandardError else { return nil }
        state.isOnStandardError = true
        return failure
      }
    }

    func close() { try? handle.close() }

    private func write(_ line: String, _ state: inout State) {
      guard state.failure == nil else { return }
      let start = try? handle.offset()
      let code = Platform.write(Array((line + "\n").utf8), to: handle.fileDescriptor)
      guard code != 0 else { return }
      // Half a line would not parse: the file ends with the last whole line.
      if let start { try? handle.truncate(atOffset: start) }
      state.failure = strings.recordingStopped(shownPath, reason: strings.systemReason(code))
    }
  }

  /// The comment a step that failed is recorded as: it changed nothing, and as a command it
  /// would end the replay there.
  static func failedStep(_ line: String) -> String {
    "# failed, left out: " + line
  }

  /// The options of `hotel run` that a replay of its recording needs, as given.
  static let replayedOptions: Set<String> = [
    "--api", "--form", "--lang", "--today", "--timeout", "--var",
  ]

  /// `hotel replay PATH OPTIONS --fresh`: the options of `arguments` that a replay needs
  /// (``replayedOptions``, in either form `--name value` or `--name=value`), each word quoted
  /// for a POSIX shell when it needs to be; neutralised to one line, since it heads the recorded
  /// file as a comment that a newline in an argument would end.
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
        let value = String(argument.dropFirst(name.count + 1))
        words.append(shellQuoted(name + "=" + (name == "--api" ? withoutPassword(value) : value)))
      } else if index < arguments.count {
        let value = arguments[index]
        words += [name, shellQuoted(name == "--api" ? withoutPassword(value) : value)]
        index += 1
      }
    }
    return TerminalText.neutralized((words + ["--fresh"]).joined(separator: " "))
  }

  /// `url` with the password of its user information (`https://user:password@host`) replaced by
  /// `***`: a recording is a script people share and commit, a password is not written into it.
  ///
  /// The rest stays as given.
  static func withoutPassword(_ url: String) -> String {
    guard let schemeEnd = url.range(of: "://") else { return url }
    let authorityEnd =
      url[schemeEnd.upperBound...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" }
      ?? url.endIndex
    let authority = url[schemeEnd.upperBound..<authorityEnd]
    guard let at = authority.lastIndex(of: "@"),
      let colon = authority[..<at].firstIndex(of: ":")
    else { return url }
    return String(url[..<url.index(after: colon)]) + "***" + String(url[at...])
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

  /// `text` as one argument of the script language that a replay reads back as `text`:
  /// quoted, with `"` and `\` escaped and every `${` written `$${` (a replay replaces `${NAME}`
  /// in every argument, quoted or not: a text typed as `a${X}` would stop it as an undefined
  /// variable).
  static func quoted(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "\n", with: "\\n")
      .replacingOccurrences(of: "${", with: "$${") + "\""
  }

  /// A record file that cannot be written.
  struct Failure: Error {
    /// One line for stderr, without the `hotel:` prefix.
    var message: String
    /// The exit code: ``ExitCode/usage`` when the path cannot name a file (its folder is
    /// missing, it is a folder), ``ExitCode/environment`` when the system refuses a path that
    /// can (permission denied, a read-only or full disk, a FIFO that nothing reads).
    var code: ExitCode = .environment
  }

  /// Whether a failure to open `path` with `errno` `code` is bad usage (what was typed cannot
  /// name a file) or a problem of the environment (SPEC section 5: 2 and 4).
  private static func exitCode(_ path: String, _ code: Int32) -> ExitCode {
    if code == EISDIR || code == ENOTDIR || code == ENOENT { return .usage }
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    return FileKind.of(directory) == .folder ? .environment : .usage
  }

  /// Why `path` could not be written: no folder, no permission, or the system's words for
  /// anything else (a full disk can say "permission denied").
  private static func reason(_ path: String, _ code: Int32, _ strings: CLIStrings) -> String {
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { return strings.noSuchDirectory }
    if code == Platform.SystemError.noReader { return strings.fifoWithoutReader }
    return strings.systemReason(code)
  }
}
