import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program with `posix_spawn` and `waitpid`, for tools that leave a daemon behind (tmux
/// starts its server from the first command).
///
/// Foundation's `Process` on Linux waits until every inheritor of its internal pipe has gone, so it
/// would wait for the tmux server too.
enum Spawn {
  /// Runs `executable` with `arguments` and `environment`; returns the exit status and the standard
  /// output.
  ///
  /// Killed after `timeLimit` seconds (then the status is -1).
  static func run(
    _ executable: String, _ arguments: [String], environment: [String: String],
    timeLimit: Double = 60
  ) async throws -> (status: Int32, stdout: String) {
    try await offThePool {
      try runBlocking(executable, arguments, environment: environment, timeLimit: timeLimit)
    }
  }

  /// ``run(_:_:environment:timeLimit:)`` on this thread (a quick command, or cleanup that cannot
  /// await).
  static func runBlocking(
    _ executable: String, _ arguments: [String], environment: [String: String],
    timeLimit: Double
  ) throws -> (status: Int32, stdout: String) {
    let run = try MeasuredRun(
      executable, arguments, environment: environment, timeLimit: timeLimit)
    return (run.status, run.output)
  }
}

extension Spawn {
  /// Spawn attributes that give the child an empty signal mask and default signal actions.
  ///
  /// Without them the child inherits the spawning thread's mask: a tmux server started from a test
  /// thread that blocks SIGCHLD never reaps its panes and never exits on `kill-server`.
  static func cleanSignalAttributes() -> posix_spawnattr_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    return attributes
  }
}

/// A child process left running (`hotel serve`, `hotel run`), its standard output read line by line
/// through a pipe (a blocking read, no polling, done off the cooperative pool), its standard input
/// `/dev/null` or a pipe the test writes to and keeps open, killed by the time limit if a test
/// forgets it (which also ends any read of its output).
///
/// One test owns it and calls it from one task at a time.
final class BackgroundProcess: @unchecked Sendable {
  /// The child's process ID.
  let pid: pid_t
  private let output: Int32
  /// The write end of the child's standard input, or -1 when it reads `/dev/null`.
  private let input: Int32
  private let guardDone = DispatchSemaphore(value: 0)
  private var status: Int32?

  /// Starts `executable` with `arguments` and `environment`; standard error goes to `errorPath`.
  ///
  /// With `input`, standard input is a pipe that ``writeInput(_:)`` feeds and that stays open until
  /// the child ends, as a person at a prompt would leave it; otherwise it is `/dev/null`.
  init(
    _ executable: String, _ arguments: [String], environment: [String: String],
    errorPath: String, input: Bool = false, timeLimit: Double = 60
  ) throws {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw HarnessError("pipe failed") }
    var inputFDs: [Int32] = [-1, -1]
    if input {
      guard pipe(&inputFDs) == 0 else {
        close(fds[0])
        close(fds[1])
        throw HarnessError("pipe failed")
      }
    }
    // Other children spawned meanwhile must not inherit the pipes (one holding the write end
    // of the output would keep it from ending); dup2 in the child clears the flag on 0 and 1.
    for fd in fds + inputFDs where fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if input {
      posix_spawn_file_actions_adddup2(&actions, inputFDs[0], 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    posix_spawn_file_actions_addclose(&actions, fds[1])
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var child: pid_t = 0
    var attributes = Spawn.cleanSignalAttributes()
    defer { posix_spawnattr_destroy(&attributes) }
    let spawned = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
    close(fds[1])
    if input { close(inputFDs[0]) }
    guard spawned == 0 else {
      close(fds[0])
      if input { close(inputFDs[1]) }
      throw HarnessError("posix_spawn \(executable) failed: \(String(cString: strerror(spawned)))")
    }
    pid = child
    output = fds[0]
    self.input = inputFDs[1]
    let done = guardDone
    let childPID = child
    // A watchdog on a thread of its own: blocked for the child's life, it must not hold one of
    // the global queue's few threads (two of them on a 2-core machine).
    Thread.detachNewThread {
      if done.wait(timeout: .now() + timeLimit) == .timedOut { kill(childPID, SIGKILL) }
    }
  }

  deinit {
    if status == nil {
      kill(pid, SIGKILL)
      _ = wait()
    }
    close(output)
    if input >= 0 { close(input) }
  }

  /// Writes `text` to the child's standard input (a few lines: the pipe's buffer takes them at
  /// once, so this does not wait for the child).
  func writeInput(_ text: String) throws {
    guard input >= 0 else { throw HarnessError("the child's standard input is not a pipe") }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { buffer in
        write(input, buffer.baseAddress, buffer.count)
      }
      if written > 0 {
        bytes = bytes.dropFirst(written)
      } else if written < 0, errno == EINTR {
        continue
      } else {
        throw HarnessError("writing to the child's standard input failed (errno \(errno))")
      }
    }
  }

  /// Reads standard output line by line until a line satisfies `isLast` or the output ends (the
  /// child exited, or was killed at the time limit); returns every line read, that one last.
  func readLines(until isLast: @escaping @Sendable (String) -> Bool) async -> [String] {
    (try? await offThePool {
      var lines: [String] = []
      while let line = self.readLineBlocking() {
        lines.append(line)
        if isLast(line) { break }
      }
      return lines
    }) ?? []
  }

  /// The next line of standard output (blocks until it is written), or `nil` at its end.
  func readLine() async -> String? {
    (try? await offThePool { self.readLineBlocking() }) ?? nil
  }

  private func readLineBlocking() -> String? {
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while true {
      let count = read(output, &byte, 1)
      if count == 1 {
        if byte == UInt8(ascii: "\n") { break }
        bytes.append(byte)
      } else if count == 0 || errno != EINTR {
        if bytes.isEmpty { return nil }
        break
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Sends `signal` and waits for the exit; returns the exit status (-1 when killed).
  func stop(_ signal: Int32 = SIGTERM) async -> Int32 {
    kill(pid, signal)
    return (try? await offThePool { self.wait() }) ?? -1
  }

  private func wait() -> Int32 {
    if let status { return status }
    var raw: Int32 = 0
    while waitpid(pid, &raw, 0) == -1, errno == EINTR {}
    guardDone.signal()
    let result = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : -1
    status = result
    return result
  }
}
