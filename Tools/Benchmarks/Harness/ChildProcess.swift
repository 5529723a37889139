import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the programs built beside the benchmarks (`hotel`, `BenchHello`): to completion for
/// start-up and replay timings, or in the background for a server.
enum ChildProcess {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The executable `name` in the build directory of the running benchmarks.
  static func sibling(_ name: String) throws -> URL {
    guard let own = Bundle.main.executableURL else {
      throw Failure(description: "cannot tell where the benchmarks executable is")
    }
    let url = own.deletingLastPathComponent().appendingPathComponent(name)
    guard FileManager.default.isExecutableFile(atPath: url.path) else {
      throw Failure(
        description:
          "\(url.path) is missing: build it first (swift build -c release, or "
          + "swift build -c release --product \(name))")
    }
    return url
  }

  /// Runs `executable` with `arguments` to completion, with standard input and output on
  /// `/dev/null` and standard error in `errorFile`; throws unless it exits 0 (with what it wrote
  /// on standard error).
  ///
  /// `posix_spawn` and `waitpid` directly: Foundation's `Process` adds tens of milliseconds per
  /// run on Linux (its own threads, pipes and run-loop sources), which would swamp the very
  /// start-up times the replay row compares.
  static func run(_ executable: URL, _ arguments: [String], errorFile: String) throws {
    _ = try runMeasured(executable, arguments, errorFile: errorFile)
  }

  /// Runs `executable` like ``run(_:_:errorFile:)`` and returns the CPU time (user plus system)
  /// the kernel counted for it, read with `wait4`.
  static func runMeasured(
    _ executable: URL, _ arguments: [String], errorFile: String
  ) throws -> Duration {
    let usage = try runUsage(executable, arguments, errorFile: errorFile)
    let microseconds =
      (Int64(usage.ru_utime.tv_sec) + Int64(usage.ru_stime.tv_sec)) * 1_000_000
      + Int64(usage.ru_utime.tv_usec) + Int64(usage.ru_stime.tv_usec)
    return .microseconds(microseconds)
  }

  /// Runs `executable` like ``run(_:_:errorFile:)`` and returns the resource usage the kernel
  /// counted for it (`wait4`): its CPU time, its peak resident set (`ru_maxrss`, KiB).
  static func runUsage(
    _ executable: URL, _ arguments: [String], errorFile: String
  ) throws -> rusage {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, mode_t(0o600))
    let argv = ([executable.path] + arguments).map { strdup($0) }
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv + [nil], environ)
    guard spawned == 0 else {
      throw Failure(description: "cannot start \(executable.path): error \(spawned)")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { throw Failure(description: "wait4: error \(errno)") }
    }
    // Exited normally with code 0: the low 7 bits (the signal) and the exit code are zero.
    guard status == 0 else {
      let errors = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
      throw Failure(
        description:
          "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) failed "
          + "(wait status \(status)): \(errors)")
    }
    return usage
  }

  /// A program running in the background until ``stop()``.
  final class Background {
    private let process: Process
    private let output: Pipe

    /// Starts `executable` with `arguments`.
    init(_ executable: URL, _ arguments: [String]) throws {
      process = Process()
      process.executableURL = executable
      process.arguments = arguments
      process.standardInput = FileHandle.nullDevice
      output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
    }

    /// The first line the program wrote (a server's base URL); throws if it ends first.
    func firstLine() throws -> String {
      var bytes: [UInt8] = []
      let handle = output.fileHandleForReading
      while true {
        guard let byte = try handle.read(upToCount: 1)?.first else {
          throw Failure(description: "the background program ended before printing a line")
        }
        if byte == UInt8(ascii: "\n") { break }
        bytes.append(byte)
      }
      return String(decoding: bytes, as: UTF8.self)
    }

    /// The base URL a server printed on its first line (`http://127.0.0.1:PORT`).
    func baseURL() throws -> String {
      guard
        let url = try firstLine().split(separator: " ").last(where: { $0.hasPrefix("http") })
      else { throw Failure(description: "the background program printed no base URL") }
      return String(url)
    }

    /// Asks the program to end (SIGTERM) and waits for it.
    func stop() {
      guard process.isRunning else { return }
      process.terminate()
      process.waitUntilExit()
    }

    deinit { stop() }
  }
}
