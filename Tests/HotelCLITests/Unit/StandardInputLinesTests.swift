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

  /// A byte order mark starts the first line only: dropped there, as a script file's is
  /// (before, piped into the line mode, it made the first command unknown).
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

  @Test func anEndlessLineIsDroppedChunkByChunk() {
    // 1 000 chunks of 16 KiB with no newline (as /dev/zero gives): one marker at the end.
    var count = 0
    var lines: [String] = []
    let chunk = [UInt8](repeating: 0, count: 16 * 1024)
    let next = { () -> [UInt8]? in
      count += 1
      return count <= 1_000 ? chunk : nil
    }
    StandardInputLines.read(chunks: next) { lines.append($0) }
    #expect(lines == [StandardInputLines.overlongLine])
  }
}
