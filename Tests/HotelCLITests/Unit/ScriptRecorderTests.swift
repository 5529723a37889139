import Domain
import Foundation
import Testing

@testable import HotelCLI

/// `--record FILE` when the file stops taking lines, and the line a field's typing holds.
@Suite struct ScriptRecorderTests {
  @Test func aWriteThatFailsIsToldOnceAndRecordingStops() throws {
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let recorder = ScriptRecorder(handle: full, path: "/dev/full")
    recorder.append("tap hotel.chooseRoom")
    // Before: the error was dropped (`try?`) and every later line was lost silently.
    #expect(
      recorder.unreportedFailure()
        == "recording to '/dev/full' stopped: no space left on device; the file holds what was"
        + " done before")
    recorder.append("back")
    #expect(recorder.unreportedFailure() == nil, "told once")
    #expect(recorder.failure?.hasPrefix("recording to '/dev/full' stopped") == true)
  }

  @Test func inRussian() throws {
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let recorder = ScriptRecorder(handle: full, path: "/dev/full", strings: .init(language: .ru))
    recorder.append("back")
    #expect(
      recorder.unreportedFailure()
        == "запись в '/dev/full' остановлена: нет места на диске; в файле то, что сделано до этого")
  }

  /// A FIFO that nothing reads: `hotel run --record FIFO` is refused at once, not left waiting for
  /// a reader.
  @Test func aFIFOThatNothingReadsIsRefusedAtOnce() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("fifo-\(UUID().uuidString)").path
    #expect(mkfifo(path, 0o600) == 0)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect {
      _ = try ScriptRecorder(path: path, strings: .init(language: .ru))
    } throws: { error in
      (error as? ScriptRecorder.Failure)?.message
        == "не удалось записать файл записи '\(path)': это FIFO, из которого никто не читает"
    }
  }

  /// What is typed is personal data: the file is made 0600, whatever the umask.
  @Test func theFileIsOnlyTheOwners() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("mode-\(UUID().uuidString).hotel").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    _ = try ScriptRecorder(path: path)
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test func theHeldLineIsWrittenOnce() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("held-\(UUID().uuidString).hotel").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = try ScriptRecorder(path: path)
    recorder.hold("type booking.buyer.email a@b.cd")
    recorder.hold("type booking.buyer.email a@b.cde")
    recorder.commitHeld()
    recorder.commitHeld()
    recorder.append("back")
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(lines.dropFirst() == ["type booking.buyer.email a@b.cde", "back"])
  }
}
