import Foundation

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

  /// Runs `executable` with `arguments`, with standard input empty and standard output
  /// discarded; throws unless it exits 0 (with what it wrote on standard error).
  static func run(
    _ executable: URL, _ arguments: [String], environment: [String: String]? = nil
  ) throws {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    let stderr = Pipe()
    process.standardError = stderr
    try process.run()
    let errors = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw Failure(
        description:
          "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) exited "
          + "\(process.terminationStatus): \(String(decoding: errors, as: UTF8.self))")
    }
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

    /// Asks the program to end (SIGTERM) and waits for it.
    func stop() {
      guard process.isRunning else { return }
      process.terminate()
      process.waitUntilExit()
    }

    deinit { stop() }
  }
}
