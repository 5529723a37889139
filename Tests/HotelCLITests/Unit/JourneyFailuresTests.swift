import Testing

@testable import HotelCLI

/// A journey's failures keep every message and line, but only the screens the report prints.
@Suite struct JourneyFailuresTests {
  static func failure(_ line: Int, screen: String) -> JourneyResult.Failure {
    JourneyResult.Failure(
      message: "j.hotel:\(line): expect screen rooms: the screen is hotel",
      line: "expect screen rooms", screen: screen)
  }

  /// 20 000 failed lines, each on a screen of its own: 20 screens kept, the others left out, every
  /// message and line kept.
  @Test func twentyThousandFailuresKeepTwentyScreens() {
    var failures = JourneyFailures()
    for line in 1...20_000 {
      failures.append(Self.failure(line, screen: "━━ Booking ━━\nline \(line)\n"))
    }
    #expect(failures.count == 20_000)
    #expect(failures.screensKept == JourneyFailures.screenLimit)
    let drawn = failures.compactMap { failure -> String? in
      if case .drawn(let screen) = failure.screen { return screen } else { return nil }
    }
    #expect(drawn == (1...20).map { "━━ Booking ━━\nline \($0)\n" })
    #expect(failures.dropFirst(20).allSatisfy { $0.screen == .leftOut })
    #expect(failures.last?.message == "j.hotel:20000: expect screen rooms: the screen is hotel")
    #expect(failures.allSatisfy { $0.line == "expect screen rooms" })
  }

  /// A screen the same as the last one kept is "the one above", even past the limit, until a
  /// screen is left out: after that every screen is left out, so "the one above" is never said
  /// of a failure whose neighbour above shows no screen; one the same as an earlier screen,
  /// but not the last kept, is kept again.
  @Test func aRepeatedScreenIsTheOneAbove() {
    var failures = JourneyFailures()
    for (line, screen) in ["A", "A", "B", "A", "A"].enumerated() {
      failures.append(Self.failure(line + 1, screen: screen))
    }
    #expect(
      failures.map(\.screen) == [.drawn("A"), .sameAsAbove, .drawn("B"), .drawn("A"), .sameAsAbove])
    #expect(failures.screensKept == 3)

    var full = JourneyFailures((1...20).map { Self.failure($0, screen: "s\($0)") })
    full.append(Self.failure(21, screen: "s20"))
    full.append(Self.failure(22, screen: "s1"))
    full.append(Self.failure(23, screen: "s20"))
    #expect(full.suffix(3).map(\.screen) == [.sameAsAbove, .leftOut, .leftOut])
  }

  /// A failure with no screen (an order the server accepted but this run could not save) is a
  /// screen like any other: the empty one.
  @Test func anArrayLiteralAddsInOrder() {
    let failures: JourneyFailures = [Self.failure(1, screen: ""), Self.failure(2, screen: "")]
    #expect(failures.map(\.screen) == [.drawn(""), .sameAsAbove])
  }
}
