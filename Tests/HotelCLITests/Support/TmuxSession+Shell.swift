import Foundation

extension TmuxSession {
  /// An interactive `bash` (with job control: Ctrl-Z, `fg`, `bg`) in `hotel`'s directory that
  /// started `hotel run --fresh --today 2026-06-01` in front, once its first screen is shown, with
  /// the app's process ID.
  ///
  /// `first` runs in the shell before the app starts.
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

  /// A shell line that waits until `jobs %1` (its output and errors) satisfies `grep` with
  /// `arguments` (checked every 0.1 s, 20 s at most), then lists the jobs and prints
  /// `listed-42` (a computed marker, so the line's echo on the screen cannot match it).
  ///
  /// An interactive bash says a job stopped or ended only before its next prompt: a fixed
  /// `sleep 1; jobs` listed the job as it was a second later (still "Running" on a loaded
  /// machine), and nothing was said after that.
  static func jobsOnce(_ arguments: String) -> String {
    "i=0; until jobs %1 2>&1 | grep \(arguments) || [ $i -ge 200 ]; do sleep 0.1; i=$((i+1));"
      + " done; jobs; echo listed-$((6 * 7))"
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
    while true {
      // The last look is taken after the deadline (a starved task may wake up past it).
      let isLastLook = Date() >= deadline
      if let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasSuffix("\n") {
        return text
      }
      if isLastLook { break }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw HarnessError("\(path) was not written within 20 s")
  }
}
