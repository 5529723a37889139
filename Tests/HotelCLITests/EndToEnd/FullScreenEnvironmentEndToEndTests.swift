import Foundation
import Testing

extension EndToEnd {
  /// The full-screen app when its surroundings fail in the middle of a booking: the data
  /// directory taken away, the terminal's locale or type odd.
  @Suite(.enabled(if: Tmux.executable != nil, "tmux is not installed (.ci/run installs it)"))
  struct FullScreenEnvironmentEndToEndTests {
    /// The data directory replaced by a file mid-flow (as root, a read-only folder is still
    /// written): the status line says the draft cannot be saved, and on the way out standard error
    /// says it once.
    @Test func aDataDirectoryLostMidFlowIsSaidOnceOnTheWayOut() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let directory = hotel.dataDirectory
      let data = directory.appendingPathComponent("data")
      func path(_ name: String) -> String {
        TmuxSession.quoted(directory.appendingPathComponent(name).path)
      }
      let tmux = try await TmuxSession(
        "HOTEL_DATA_DIR=\(TmuxSession.quoted(data.path)) "
          + TmuxSession.quoted(try HotelProcess.binary().path)
          + " run --today 2026-06-01 --fresh 2> \(path("err")); echo $? > \(path("code"))",
        directory: directory)
      defer { tmux.close() }
      try await tmux.openBooking()
      try await tmux.type("916")
      try await tmux.waitFor("+7 (916")
      try FileManager.default.moveItem(
        at: data, to: directory.appendingPathComponent("data.moved"))
      try Data("x".utf8).write(to: data)
      try await tmux.type("1234567")
      try await tmux.press("Tab")
      try await tmux.waitFor("✗ could not save the unfinished booking")
      try await tmux.press("C-c")
      let code = try await TmuxSession.lineWritten(
        to: directory.appendingPathComponent("code").path)
      #expect(code == "4\n")
      let errors = try String(
        contentsOf: directory.appendingPathComponent("err"), encoding: .utf8)
      let said = errors.split(separator: "\n").filter {
        $0.contains("could not save the unfinished booking")
      }
      #expect(said.count == 1, "\(errors)")
    }
  }
}
