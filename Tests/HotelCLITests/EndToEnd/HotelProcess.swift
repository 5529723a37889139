import Foundation
import TestSupport
import Testing

/// Runs the built `hotel` binary as a child process, the way a person or CI runs it.
///
/// The binary is found next to the test executable (SwiftPM puts every product of the package in
/// the same build directory), or from `HOTEL_BINARY`, or under `.build/debug` of the package that
/// holds this file. Output goes to temporary files, not pipes, so a chatty child can never block.
struct HotelProcess {
  /// What one run produced.
  struct Result: CustomStringConvertible {
    /// The exit code (or the signal number when killed).
    var status: Int32
    /// Everything written to standard output.
    var stdout: String
    /// Everything written to standard error.
    var stderr: String
    /// Whether the run hit the time limit and was killed.
    var timedOut: Bool

    /// The lines of standard error.
    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
    /// The lines of standard output.
    var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }

    var description: String {
      "exit \(status)\(timedOut ? " (timed out)" : "")\n--- stdout\n\(stdout)--- stderr\n\(stderr)"
    }
  }

  /// A fresh, empty data directory for one test, removed by ``cleanUp()``.
  let dataDirectory: URL

  /// Creates a harness with its own temporary data directory.
  init() throws {
    dataDirectory = FileManager.default.temporaryDirectory
      .appendingPathComponent("hotel-e2e-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
  }

  /// The clean environment of a child: `PATH`, `HOME` and `HOTEL_DATA_DIR` in this harness's
  /// directory, `NO_COLOR=1`, `TERM=dumb`, `LANG=C.UTF-8` (for a ``BackgroundProcess`` too).
  var environment: [String: String] {
    [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": dataDirectory.path,
      "NO_COLOR": "1",
      "TERM": "dumb",
      "HOTEL_DATA_DIR": dataDirectory.path,
      "LANG": "C.UTF-8",
    ]
  }

  /// Removes the data directory.
  func cleanUp() {
    try? FileManager.default.removeItem(at: dataDirectory)
  }

  /// Runs `hotel arguments...` with `stdin` as standard input and a clean environment
  /// (`NO_COLOR=1`, `TERM=dumb`, `HOTEL_DATA_DIR` set to this harness's directory, plus `extra`).
  func run(
    _ arguments: [String], stdin: String = "", environment extra: [String: String] = [:],
    timeLimit: Double = 60
  ) async throws -> Result {
    try await run(
      executable: try Self.binary(), arguments, stdin: stdin, environment: extra,
      timeLimit: timeLimit)
  }

  /// `hotel replay -` of `script` against `hotel serve --form schema`, started here and stopped
  /// with SIGTERM (which must end it with 0): the replay's result, and what `serve` said on
  /// standard error.
  func replay(
    _ script: String, againstFormServedFrom schema: String, options: [String]
  ) async throws -> (result: Result, serveLog: String) {
    try await replay(script, serving: ["--form", schema], options: options)
  }

  /// `hotel replay -` of `script` against `hotel serve` with `serveOptions` (`--form ...`),
  /// started here and stopped with SIGTERM (which must end it with 0).
  func replay(
    _ script: String, serving serveOptions: [String], options: [String]
  ) async throws -> (result: Result, serveLog: String) {
    let errors = dataDirectory.appendingPathComponent("serve.err").path
    let server = try BackgroundProcess(
      try Self.binary().path, ["serve", "--port", "0"] + serveOptions,
      environment: environment, errorPath: errors)
    let url = try #require(await server.readLine())
    let result = try await run(["replay", "-", "--api", url] + options, stdin: script)
    #expect(await server.stop(SIGTERM) == 0)
    return (result, try String(contentsOfFile: errors, encoding: .utf8))
  }

  /// Runs any executable the same way, waiting for it off the cooperative pool.
  func run(
    executable binary: URL, _ arguments: [String], stdin: String = "",
    environment extra: [String: String] = [:], timeLimit: Double = 60
  ) async throws -> Result {
    try await offThePool {
      try runBlocking(
        executable: binary, arguments, stdin: stdin, environment: extra, timeLimit: timeLimit)
    }
  }

  private func runBlocking(
    executable binary: URL, _ arguments: [String], stdin: String,
    environment extra: [String: String], timeLimit: Double
  ) throws -> Result {
    let scratch = dataDirectory.appendingPathComponent(".io-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let inURL = scratch.appendingPathComponent("stdin")
    let outURL = scratch.appendingPathComponent("stdout")
    let errURL = scratch.appendingPathComponent("stderr")
    try Data(stdin.utf8).write(to: inURL)
    try Data().write(to: outURL)
    try Data().write(to: errURL)
    let input = try FileHandle(forReadingFrom: inURL)
    let output = try FileHandle(forWritingTo: outURL)
    let error = try FileHandle(forWritingTo: errURL)
    defer {
      try? input.close()
      try? output.close()
      try? error.close()
    }

    var environment = self.environment
    environment.merge(extra) { _, new in new }

    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = environment
    process.currentDirectoryURL = dataDirectory
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    let timedOut = finished.wait(timeout: .now() + timeLimit) == .timedOut
    if timedOut {
      process.terminate()
      finished.wait()
    }
    return Result(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
      timedOut: timedOut)
  }

  /// Writes `text` into the data directory as `name` and returns its path.
  func file(_ name: String, _ text: String) throws -> String {
    let url = dataDirectory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  // MARK: - Locating the binary

  /// The directory of this test target's sources (`Tests/HotelCLITests`).
  static let testsDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The built `hotel` executable.
  static func binary() throws -> URL {
    let files = FileManager.default
    if let override = ProcessInfo.processInfo.environment["HOTEL_BINARY"], !override.isEmpty {
      guard files.isExecutableFile(atPath: override) else {
        throw HarnessError("HOTEL_BINARY=\(override) is not an executable")
      }
      return URL(fileURLWithPath: override)
    }
    var candidates: [URL] = []
    if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
      var directory = executable.deletingLastPathComponent()
      for _ in 0..<4 {
        candidates.append(directory.appendingPathComponent("hotel"))
        directory = directory.deletingLastPathComponent()
      }
    }
    let packageRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(packageRoot.appendingPathComponent(".build/debug/hotel"))
    if let found = candidates.first(where: { url in
      var isDirectory: ObjCBool = false
      return files.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
        && files.isExecutableFile(atPath: url.path)
    }) {
      return found
    }
    throw HarnessError(
      "the hotel binary was not found (looked at \(candidates.map(\.path))); run swift build first")
  }
}

/// A problem with the test harness itself (not with `hotel`).
struct HarnessError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
