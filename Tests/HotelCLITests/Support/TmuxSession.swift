import Foundation

/// A terminal for an end-to-end test: a detached tmux session on its own server, a command running
/// in it, keys sent to it, and its screen read back.
///
/// Every wait has a deadline: the screen is polled until a text appears, or the wait fails with the
/// screen as it was.
///
/// A wait fails only on a look taken after its deadline: on a loaded machine the test's task
/// may not run for many seconds (every thread of the pool busy with other tests), and a wait
/// that slept through its deadline failed without looking at a screen that was long ready.
final class TmuxSession: @unchecked Sendable {
  /// Where the test's files go (data directory, record file, markers).
  let directory: URL
  private let tmux: String
  private let socket: String
  private let environment: [String: String]

  /// Starts `command` (a shell command line) in a `columns`×`rows` terminal.
  ///
  /// With `signalling`, the command prints ``endMarker`` on a line of its own and signals that tmux
  /// channel when it ends (``waitForEnd(_:history:)`` waits for both).
  init(
    _ command: String, directory: URL, columns: Int = 100, rows: Int = 40,
    signalling channel: String? = nil
  ) async throws {
    guard let executable = Tmux.executable else { throw HarnessError("tmux is not installed") }
    tmux = executable.path
    self.directory = directory
    socket = "hotel-fs-\(UUID().uuidString.prefix(8))"
    environment = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": directory.path, "TERM": "xterm-256color", "LANG": "C.UTF-8",
      // The shells of the Ctrl-Z tests keep no history: bash wrote `.bash_history` into HOME
      // (the test's data directory) as the session ended, after or while the directory was
      // removed, and it was left behind in /tmp.
      "HISTFILE": "/dev/null",
    ]
    let line =
      channel.map {
        "\(command); printf '\\n%s\\n' '\(Self.endMarker)'; tmux -L \(socket) wait-for -S \($0)"
      } ?? command
    let started = try await run([
      "new-session", "-d", "-s", "app", "-x", String(columns), "-y", String(rows), line,
    ])
    guard started.status == 0 else { throw HarnessError("tmux did not start: \(started)") }
    _ = try await run(["set-option", "-t", "app", "remain-on-exit", "on"])
  }

  /// Ends the tmux server (and what runs in it).
  func close() {
    _ = try? Spawn.runBlocking(
      tmux, ["-L", socket, "kill-server"], environment: environment, timeLimit: 10)
  }

  /// Sends keys by tmux's names (`Tab`, `BTab`, `Enter`, `Escape`, `F4`, `M-Down`, `C-c`).
  func press(_ keys: String...) async throws {
    let sent = try await run(["send-keys", "-t", "app"] + keys)
    guard sent.status == 0 else { throw HarnessError("send-keys \(keys): \(sent.stdout)") }
  }

  /// Types `text` literally.
  func type(_ text: String) async throws {
    let sent = try await run(["send-keys", "-t", "app", "-l", text])
    guard sent.status == 0 else { throw HarnessError("send-keys -l \(text): \(sent.stdout)") }
  }

  /// Sends `bytes` to the program as they are, in one write (`send-keys -H`): keys a
  /// terminal sends together, or keys typed faster than the program reads.
  func send(bytes: [UInt8]) async throws {
    let hex = bytes.map { String($0, radix: 16) }
    let sent = try await run(["send-keys", "-t", "app", "-H"] + hex)
    guard sent.status == 0 else { throw HarnessError("send-keys -H \(hex): \(sent.stdout)") }
  }

  /// The screen as plain text; with `history`, that many lines scrolled off above it too.
  func screen(history: Int = 0) async throws -> String {
    try await run(
      ["capture-pane", "-p", "-t", "app"] + (history > 0 ? ["-S", "-\(history)"] : [])
    ).stdout
  }

  /// Whether the pane is on the alternate screen and whether its cursor is shown, as tmux
  /// keeps them: `"0 1"` for the normal screen with the cursor shown.
  func paneFlags() async throws -> String {
    try await run(["display-message", "-p", "-t", "app", "#{alternate_on} #{cursor_flag}"])
      .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Where the terminal's cursor is (column and row from 0), as the program last placed it.
  func cursor() async throws -> (column: Int, row: Int) {
    let shown = try await run(["display-message", "-p", "-t", "app", "#{cursor_x} #{cursor_y}"])
    let parts = shown.stdout.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    guard shown.status == 0, parts.count == 2 else {
      throw HarnessError("display-message cursor: \(shown.stdout)")
    }
    return (parts[0], parts[1])
  }

  /// The process ID of the pane's own process (the shell that runs the command).
  func panePID() async throws -> Int32 {
    let shown = try await run(["display-message", "-p", "-t", "app", "#{pane_pid}"])
    let text = shown.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    guard shown.status == 0, let pid = Int32(text) else {
      throw HarnessError("display-message pane_pid: \(shown.stdout)")
    }
    return pid
  }

  /// Waits until the cursor satisfies `condition` (polled), up to `seconds`; returns it.
  @discardableResult
  func waitForCursor(
    _ what: String, seconds: Double = 30, _ condition: @escaping (Int, Int) -> Bool
  ) async throws -> (column: Int, row: Int) {
    let deadline = Date().addingTimeInterval(seconds)
    var last = (column: -1, row: -1)
    while true {
      let isLastLook = Date() >= deadline
      last = try await cursor()
      if condition(last.column, last.row) { return last }
      if isLastLook { break }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw HarnessError("waited \(seconds) s for the cursor \(what); it is at \(last)")
  }

  /// What a command started with `signalling:` prints once it has ended.
  static let endMarker = "[the command line ended]"

  /// Waits until the command started with `signalling: channel` has ended (60 s at most).
  func waitForSignal(_ channel: String) async throws {
    let waited = try await run(["wait-for", channel])
    guard waited.status == 0 else { throw HarnessError("wait-for \(channel): \(waited)") }
  }

  /// Waits until the command started with `signalling: channel` has ended and its last output
  /// is on the screen; returns the screen with `history` lines above it.
  ///
  /// The signal alone does not say that tmux has read the pane's last bytes: it comes over
  /// tmux's socket, the output over the terminal, and the server may serve the socket first.
  /// ``endMarker``, printed after the command, is the terminal's own proof: once it shows,
  /// everything written before it does too.
  @discardableResult
  func waitForEnd(_ channel: String, history: Int) async throws -> String {
    try await waitForSignal(channel)
    return try await waitFor("the end of the command line", history: history) {
      $0.contains(Self.endMarker)
    }
  }

  /// Waits until the screen (with `history` lines above it) satisfies `condition` (polled), up
  /// to `seconds`; returns it.
  @discardableResult
  func waitFor(
    _ what: String, seconds: Double = 30, history: Int = 0,
    _ condition: @escaping (String) -> Bool
  ) async throws -> String {
    let deadline = Date().addingTimeInterval(seconds)
    var last = ""
    while true {
      let isLastLook = Date() >= deadline
      last = try await screen(history: history)
      if condition(last) { return last }
      if isLastLook { break }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw HarnessError("waited \(seconds) s for \(what); the screen:\n\(last)")
  }

  /// Waits until `text` is on the screen.
  @discardableResult
  func waitFor(_ text: String, seconds: Double = 30) async throws -> String {
    try await waitFor("'\(text)'", seconds: seconds) { $0.contains(text) }
  }

  /// Resizes the window.
  func resize(columns: Int, rows: Int) async throws {
    let resized = try await run([
      "resize-window", "-t", "app", "-x", String(columns), "-y", String(rows),
    ])
    guard resized.status == 0 else { throw HarnessError("resize-window: \(resized.stdout)") }
  }

  /// Waits until the terminal itself (what `stty size` reads in it, and the app with it) is
  /// `columns`×`rows`.
  ///
  /// tmux passes a resize on to the terminal a moment after `resize-window` returns: after a storm
  /// of them, an app that quit at once left `stty -a` (run after it) reading an earlier size.
  func waitForTerminalSize(columns: Int, rows: Int, seconds: Double = 30) async throws {
    let tty = try await run(["display-message", "-p", "-t", "app", "#{pane_tty}"]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let wanted = "\(rows) \(columns)"
    let deadline = Date().addingTimeInterval(seconds)
    var last = ""
    while true {
      let isLastLook = Date() >= deadline
      last = try await Spawn.run(
        "/usr/bin/env", ["stty", "-F", tty, "size"], environment: environment
      ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
      if last == wanted { return }
      if isLastLook { break }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw HarnessError(
      "waited \(seconds) s for \(tty) to be \(columns)×\(rows); stty size says '\(last)'")
  }

  /// The line of `screen` holding `text`, if any.
  static func line(_ screen: String, containing text: String) -> String? {
    screen.split(separator: "\n").map(String.init).first { $0.contains(text) }
  }

  /// `text` quoted for a shell.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  private func run(_ arguments: [String]) async throws -> (status: Int32, stdout: String) {
    try await Spawn.run(tmux, ["-L", socket] + arguments, environment: environment)
  }
}

/// Where tmux is, if installed.
enum Tmux {
  /// The tmux executable, or `nil`.
  static let executable: URL? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }
    .map { URL(fileURLWithPath: $0) }
}
