import Testing

@testable import HotelCLI

@Suite struct SpaceNormalizationTests {
  /// Haystacks and needles where a byte search and a character search could disagree.
  static let hostile: [(String, String)] = [
    ("caf\u{E9} au lait", "cafe\u{301}"),
    ("cafe\u{301} au lait", "caf\u{E9}"),
    ("cafe\u{301} au lait", "cafe"),
    ("cafe\u{301}", "e"),
    ("x\u{301}abc", "\u{301}abc"),
    ("Excellent\u{301}", "Excellent"),
    ("\u{301}Excellent", "Excellent"),
    ("\u{212A}elvin scale", "Kelvin"),
    ("Kelvin scale", "\u{212A}elvin"),
    ("\u{212B}ngstr\u{F6}m", "\u{C5}ngstr\u{F6}m"),
    ("a\r\nb", "\n"),
    ("a\r\nb", "a\r"),
    ("a\r\nb", "a\r\nb"),
    ("\u{1F1FA}\u{1F1F8}\u{1F1EB}\u{1F1F7}", "\u{1F1F8}\u{1F1EB}"),
    ("\u{1F1FA}\u{1F1F8}\u{1F1EB}\u{1F1F7}", "\u{1F1EB}\u{1F1F7}"),
    ("\u{1F468}\u{200D}\u{1F469}", "\u{1F469}"),
    ("\u{2605}\u{FE0F} 5", "\u{2605}"),
    ("\u{1100}\u{1161}\u{11A8}", "\u{AC01}"),
    ("\u{AC01}", "\u{1100}\u{1161}"),
    ("289\u{A0}400\u{202F}\u{20BD}", "289 400 \u{20BD}"),
    ("zero\u{200B}width", "zero width"),
    ("zero\u{200B}width", "zerowidth"),
    ("\u{5E9}\u{5DC}\u{5D5}\u{5DD} world", "\u{5DC}\u{5D5}"),
    ("a\u{202E}live\u{202C}b", "live"),
    ("\u{627}\u{644}\u{633}\u{644}\u{627}\u{645}", "\u{644}\u{627}"),
    ("\u{915}\u{94D}\u{937}", "\u{915}"),
    ("\u{439}\u{43E}\u{433}\u{430}", "\u{438}\u{306}\u{43E}"),
    ("\u{438}\u{306}\u{43E}\u{433}\u{430}", "\u{438}"),
    ("\u{2500}\u{2500} Hotel \u{2500}\u{2500}", "\u{2500} Hotel \u{2500}"),
    ("short", "a needle longer than its haystack"),
    ("", "x"),
    ("anything", ""),
    ("", ""),
    ("   ", " "),
    (String(repeating: "ab ", count: 5_000) + "c", "ab c"),
    (String(repeating: "ab ", count: 5_000) + "c", "ab ab d"),
    (String(repeating: "\u{E9}", count: 10_000), "e\u{301}e\u{301}"),
    (String(repeating: "e\u{301}", count: 10_000), "\u{E9}\u{E9}"),
    (String(repeating: "x", count: 10_000) + "\u{301}", String(repeating: "x", count: 9_999)),
  ]

  /// What today's comparison says: `String.contains` on the normalised texts.
  static func exact(_ haystack: String, _ needle: String) -> Bool {
    SpaceNormalization.normalized(haystack).contains(SpaceNormalization.normalized(needle))
  }

