import FixtureAPI
import Foundation
import TestSupport

/// The fixture API served from this process with every answer held until the test lets it go:
/// a load lasts exactly as long as the test needs it to, however slow the machine.
///
/// The tests of keys typed while a screen loads ran against `hotel serve --latency-ms 4000`:
/// every load ended on its own after 4 s, and a test task that waited longer than that for a
/// core (a loaded CI machine, the other test targets running beside it) saw the screen loaded
/// before its keys went in, then waited in vain for "typed ahead".
struct HeldAPI {
  /// How long each answer waits on ``clock`` (which moves only when the test moves it).
  static let latency: Duration = .seconds(4)

  /// The clock the answers wait on.
  let clock = TestClock()
  /// The running server.
  let server: FixtureServer
  /// Its address, for `--api`.
  let url: String

  /// Starts the server on a free port of 127.0.0.1.
  init() throws {
    server = FixtureServer(options: FixtureOptions(latency: Self.latency, clock: clock))
    url = try server.start().absoluteString
  }

  /// Lets every held answer go (and each one asked for meanwhile) until the screen of `tmux`
  /// satisfies `condition`, for 30 s at most; returns the screen.
  @discardableResult
  func release(
    in tmux: TmuxSession, until what: String, _ condition: @escaping (String) -> Bool
  ) async throws -> String {
    let deadline = Date().addingTimeInterval(30)
    while true {
      let isLastLook = Date() >= deadline
      await clock.advance(by: Self.latency)
      let screen = try await tmux.screen()
      if condition(screen) { return screen }
      if isLastLook {
        throw HarnessError("waited 30 s for \(what), every answer let go; the screen:\n\(screen)")
      }
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  /// ``release(in:until:_:)`` until `text` is on the screen.
  @discardableResult
  func release(in tmux: TmuxSession, until text: String) async throws -> String {
    try await release(in: tmux, until: "'\(text)'") { $0.contains(text) }
  }

  /// Stops the server (a held answer is dropped).
  func stop() async { await server.stop() }
}
