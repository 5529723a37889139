import Foundation
import Testing

/// The set-up and the way out that the full-screen tests repeated: `hotel run --today
/// 2026-06-01 --fresh` in a fresh harness's tmux pane, driven by a test's keys, then Ctrl-C
/// and an exit code of 0; with `--record`, the recording and its replay.
extension Pane {
  /// What a recorded session left.
  struct Recording {
    /// The recording's text, header included.
    var text: String
    /// Its lines after the header.
    var lines: [String]
    /// `hotel replay FILE --today 2026-06-01` of it, in the same harness.
    var replay: HotelProcess.Result
  }

  /// The options every session here starts with (a fixed today, a fresh booking).
  static let sessionOptions = ["--today", "2026-06-01", "--fresh"]

  /// Runs `hotel run` with ``sessionOptions`` and `arguments` in a new harness's pane, gives
  /// `keys` the pane (and the harness), then quits with Ctrl-C and expects exit code 0.
  static func session(
    _ arguments: [String] = [], columns: Int = 100, rows: Int = 40,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ keys: (TmuxSession, HotelProcess) async throws -> Void
  ) async throws {
    let hotel = try HotelProcess()
    defer { hotel.cleanUp() }
    try await session(
      hotel, arguments, columns: columns, rows: rows, sourceLocation: sourceLocation, keys)
  }

  /// The same in `hotel`'s harness (which the caller cleans up).
  static func session(
    _ hotel: HotelProcess, _ arguments: [String] = [], columns: Int = 100, rows: Int = 40,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ keys: (TmuxSession, HotelProcess) async throws -> Void
  ) async throws {
    let app = try await start(
      hotel, sessionOptions + arguments, columns: columns, rows: rows)
    defer { app.tmux.close() }
    try await keys(app.tmux, hotel)
    try await app.tmux.press("C-c")
    try await app.waitForExit()
    #expect(try app.exitCode() == 0, sourceLocation: sourceLocation)
  }

  /// A ``session(_:columns:rows:sourceLocation:_:)`` with `--record FILE`: returns what it
  /// recorded and the replay of it.
  static func recordedSession(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ keys: (TmuxSession, HotelProcess) async throws -> Void
  ) async throws -> Recording {
    let hotel = try HotelProcess()
    defer { hotel.cleanUp() }
    let record = hotel.dataDirectory.appendingPathComponent("session.hotel").path
    try await session(hotel, ["--record", record], sourceLocation: sourceLocation, keys)
    let text = try String(contentsOfFile: record, encoding: .utf8)
    let replay = try await hotel.run(["replay", record, "--today", "2026-06-01"])
    return Recording(
      text: text, lines: text.split(separator: "\n").dropFirst().map(String.init),
      replay: replay)
  }
}
