import Foundation

/// Runs a program to completion with its output discarded (for start-up and replay timings).
enum ChildProcess {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs `executable` with `arguments`, feeding `input` on standard input; throws unless it
  /// exits 0.
  static func run(
    _ executable: URL, _ arguments: [String], input: String = "",
    environment: [String: String]? = nil
  ) throws {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    let stdin = Pipe()
    process.standardInput = stdin
    process.standardOutput = FileHandle.nullDevice
    let stderr = Pipe()
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let errors = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(
        description:
          "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) exited "
          + "\(process.terminationStatus): \(String(decoding: errors, as: UTF8.self))")
    }
  }
}
