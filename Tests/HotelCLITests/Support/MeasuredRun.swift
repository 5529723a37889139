import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run of a program measured by the kernel: `posix_spawn`, then `wait4` for its resource
/// usage (user plus system CPU time) and a monotonic clock for its wall time.
struct MeasuredRun {
  var status: Int32
  var output: String
  var cpuSeconds: Double
  var wallSeconds: Double

  /// Runs `executable` to its end (killed after `timeLimit` seconds); standard output and error
  /// go to a temporary file.
  init(
    _ executable: String, _ arguments: [String], environment: [String: String],
    timeLimit: Double = 120
  ) throws {
    let outputURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("measured-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: outputURL) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 1, outputURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var attributes = Spawn.cleanSignalAttributes()
    defer { posix_spawnattr_destroy(&attributes) }
    let start = ContinuousClock.now
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard spawned == 0 else {
      throw HarnessError("posix_spawn \(executable) failed: \(String(cString: strerror(spawned)))")
    }
    let done = DispatchSemaphore(value: 0)
    let childPID = pid
    // A watchdog on a thread of its own: blocked for the child's life, it must not hold one of
    // the global queue's few threads (two of them on a 2-core machine).
    Thread.detachNewThread {
      if done.wait(timeout: .now() + timeLimit) == .timedOut { kill(childPID, SIGKILL) }
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) == -1, errno == EINTR {}
    done.signal()
    let elapsed = start.duration(to: .now).components
    wallSeconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    cpuSeconds =
      Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6
    self.status = (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    output = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
  }
}
