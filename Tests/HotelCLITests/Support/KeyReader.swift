import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The full-screen app's key reader (the thread of `TerminalInput` that reads standard input)
/// and what it is doing, as the kernel shows it in `/proc/PID/task/TID/syscall`: blocked in
/// `read` of standard input (every byte sent has been read, and no paste or escape sequence
/// waits for its rest: keys are keys), or in `poll` (it has read something and waits a moment
/// for the rest: a bracketed paste's next chunk, a paste's tail, the rest of an escape
/// sequence).
///
/// A paste test waits for these states, which nothing on the screen shows, rather than for a
/// fixed time (a fixed wait is too short on a loaded machine and too long on an idle one).
/// The thread is found as the one blocked in `read(0, …, 4096)` (its name, `hotel.keys`, is
/// not the kernel's name of it on Linux).
struct KeyReader {
  /// The app's process ID.
  let process: Int32
  /// The reader thread's ID.
  let thread: Int32

  /// What the reader is doing.
  enum State: Equatable, CustomStringConvertible {
    /// Blocked in `read` of standard input: it has nothing pending.
    case reading
    /// Blocked in `poll`: it has read bytes and waits for more before it decides.
    case waiting
    /// Anything else (running, another call), as the kernel wrote it.
    case other(String)

    var description: String {
      switch self {
      case .reading: "blocked in read of standard input"
      case .waiting: "waiting in poll for more input"
      case .other(let text): "'\(text)'"
      }
    }
  }

  /// Whether another process's system call can be read here: always as root; otherwise not
  /// when Yama restricts ptrace to descendants (`kernel.yama.ptrace_scope` 1 or more, Ubuntu's
  /// default), as the app in a tmux pane is not one.
  static let isObservable: Bool = {
    #if os(Linux) && (arch(x86_64) || arch(arm64))
      if getuid() == 0 { return true }
      let scope = try? String(
        contentsOfFile: "/proc/sys/kernel/yama/ptrace_scope", encoding: .utf8)
      return scope.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "0" } ?? true
    #else
      return false
    #endif
  }()

  /// Why the tests that wait for the reader are off here.
  static let notObservable = Comment(
    rawValue: "the key reader's system call cannot be read (not Linux on x86-64 or arm64, or"
      + " ptrace is restricted to descendants: kernel.yama.ptrace_scope)")

  /// What the reader is doing now; `.other("gone")` once the thread has ended.
  func state() throws -> State {
    let path = "/proc/\(process)/task/\(thread)/syscall"
    guard FileManager.default.fileExists(atPath: path) else { return .other("gone") }
    guard let call = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw HarnessError("\(path) cannot be read (\(Self.notObservable.rawValue))")
    }
    return Self.state(call.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// The reader of process `pid`: its thread blocked in `read` of standard input with the
  /// reader's 4096-byte buffer; `nil` when no thread is (yet).
  static func blockedInRead(of pid: Int32) throws -> KeyReader? {
    let tasks = "/proc/\(pid)/task"
    guard let threads = try? FileManager.default.contentsOfDirectory(atPath: tasks) else {
      return nil
    }
    for thread in threads.compactMap({ Int32($0) }) {
      let path = "\(tasks)/\(thread)/syscall"
      guard let call = try? String(contentsOfFile: path, encoding: .utf8) else {
        throw HarnessError("\(path) cannot be read (\(notObservable.rawValue))")
      }
      let fields = call.split(separator: " ")
      if state(call) == .reading, fields.count > 3, fields[3] == "0x1000" {
        return KeyReader(process: pid, thread: thread)
      }
    }
    return nil
  }

  /// The process ID of the `hotel` process that is `root` (a tmux pane's process) or among its
  /// descendants, if there is one.
  static func hotelProcess(at root: Int32) -> Int32? {
    let table = processTable()
    if table[root]?.name == "hotel" { return root }
    var frontier = [root]
    while let parent = frontier.popLast() {
      for (pid, entry) in table where entry.parent == parent {
        if entry.name == "hotel" { return pid }
        frontier.append(pid)
      }
    }
    return nil
  }

  /// The state a line of `/proc/.../syscall` ("0 0x0 0x7f… …": the call's number, then its
  /// arguments) stands for.
  static func state(_ call: String) -> State {
    let fields = call.split(separator: " ")
    guard let number = fields.first.flatMap({ Int($0) }) else { return .other(call) }
    if readCalls.contains(number), fields.count > 1, fields[1] == "0x0" { return .reading }
    if pollCalls.contains(number) { return .waiting }
    return .other(call)
  }

  // The system call numbers of `read` and of `poll`/`ppoll` (glibc's `poll` uses `ppoll`
  // where the kernel has no `poll`).
  #if arch(x86_64)
    private static let readCalls: Set<Int> = [0]
    private static let pollCalls: Set<Int> = [7, 271]
  #elseif arch(arm64)
    private static let readCalls: Set<Int> = [63]
    private static let pollCalls: Set<Int> = [73]
  #else
    private static let readCalls: Set<Int> = []
    private static let pollCalls: Set<Int> = []
  #endif

  /// Every process's parent and name (`/proc/PID/stat`).
  private static func processTable() -> [Int32: (parent: Int32, name: String)] {
    var table: [Int32: (parent: Int32, name: String)] = [:]
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    for entry in entries {
      guard let pid = Int32(entry),
        let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
      else { continue }
      // "PID (NAME) STATE PPID …": the name may hold spaces and parentheses.
      let name = String(stat[stat.index(after: open)..<close])
      let rest = stat[stat.index(after: close)...].split(separator: " ")
      guard rest.count > 1, let parent = Int32(rest[1]) else { continue }
      table[pid] = (parent, name)
    }
    return table
  }
}

