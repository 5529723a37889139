import Synchronization
import TestSupport
import Testing

@testable import HotelCLI

/// Standard input in lines of at most 64 KiB.
@Suite struct StandardInputLinesTests {
  func lines(_ chunks: [String], limit: Int = 8) -> [String] {
    var remaining = chunks.map { Array($0.utf8) }[...]
    var lines: [String] = []
    let next = { remaining.popFirst() }
    StandardInputLines.read(chunks: next, limit: limit) { lines.append($0) }
    return lines
  }

  @Test func splitsLinesAcrossChunks() {
    #expect(lines(["ab", "c\nde\r\n", "f"]) == ["abc", "de", "f"])
    #expect(lines(["\n\n"]) == ["", ""])
  }

  /// A byte order mark starts the first line only: dropped there, as a script file's is, so the
  /// first command piped into the line mode is known.
  @Test func aByteOrderMarkBeforeTheFirstLineIsDropped() {
    #expect(lines(["\u{FEFF}show\n", "\u{FEFF}x\n"], limit: 64) == ["show", "\u{FEFF}x"])
    #expect(lines(["\u{FEFF}"], limit: 64) == [""])
  }

  @Test func aLineOverTheLimitIsReplacedByTheMarkerAndTheRestIsKept() {
    #expect(
      lines(["ok\n0123", "456789", "0123\nnext\n"])
        == ["ok", StandardInputLines.overlongLine, "next"])
    #expect(lines(["012345678"]) == [StandardInputLines.overlongLine])
  }

  /// 16 MB scanned in a debug build: off the cooperative pool (``offThePool(_:)``), so it does
  /// not hold one of its two threads from the async tests started beside it.
  @Test func anEndlessLineIsDroppedChunkByChunk() async throws {
    // 1 000 chunks of 16 KiB with no newline (as /dev/zero gives): one marker at the end.
    let (lines, toldAtChunk) = try await offThePool { () -> ([String], Int?) in
      var count = 0
      var lines: [String] = []
      let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 16 * 1024)
      let next = { () -> [UInt8]? in
        count += 1
        return count <= 1_000 ? chunk : nil
      }
      var toldAtChunk: Int?
      StandardInputLines.read(chunks: next) { line in
        lines.append(line)
        toldAtChunk = toldAtChunk ?? count
      }
      return (lines, toldAtChunk)
    }
    #expect(lines == [StandardInputLines.overlongLine])
    // Told as soon as the limit passed (the 5th chunk of 16 KiB passes 64 KiB), not when the
    // input ends (before: at the 1 001st read, and never for `< /dev/zero`).
    #expect(toldAtChunk == 5)
  }

  /// A chunk with a NUL byte is no text: none of its lines, ``StandardInputLines/notText`` instead,
  /// and nothing more is read (so `< /dev/zero` ends).
  @Test func aNulByteEndsTheReading() {
    var reads = 0
    var lines: [String] = []
    let chunks = ["show\n", "sh\u{0}ow\nquit\n", "more\n"].map { Array($0.utf8) }
    let next = { () -> [UInt8]? in
      reads += 1
      return reads <= chunks.count ? chunks[reads - 1] : nil
    }
    StandardInputLines.read(chunks: next) { lines.append($0) }
    #expect(lines == ["show", StandardInputLines.notText])
    #expect(reads == 2)
  }

  /// Input without end (`yes show | hotel run`) is read only as fast as the session takes it: the
  /// reading thread never gets more than its read-ahead in front, so memory stays bounded.
  @Test func theReaderStaysAFewLinesAheadOfTheSession() async {
    struct Counts {
      var read = 0
      var taken = 0
      var mostAhead = 0
    }
    let counts = Mutex(Counts())
    let lines = StandardInputLines.stream(readAhead: 4) {
      counts.withLock { counts in
        counts.read += 1
        counts.mostAhead = max(counts.mostAhead, counts.read - counts.taken)
      }
      return Array("show\n".utf8)
    }
    var taken: [String] = []
    for await line in lines {
      taken.append(line)
      counts.withLock { $0.taken += 1 }
      if taken.count == 300 { break }
    }
    #expect(taken == Array(repeating: "show", count: 300))
    // The read-ahead, the line waiting for room, and the one read while the test counts.
    #expect(counts.withLock { $0.mostAhead } <= 4 + 2)
  }
}
