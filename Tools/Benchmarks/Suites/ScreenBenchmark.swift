import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// SPEC section 9, row 2: one keystroke in the full-screen app -> the changed lines on the terminal
/// (4 tourists, 120×40).
///
/// `hotel run` runs on a pseudo-terminal of that size; the keys that reach a 4-tourist booking form
/// are sent, then each iteration types a letter into a field or takes it out again and times the
/// key's write until the frame it causes has been read back, counting its bytes.
enum ScreenBenchmark {
  static let name = "screen-keystroke"

  static func run(_ options: Options, _ workspace: Workspace) throws -> [ResultRow] {
    let hotel = try ChildProcess.sibling("hotel")
    let terminal = try PseudoTerminal(columns: 120, rows: 40)
    defer { terminal.closeBoth() }
    let child = try terminal.spawn(
      hotel,
      [
        "run", "--data-dir", workspace.path("screen-keystroke"), "--today", "2026-05-01",
        "--fresh",
      ], errorFile: workspace.path("screen-keystroke.err"))
    defer { terminal.stop(child) }
    // Hotel -> Rooms -> Booking (room 2), three more tourists, the fourth's first name (Add
    // tourist focuses the new tourist's first field, so the next two come from F2's command line).
    try terminal.send("", until: "Choose a room")
    try terminal.send("\t\r", until: "Deluxe room")
    try terminal.send("\t\t\t\r", until: "Booking details")
    try terminal.send(String(repeating: "\t", count: 9), until: "Add tourist")
    try terminal.send("\r", until: "Second tourist")
    try terminal.send("\u{1B}OQtap booking.addTourist\r", until: "Third tourist")
    try terminal.send("\u{1B}OQtap booking.addTourist\r", until: "Fourth tourist")
    try terminal.send("", until: nil)

    var sample = Sample(name: "screen keystroke")
    var bytes: [Int] = []
    let clock = ContinuousClock()
    let warmUp = options.iterations(200)
    for index in 0..<(warmUp + options.iterations(2_000)) {
      let key = index.isMultiple(of: 2) ? "a" : "\u{7F}"
      let start = clock.now
      let frame: Int
      do {
        frame = try terminal.sendAndReadFrame(key)
      } catch {
        throw ChildProcess.Failure(
          description: "keystroke \(index): \(error)\n" + terminal.lastScreen)
      }
      let elapsed = clock.now - start
      guard index >= warmUp else { continue }
      sample.durations.append(elapsed)
      bytes.append(frame)
    }
    let sorted = bytes.sorted()
    let largest = sorted.last ?? 0
    let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    print(
      "screen-keystroke: 120×40, 4 tourists; median \(sample.median.formatted), "
        + "p99 \(sample.p99.formatted); bytes per keystroke median \(median), largest \(largest)")
    return [
      ResultRow(
        what:
          "one keystroke in the full-screen app -> the changed lines on the terminal "
          + "(4 tourists, 120×40)",
        target: "p99 <= 1 ms, <= 1 KiB written",
        measured:
          "median \(sample.median.formatted), p99 \(sample.p99.formatted); "
          + "\(median) B (largest \(largest) B)",
        meetsTarget: sample.p99.microseconds <= 1_000 && largest <= 1_024)
    ]
  }
}

/// A pseudo-terminal whose other side runs a child process: what the benchmark types and
/// reads back, as a terminal emulator would.
final class PseudoTerminal {
  /// What the terminal received before the last key, for a failure's message.
  private(set) var lastScreen = ""
  private let master: Int32
  private let slave: Int32
  private var output: [UInt8] = []

  init(columns: Int, rows: Int) throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(
      ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else {
      throw ChildProcess.Failure(description: "openpty failed (errno \(errno))")
    }
    self.master = master
    self.slave = slave
  }

  func closeBoth() {
    close(master)
    close(slave)
  }

  /// Starts `executable` with the terminal as its standard input and output.
  func spawn(_ executable: URL, _ arguments: [String], errorFile: String) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, slave, 0)
    posix_spawn_file_actions_adddup2(&actions, slave, 1)
    posix_spawn_file_actions_addopen(
      &actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, mode_t(0o600))
    let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let variables: [String] = ["TERM=xterm-256color", "LANG=C.UTF-8"]
    let environment = variables.map { strdup($0) } + [nil]
    defer { environment.forEach { free($0) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, executable.path, &actions, nil, argv, environment)
    guard status == 0 else {
      throw ChildProcess.Failure(description: "posix_spawn \(executable.path): \(status)")
    }
    return pid
  }

  /// Ctrl-C, then waits for the child (reading what it writes, so it never blocks on a full
  /// terminal); killed after 10 s.
  func stop(_ pid: pid_t) {
    _ = writeKeys("\u{3}")
    let deadline = ContinuousClock.now + .seconds(10)
    var status: Int32 = 0
    while ContinuousClock.now < deadline {
      _ = drain()
      if waitpid(pid, &status, WNOHANG) == pid { return }
      _ = readChunk(waitingMilliseconds: 20)
    }
    kill(pid, SIGKILL)
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
  }

  /// Sends `keys` and reads until the screen text holds `text` (10 s at most), or, for `nil`,
  /// until the output pauses.
  func send(_ keys: String, until text: String?) throws {
    output.removeAll()
    guard writeKeys(keys) else { throw ChildProcess.Failure(description: "cannot write keys") }
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
      let got = readChunk(waitingMilliseconds: text == nil ? 200 : 100)
      if let text, String(decoding: output, as: UTF8.self).contains(text) {
        _ = drain()
        return
      }
      if text == nil, got == 0 { return }
    }
    throw ChildProcess.Failure(
      description: "the screen never showed '\(text ?? "")':\n"
        + String(decoding: output.suffix(2000), as: UTF8.self))
  }

  /// Reads until the terminal has received `text` (10 s at most).
  func waitFor(_ text: String) throws { try send("", until: text) }

  /// Sends one key and reads the frame it causes (up to its final cursor move); returns the
  /// frame's size in bytes.
  func sendAndReadFrame(_ key: String) throws -> Int {
    lastScreen = String(decoding: output.suffix(600), as: UTF8.self)
    output.removeAll(keepingCapacity: true)
    guard writeKeys(key) else { throw ChildProcess.Failure(description: "cannot write a key") }
    var total = 0
    while total == 0 {
      let got = readChunk(waitingMilliseconds: 2_000)
      guard got > 0 else {
        throw ChildProcess.Failure(
          description: "no frame after the key \(Array(key.utf8)):\n"
            + String(decoding: output.suffix(2000), as: UTF8.self))
      }
      total += got
    }
    // A frame is one write; take what else of it the terminal has already passed on.
    total += drain()
    return total
  }

  private func drain() -> Int {
    var total = 0
    while true {
      let got = readChunk(waitingMilliseconds: 0)
      if got == 0 { return total }
      total += got
    }
  }

  private func readChunk(waitingMilliseconds: Int32) -> Int {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, waitingMilliseconds) > 0 else { return 0 }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
    guard count > 0 else { return 0 }
    output.append(contentsOf: buffer[0..<count])
    return count
  }

  private func writeKeys(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) } == bytes.count
  }
}