extension TmuxSession {
  /// Waits until the `hotel` app in the pane has read every key sent so far and waits for the next
  /// one (its key reader blocked in `read`), up to `seconds`; returns the reader, to be watched
  /// through what follows.
  ///
  /// Fails naming `what` and the screen.
  func keyReader(_ what: String, seconds: Double = 30) async throws -> KeyReader {
    let deadline = Date().addingTimeInterval(seconds)
    var process: Int32?
    while true {
      // The last look is taken after the deadline (a starved task may wake up past it).
      let isLastLook = Date() >= deadline
      if process == nil { process = KeyReader.hotelProcess(at: try await panePID()) }
      if let process, let reader = try KeyReader.blockedInRead(of: process) { return reader }
      if isLastLook { break }
      try await Task.sleep(for: .milliseconds(5))
    }
    throw HarnessError(
      "waited \(seconds) s for \(what) (hotel's key reader blocked in read of standard input;"
        + " process \(process.map(String.init) ?? "not found")); the screen:\n"
        + (try await screen()))
  }

  /// Waits until `reader` is in `state` (polled), up to `seconds`; fails naming `what`, the
  /// state it was in and the screen.
  func waitFor(
    _ reader: KeyReader, _ state: KeyReader.State, _ what: String, seconds: Double = 30
  ) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    var last = KeyReader.State.other("not looked at")
    while true {
      let isLastLook = Date() >= deadline
      last = try reader.state()
      if last == state { return }
      if isLastLook { break }
      try await Task.sleep(for: .milliseconds(5))
    }
    throw HarnessError(
      "waited \(seconds) s for \(what) (the key reader \(state)); it was \(last); the screen:\n"
        + (try await screen()))
  }

  /// Checks, again and again for `duration`, that `reader` stays in `state`; fails at the first
  /// look that finds it elsewhere, naming `what` and the screen.
  func expect(
    _ reader: KeyReader, staying state: KeyReader.State, _ what: String, for duration: Duration
  ) async throws {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: duration)
    while clock.now < end {
      let now = try reader.state()
      guard now == state else {
        throw HarnessError(
          "\(what): the key reader was \(now), not \(state); the screen:\n"
            + (try await screen()))
      }
      try await Task.sleep(for: .milliseconds(5))
    }
  }
}
