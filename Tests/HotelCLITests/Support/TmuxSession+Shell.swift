import Foundation

extension TmuxSession {
  /// An interactive `bash` (with job control: Ctrl-Z, `fg`, `bg`) in `hotel`'s directory that
  /// started `hotel run --fresh --today 2026-06-01` in front, once its first screen is shown,
  /// with the app's process ID. `first` runs in the shell before the app starts.
  static func shellRunningHotel(
    _ hotel: HotelProcess, first commands: [String] = []
  ) async throws -> (tmux: TmuxSession, pid: Int32) {
    let directory = hotel.dataDirectory
    let binary = quoted(try HotelProcess.binary().path)
    let data = quoted(directory.appendingPathComponent("data").path)
    let pidFile = directory.appendingPathComponent("pid").path
    let tmux = try await TmuxSession("bash --norc --noprofile -i", directory: directory)
    do {
      for command in commands {
        try await tmux.type(command)
        try await tmux.press("Enter")
      }
      try await tmux.type(
        "HOTEL_DATA_DIR=\(data) sh -c 'echo $$ > \(quoted(pidFile)); exec \(binary) run --fresh"
          + " --today 2026-06-01'")
      try await tmux.press("Enter")
      try await tmux.waitFor("Choose a room")
      return (tmux, try await processID(in: pidFile))
    } catch {
      tmux.close()
      throw error
    }
  }

  /// The process ID a shell wrote to the file at `path`.
  static func processID(in path: String) async throws -> Int32 {
    let text = try await lineWritten(to: path)
    guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw HarnessError("\(path) holds no process ID: \(text)")
    }
    return pid
  }

  /// The file at `path` once it ends with a newline (20 s at most).
  @discardableResult
  static func lineWritten(to path: String) async throws -> String {
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      if let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasSuffix("\n") {
        return text
      }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw HarnessError("\(path) was not written within 20 s")
  }
}
