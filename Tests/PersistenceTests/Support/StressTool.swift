import Foundation
import Testing
import UseCases

/// The `PersistenceStress` executable (built beside the test binary), run as a child process.
enum StressTool {
  /// Where the executable is: next to the test binary, or a few folders up (macOS bundles).
  static func location() throws -> URL {
    let starts = [
      Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0]),
    ].compactMap { $0?.resolvingSymlinksInPath().deletingLastPathComponent() }
    for start in starts {
      var folder = start
      for _ in 0..<5 {
        let candidate = folder.appendingPathComponent("PersistenceStress")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        folder = folder.deletingLastPathComponent()
      }
    }
    throw LocationError(searched: starts.map(\.path))
  }

  struct LocationError: Error, CustomStringConvertible {
    var searched: [String]
    var description: String {
      "PersistenceStress was not found near \(searched); build it with `swift build`"
    }
  }

  /// Starts the tool with `arguments`, its standard output and error piped.
  static func start(_ arguments: [String]) throws -> (Process, output: Pipe, errors: Pipe) {
    let process = Process()
    process.executableURL = try location()
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    return (process, output, errors)
  }

  /// The draft the tool's `drafts` mode writes for `generation` (the same function as the
  /// tool's: a payload of one letter chosen by the generation).
  static func draft(generation: Int, size: Int) -> BookingDraft {
    let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    let letter = letters[generation % letters.count]
    return BookingDraft(
      stack: [.hotel, .rooms, .booking(roomID: 2)],
      fields: [
        "generation": String(generation), "payload": String(repeating: letter, count: size),
      ],
      touristCount: generation % 4 + 1)
  }
}