  @Test(arguments: hostile)
  func theByteSearchAgreesWithTheCharacterSearch(haystack: String, needle: String) {
    let (text, wanted) = (SpaceNormalization.Text(haystack), SpaceNormalization.Text(needle))
    let expected = Self.exact(haystack, needle)
    #expect(text.contains(wanted) == expected)
    #expect(SpaceNormalization.contains(haystack, needle) == expected)
    if let quick = text.quickContains(wanted) { #expect(quick == expected) }
  }

  /// Random texts over an alphabet of the scalars that make a byte search wrong: the byte
  /// verdict, where it gives one, is the character search's.
  @Test func randomTextsGetTheCharacterSearchsVerdict() {
    let alphabet: [Unicode.Scalar] = [
      "a", "e", "K", " ", "\n", "\r", "\u{A0}", "\u{200B}", "\u{E9}", "\u{301}", "\u{212A}",
      "\u{200D}", "\u{1F469}", "\u{1F1EB}", "\u{1100}", "\u{1161}", "\u{2500}", "\u{20BD}",
      "\u{5D0}", "\u{FE0F}", "\u{2605}",
    ]
    var seed: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    func text(_ length: Int) -> String {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<length { scalars.append(alphabet[next(alphabet.count)]) }
      return String(scalars)
    }
    var disagreements: [String] = []
    var quickVerdicts = 0
    for _ in 0..<3_000 {
      let haystack = text(next(24))
      // Half the needles are cut from the haystack, so that many are found.
      let scalars = Array(haystack.unicodeScalars)
      let start = scalars.isEmpty ? 0 : next(scalars.count)
      let cut = String(
        String.UnicodeScalarView(scalars[start..<min(start + 1 + next(4), scalars.count)]))
      let needle = next(2) == 0 ? cut : text(1 + next(3))
      let searched = SpaceNormalization.Text(haystack)
      let wanted = SpaceNormalization.Text(needle)
      let expected = Self.exact(haystack, needle)
      if let quick = searched.quickContains(wanted) {
        quickVerdicts += 1
        if quick != expected {
          disagreements.append("\(haystack.debugDescription) \(needle.debugDescription)")
        }
      }
      if searched.contains(wanted) != expected {
        disagreements.append("\(haystack.debugDescription) \(needle.debugDescription)")
      }
    }
    #expect(disagreements.isEmpty)
    #expect(quickVerdicts > 300)
  }

  /// A screen's lines are plain, so its search never falls back to the character search.
  @Test func aDrawnScreenIsSearchedOnItsBytes() {
    let screen = """
      ━━ Hotel ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ hotel ━━
       ◀ 1 / 3 ▶                                 hotel.photos.previous / .next
       ★ 5 Excellent
      ┌─ ▾ Price ──────────────────────────────────────────── booking.price ─┐
      │ Total to pay                                               300 850\u{A0}₽ │
      │   › Promo code (empty) ✓ ⟳ updating… ✗ «Люкс» •••• 4567 ␛[2J �         │
      └──────────────────────────────────────────────────────────────────────┘
      """
    let text = SpaceNormalization.Text(screen)
    #expect(text.isPlain)
    #expect(text.quickContains(SpaceNormalization.Text("300 850 ₽")) == true)
    #expect(text.quickContains(SpaceNormalization.Text("Excellent\n┌─ ▾ Price")) == true)
    #expect(text.quickContains(SpaceNormalization.Text("Total to pay 300 851")) == false)
  }

  /// What the byte search rests on: each plain scalar is a character of its own next to any
  /// other, and no two plain scalars are the same character to `String`.
  @Test func plainScalarsAreCharactersOfTheirOwnAndDistinct() {
    let plain = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter(SpaceNormalization.isPlain)
    // A scalar that Unicode's grapheme break rules join to a neighbour joins one of these: a
    // letter (a mark after it, a prepended mark before it), a line feed (a carriage return
    // before it), Hangul L, V, T and LV, a regional indicator.
    let before: [Unicode.Scalar] = ["a", "\u{1100}", "\u{1161}", "\u{AC00}", "\u{1F1EB}"]
    let after: [Unicode.Scalar] = ["a", "\n", "\u{1161}", "\u{11A8}", "\u{1F1EB}"]
    var joined: [String] = []
    for scalar in plain {
      for other in before where String(String.UnicodeScalarView([other, scalar])).count != 2 {
        joined.append(String(other.value, radix: 16) + "+" + String(scalar.value, radix: 16))
      }
      for other in after where String(String.UnicodeScalarView([scalar, other])).count != 2 {
        joined.append(String(scalar.value, radix: 16) + "+" + String(other.value, radix: 16))
      }
      if String(String.UnicodeScalarView([scalar, scalar])).count != 2 {
        joined.append(String(scalar.value, radix: 16) + " twice")
      }
    }
    #expect(joined.isEmpty)
    #expect(Set(plain.map(Character.init)).count == plain.count)
    #expect(!SpaceNormalization.isPlain("\r") && !SpaceNormalization.isPlain("\u{301}"))
    #expect(!SpaceNormalization.isPlain("\u{212A}") && !SpaceNormalization.isPlain("\u{200D}"))
  }

  /// Normalising piece by piece gives what normalising the whole does.
  @Test func appendingPiecesNormalisesAsTheWhole() {
    let pieces = ["  ━━ Hotel", " \u{A0} ", "\n", "  ★ 5 ", "Excellent  ", "\n", "\t", "x", ""]
    var text = SpaceNormalization.Text()
    for piece in pieces { text.append(piece) }
    #expect(text.string == SpaceNormalization.normalized(pieces.joined()))
    #expect(text.string == "━━ Hotel\n★ 5 Excellent\nx")
  }
}
