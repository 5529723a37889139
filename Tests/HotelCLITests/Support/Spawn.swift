import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program with `posix_spawn` and `waitpid`, for tools that leave a daemon behind (tmux
/// starts its server from the first command). Foundation's `Process` on Linux waits until every
/// inheritor of its internal pipe has gone, so it would wait for the tmux server too.
enum Spawn {
  /// Runs `executable` with `arguments` and `environment`; returns the exit status and the
  /// standard output. Killed after `timeLimit` seconds (then the status is -1).
  static func run(
    _ executable: String, _ arguments: [String], environment: [String: String],
    timeLimit: Double = 60
  ) throws -> (status: Int32, stdout: String) {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("spawn-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: output) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
    guard spawned == 0 else {
      throw HarnessError("posix_spawn \(executable) failed: \(String(cString: strerror(spawned)))")
    }
    let done = DispatchSemaphore(value: 0)
    let childPID = pid
    DispatchQueue.global().async {
      if done.wait(timeout: .now() + timeLimit) == .timedOut { kill(childPID, SIGKILL) }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
    done.signal()
    let exited = (status & 0x7f) == 0
    let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    return (exited ? (status >> 8) & 0xff : -1, text)
  }
}

/// A child process left running (`hotel serve`), its standard output read line by line through
/// a pipe (a blocking read, no polling), killed by the time limit if a test forgets it.
final class BackgroundProcess {
  /// The child's process ID.
  let pid: pid_t
  private let output: Int32
  private let guardDone = DispatchSemaphore(value: 0)
  private var status: Int32?

  /// Starts `executable` with `arguments` and `environment`; standard error goes to `errorPath`.
  init(
    _ executable: String, _ arguments: [String], environment: [String: String],
    errorPath: String, timeLimit: Double = 60
  ) throws {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw HarnessError("pipe failed") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
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
    let spawned = posix_spawn(&child, executable, &actions, nil, argv, envp)
    close(fds[1])
    guard spawned == 0 else {
      close(fds[0])
      throw HarnessError("posix_spawn \(executable) failed: \(String(cString: strerror(spawned)))")
    }
    pid = child
    output = fds[0]
    let done = guardDone
    let childPID = child
    DispatchQueue.global().async {
      if done.wait(timeout: .now() + timeLimit) == .timedOut { kill(childPID, SIGKILL) }
    }
  }

  deinit {
    if status == nil {
      kill(pid, SIGKILL)
      _ = wait()
    }
    close(output)
  }

  /// The next line of standard output (blocks until it is written), or `nil` at its end.
  func readLine() -> String? {
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
  func stop(_ signal: Int32 = SIGTERM) -> Int32 {
    kill(pid, signal)
    return wait()
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
