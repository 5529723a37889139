import TestSupport
import Testing

@testable import HotelCLI

@Suite struct KeyDecoderTests {
  private func decode(_ text: String) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.feed(Array(text.utf8)) + decoder.flush()
  }

  @Test(arguments: [
    ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
    ("\u{1B}OA", .up), ("\u{1B}[Z", .backTab), ("\u{1B}[H", .home), ("\u{1B}[F", .end),
    ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
    ("\u{1B}[7~", .home), ("\u{1B}[8~", .end), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
    ("\u{1B}[3~", .delete), ("\u{1B}OS", .function(4)), ("\u{1B}[14~", .function(4)),
    ("\u{1B}OP", .function(1)), ("\u{1B}[12~", .function(2)), ("\u{1B}[1;3B", .alt(.down)),
    ("\u{1B}[1;3A", .alt(.up)), ("\u{1B}[5;2~", .shift(.pageUp)),
    ("\u{1B}[6;5~", .ctrl(.pageDown)), ("\r", .enter), ("\n", .enter), ("\t", .tab),
    ("\u{7F}", .backspace), ("\u{08}", .backspace), ("\u{03}", .control("c")),
    ("\u{15}", .control("u")), ("\u{1A}", .control("z")), ("\u{1B}", .escape),
    ("\u{1C}", .control("\\")),
  ])
  func decodesOneKey(bytes: String, key: Key) {
    #expect(decode(bytes) == [key])
  }

  /// rxvt and urxvt send a Shift-ed `ESC [ N ~` key with `$` in place of `~` (Shift-Delete `ESC [ 3
  /// $`, Shift-Home `ESC [ 7 $`, Shift-End `ESC [ 8 $`).
  ///
  /// `$` ends the sequence, so a key that comes in the same read is a key of its own ("a" after
  /// Shift-Delete).
  @Test(arguments: [
    ("\u{1B}[3$", Key.shift(.delete)), ("\u{1B}[7$", .shift(.home)), ("\u{1B}[8$", .shift(.end)),
    ("\u{1B}[2$", .shift(.insert)), ("\u{1B}[5$", .shift(.pageUp)),
  ])
  func rxvtsShiftedKeysEndAtTheDollar(bytes: String, key: Key) {
    #expect(decode(bytes) == [key])
    #expect(decode(bytes + "a") == [key, .text("a")])
    #expect(decode("a" + bytes + "\u{1B}[A") == [.text("a"), key, .up])
  }

  /// A keypad in application mode (left on by another program, or a terminal's default) sends `ESC
  /// O p` to `ESC O y` for its digits, `ESC O n` `.`, `ESC O l` `,`, `ESC O k` `+`, `ESC O m` `-`,
  /// `ESC O j` `*`, `ESC O o` `/`, `ESC O X` `=` and `ESC O M` Enter.
  ///
  /// Each is the key it stands for, so a number typed on the keypad is typed.
  @Test(arguments: [
    ("\u{1B}Op", Key.text("0")), ("\u{1B}Oq", .text("1")), ("\u{1B}Or", .text("2")),
    ("\u{1B}Os", .text("3")), ("\u{1B}Ot", .text("4")), ("\u{1B}Ou", .text("5")),
    ("\u{1B}Ov", .text("6")), ("\u{1B}Ow", .text("7")), ("\u{1B}Ox", .text("8")),
    ("\u{1B}Oy", .text("9")), ("\u{1B}On", .text(".")), ("\u{1B}Ol", .text(",")),
    ("\u{1B}Ok", .text("+")), ("\u{1B}Om", .text("-")), ("\u{1B}Oj", .text("*")),
    ("\u{1B}Oo", .text("/")), ("\u{1B}OX", .text("=")), ("\u{1B}OM", .enter),
  ])
  func theKeypadInApplicationModeTypesItsCharacters(bytes: String, key: Key) {
    #expect(decode(bytes) == [key])
    // Typed after a letter, it joins the letter's text; the key after it is not lost.
    let typed: [Key] =
      if case .text(let text) = key { [.text("a" + text), .up] } else { [.text("a"), key, .up] }
    #expect(decode("a" + bytes + "\u{1B}[A") == typed)
  }

  /// A number typed on the keypad is one run of text, as typed on the main keys.
  @Test func aNumberTypedOnTheKeypadIsText() {
    #expect(decode("\u{1B}Oq\u{1B}Or\u{1B}On\u{1B}Ou\u{1B}Op") == [.text("12.50")])
  }

  /// rxvt and urxvt send Ctrl-ed keys in forms of their own: `ESC [ N ^` for the `ESC [ N ~` keys
  /// (Ctrl-Delete `ESC [ 3 ^`, Ctrl-F1 `ESC [ 11 ^`), `ESC [ N @` with Shift as well, `ESC O a` to
  /// `d` for Ctrl-arrows and `ESC [ a` to `d` for Shift-arrows.
  ///
  /// All of them decoded to no key. They are the keys xterm's `ESC [ 3 ; 5 ~`, `ESC [ 1 ; 5 A` and
  /// `ESC [ 1 ; 2 A` are (Ctrl-Shift is Ctrl, as xterm's modifier 6 is).
  @Test(arguments: [
    ("\u{1B}[2^", Key.ctrl(.insert)), ("\u{1B}[3^", .ctrl(.delete)),
    ("\u{1B}[5^", .ctrl(.pageUp)), ("\u{1B}[6^", .ctrl(.pageDown)),
    ("\u{1B}[7^", .ctrl(.home)), ("\u{1B}[8^", .ctrl(.end)),
    ("\u{1B}[2@", .ctrl(.insert)), ("\u{1B}[3@", .ctrl(.delete)),
    ("\u{1B}[5@", .ctrl(.pageUp)), ("\u{1B}[6@", .ctrl(.pageDown)),
    ("\u{1B}[7@", .ctrl(.home)), ("\u{1B}[8@", .ctrl(.end)),
    ("\u{1B}Oa", .ctrl(.up)), ("\u{1B}Ob", .ctrl(.down)), ("\u{1B}Oc", .ctrl(.right)),
    ("\u{1B}Od", .ctrl(.left)), ("\u{1B}[a", .shift(.up)), ("\u{1B}[b", .shift(.down)),
    ("\u{1B}[c", .shift(.right)), ("\u{1B}[d", .shift(.left)),
    ("\u{1B}[11^", .ctrl(.function(1))), ("\u{1B}[12^", .ctrl(.function(2))),
    ("\u{1B}[13^", .ctrl(.function(3))), ("\u{1B}[14^", .ctrl(.function(4))),
    ("\u{1B}[15^", .ctrl(.function(5))), ("\u{1B}[17^", .ctrl(.function(6))),
    ("\u{1B}[18^", .ctrl(.function(7))), ("\u{1B}[19^", .ctrl(.function(8))),
    ("\u{1B}[20^", .ctrl(.function(9))), ("\u{1B}[21^", .ctrl(.function(10))),
    ("\u{1B}[23^", .ctrl(.function(11))), ("\u{1B}[24^", .ctrl(.function(12))),
    ("\u{1B}[11@", .ctrl(.function(1))), ("\u{1B}[24@", .ctrl(.function(12))),
  ])
  func rxvtsCtrlAndShiftFormsAreTheKeys(bytes: String, key: Key) {
    #expect(decode(bytes) == [key])
    #expect(decode("a" + bytes + "b") == [.text("a"), key, .text("b")])
  }

  /// rxvt's Ctrl-Delete is xterm's, key for key.
  @Test func rxvtsCtrlDeleteIsXtermsCtrlDelete() {
    #expect(decode("\u{1B}[3^") == decode("\u{1B}[3;5~"))
    #expect(decode("\u{1B}Od") == decode("\u{1B}[1;5D"))
    #expect(decode("\u{1B}[a") == decode("\u{1B}[1;2A"))
  }

  /// Some terminals (older xterms, konsole) put xterm's modifier into an SS3 key: `ESC O 5 A`
  /// Ctrl-↑, `ESC O 1 ; 2 P` Shift-F1.
  ///
  /// Only the byte after `O` was read: the digit ended the sequence and the rest was typed ("A",
  /// ";2P").
  @Test(arguments: [
    ("\u{1B}O5A", Key.ctrl(.up)), ("\u{1B}O2D", .shift(.left)),
    ("\u{1B}O1;2P", .shift(.function(1))), ("\u{1B}O3B", .alt(.down)),
    ("\u{1B}O5Z", nil), ("\u{1B}O2p", .text("0")),
  ])
  func anSS3KeyWithAModifierIsOneKey(bytes: String, key: Key?) {
    let keys = key.map { [$0] } ?? []
    #expect(decode(bytes) == keys)
    #expect(decode(bytes + "\u{1B}[A") == keys + [.up])
  }

  /// A key the decoder cannot name never swallows the key after it, and none of it is typed: any
  /// well-formed CSI or SS3 sequence (random ones from a seeded generator), then "a", decodes to at
  /// most the sequence's key, then "a".
  ///
  /// Left out: `ESC [ M` (an X10 mouse report carries three raw bytes after it), `ESC [ 200 ~` (a
  /// paste starts), `ESC [ [` (the Linux console's keys take the byte after it), and digits then
  /// `$` (rxvt's Shift-ed key ends at the `$`).
  @Test func anUnknownSequenceNeverSwallowsTheNextKey() {
    var random = SplitMix64(seed: 0x7714)
    for _ in 0..<20_000 {
      let sequence = random.sequence()
      let alone = decode(sequence)
      let after = decode(sequence + "a")
      let shown = sequence.unicodeScalars.map { $0.value < 0x20 ? "^[" : String($0) }.joined()
      // The keypad in application mode types its characters (with a modifier, too).
      let isKeypad =
        sequence.hasPrefix("\u{1B}O")
        && sequence.last.map { "pqrstuvwxynlkmjoX".contains($0) } == true
      guard alone.count <= 1 else {
        Issue.record("\(shown) decoded to \(alone)")
        continue
      }
      guard let key = alone.first else {
        #expect(after == [.text("a")], "\(shown)")
        continue
      }
      if case .text(let text) = key {
        #expect(isKeypad, "\(shown) typed \(text)")
        #expect(after == [.text(text + "a")], "\(shown)")
      } else {
        #expect(after == [key, .text("a")], "\(shown)")
      }
    }
  }

  /// A `$` after a private parameter (`ESC [ ? 1 $ y`, a mode report) is still an
  /// intermediate byte: the sequence is one, skipped, and nothing of it is typed.
  @Test func aDollarAfterAPrivateParameterStaysIntermediate() {
    #expect(decode("\u{1B}[?1;2$ya") == [.text("a")])
  }

  /// The Linux console (`TERM=linux`) sends F1 to F5 as `ESC [ [ A` to `ESC [ [ E`.
  ///
  /// The second `[` was taken for the end of a sequence and the letter after it typed: F2 (the
  /// command line, from a text field) typed "B" into the field, F1 "A", F4 "D".
  @Test(arguments: [
    ("\u{1B}[[A", Key.function(1)), ("\u{1B}[[B", .function(2)), ("\u{1B}[[C", .function(3)),
    ("\u{1B}[[D", .function(4)), ("\u{1B}[[E", .function(5)),
  ])
  func theLinuxConsolesFunctionKeysAreKeysNotLetters(bytes: String, key: Key) {
    #expect(decode(bytes) == [key])
    #expect(decode("a" + bytes + "b") == [.text("a"), key, .text("b")])
  }

  /// The same keys split over reads anywhere: the same key, nothing typed.
  @Test func aLinuxConsoleFunctionKeySplitAnywhereIsTheKey() {
    let bytes = Array("\u{1B}[[B".utf8)
    for cut in 1..<bytes.count {
      var decoder = KeyDecoder()
      let keys = decoder.feed(bytes[..<cut]) + decoder.feed(bytes[cut...]) + decoder.flush()
      #expect(keys == [.function(2)], "cut at \(cut)")
    }
  }

  /// `ESC [ [` and a byte that names no key is skipped whole, its last byte not typed.
  @Test func anUnknownLinuxConsoleSequenceIsSkippedWhole() {
    #expect(decode("\u{1B}[[Zx") == [.text("x")])
    #expect(decode("\u{1B}[[\u{1B}[A") == [.up])
  }

  @Test func escapeRightBeforeAControlKeyIsStillEscape() {
    #expect(decode("\u{1B}\t") == [.escape, .tab])
    #expect(decode("\u{1B}\r") == [.escape, .enter])
  }

  /// Alt-b as a terminal sends it (ESC b, one write) was Escape, then "b": on a field it went
  /// back a screen.
  @Test func altAndACharacterIsOneKeyNotEscape() {
    #expect(decode("\u{1B}b") == [.alt(.text("b"))])
    #expect(decode("\u{1B}Ж") == [.alt(.text("Ж"))])
    #expect(decode("\u{1B}\u{7F}") == [.alt(.backspace)])
    #expect(decode("a\u{1B}bc") == [.text("a"), .alt(.text("b")), .text("c")])
  }

  /// Esc, then ↓ typed quickly (or over a slow link) arrive in one read as `ESC ESC [ B`: that was
  /// Alt-↓, which opened the calendar on a date field instead of going back a screen.
  ///
  /// An `ESC` before another `ESC` is Escape, then what the second one starts (as crossterm
  /// decides); Alt-↓ is xterm's `ESC [ 1 ; 3 B`.
  @Test(arguments: [
    ("\u{1B}\u{1B}[B", [Key.escape, .down]), ("\u{1B}\u{1B}OB", [.escape, .down]),
    ("\u{1B}\u{1B}[A", [.escape, .up]), ("\u{1B}\u{1B}[1;3B", [.escape, .alt(.down)]),
    ("\u{1B}\u{1B}\u{1B}[B", [.escape, .escape, .down]), ("\u{1B}\u{1B}", [.escape, .escape]),
    ("\u{1B}\u{1B}b", [.escape, .alt(.text("b"))]),
    ("x\u{1B}\u{1B}[B", [.text("x"), .escape, .down]),
    ("\u{1B}[B\u{1B}\u{1B}[B", [.down, .escape, .down]),
  ])
  func escapeBeforeASequenceIsEscapeThenTheKey(bytes: String, keys: [Key]) {
    #expect(decode(bytes) == keys)
  }

  /// The same keys split over reads anywhere: the same result.
  @Test func escapeThenArrowSplitAnywhereIsEscapeThenTheArrow() {
    let bytes = Array("\u{1B}\u{1B}[B".utf8)
    for cut in 1..<bytes.count {
      var decoder = KeyDecoder()
      let keys = decoder.feed(bytes[..<cut]) + decoder.feed(bytes[cut...]) + decoder.flush()
      #expect(keys == [.escape, .down], "cut at \(cut)")
    }
  }

  /// The end of a sequence late on a slow link: the half that came is dropped when the wait
  /// ends, not taken for Escape (back a screen), and its end is not typed.
  @Test func halfASequenceIsNotEscape() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[1;".utf8)).isEmpty)
    #expect(decoder.flush() == [])
    var twice = KeyDecoder()
    #expect(twice.feed([0x1B, 0x1B]) == [.escape])
    #expect(twice.flush() == [.escape])
  }

  /// A byte that is not UTF-8 on its own (a Latin-1 terminal's é, 0xE9, under LANG=C) is typed as
  /// U+FFFD once the wait for the rest of its character ends, as a broken one in the middle of a
  /// read is.
  @Test func aCharacterCutShortIsTypedAsTheReplacementCharacter() {
    for lead: UInt8 in [0xE9, 0xC3, 0xF0] {
      var decoder = KeyDecoder()
      #expect(decoder.feed([lead]).isEmpty)
      #expect(decoder.flush() == [.text("\u{FFFD}")], "\(lead)")
    }
    var fast = KeyDecoder()
    #expect(fast.feed([0xE9, 0x61]) + fast.flush() == [.text("\u{FFFD}a")])
    var pending = KeyDecoder()
    #expect(pending.feed([0xE2, 0x82]).isEmpty)
    #expect(pending.feed([0xAC]) == [.text("€")])
  }

  /// Mouse reports, in case a terminal sends them unasked: none is typed into a field.
  @Test func mouseReportsAreSkipped() {
    #expect(decode("\u{1B}[M !!x") == [.text("x")])
    #expect(decode("\u{1B}[<0;10;5Mx") == [.text("x")])
    #expect(decode("\u{1B}[<0;10;5mx") == [.text("x")])
    var split = KeyDecoder()
    #expect(split.feed(Array("\u{1B}[M ".utf8)).isEmpty)
    #expect(split.feed(Array("!!y".utf8)) == [.text("y")])
  }

  @Test func anOverlongSequenceIsSkippedWhole() {
    let long = "\u{1B}[" + String(repeating: "1;", count: 40) + "Ax"
    #expect(decode(long) == [.text("x")])
  }

  @Test func joinsTypedTextAndKeepsUTF8() {
    #expect(decode("Анна é") == [.text("Анна é")])
    #expect(decode("ab\u{1B}[Ac") == [.text("ab"), .up, .text("c")])
  }

  @Test func waitsForSplitSequencesAndCharacters() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.hasPending)
    #expect(decoder.feed(Array("[1;3".utf8)).isEmpty)
    #expect(decoder.feed(Array("B".utf8)) == [.alt(.down)])
    let letter = Array("Я".utf8)
    #expect(decoder.feed([letter[0]]).isEmpty)
    #expect(decoder.feed([letter[1]]) == [.text("Я")])
    #expect(!decoder.hasPending)
  }

  @Test func aLoneEscapeIsEscapeOnlyAfterTheWait() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.flush() == [.escape])
  }

  @Test func bracketedPasteArrivesWholeEvenWhenSplit() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[200~Anna\u{1B}[2".utf8)).isEmpty)
    // What follows the end in the same read is the paste's tail: text, not keys.
    #expect(decoder.feed(Array("01~x".utf8)) == [.paste("Anna"), .paste("x")])
    #expect(decoder.flush() == [])
    #expect(decoder.feed(Array("x".utf8)) == [.text("x")])
    #expect(decode("\u{1B}[200~a\u{1B}b\u{1B}[201~") == [.paste("a\u{1B}b")])
  }

  /// A pasted text that holds the end marker itself (a terminal that does not filter it; `ESC [ 201
  /// ~`, Return, `:tap booking.pay`, Return is a paste injection): the rest of that read, and what
  /// follows without a pause, is pasted text; a later key is a key.
  @Test func anEndMarkerInsideAPasteCannotTypeKeys() {
    var decoder = KeyDecoder()
    let injected = "\u{1B}[200~safe\u{1B}[201~\r:tap booking.pay\r\t\u{1B}[A\u{1B}[201~"
    let keys = decoder.feed(Array(injected.utf8))
    #expect(keys == [.paste("safe"), .paste("\r:tap booking.pay\r\t\u{1B}[A")])
    #expect(decoder.hasPending, "the reader waits for the input to be quiet")
    #expect(!decoder.isPasting, "a short wait, not a paste's")
    // The rest of a long paste, in the next read before any pause: text too.
    #expect(decoder.feed(Array("\r\u{1B}".utf8)) == [.paste("\r")])
    #expect(decoder.feed(Array("[B".utf8)) == [.paste("\u{1B}[B")])
    // Ctrl-C still quits: the way out is never text.
    #expect(decoder.feed(Array("a\u{03}b".utf8)) == [.paste("a"), .control("c"), .paste("b")])
    // Quiet: the next key is a key again.
    #expect(decoder.flush() == [])
    #expect(!decoder.hasPending)
    #expect(decoder.feed(Array("\r".utf8)) == [.enter])
  }

  /// After a paste, a real paste start begins a paste; a marker or a character cut by the end
  /// of a read is decided with its rest.
  @Test func aPasteTailEndsAtAPasteStartAndWaitsForCutMarkers() {
    #expect(
      decode("\u{1B}[200~a\u{1B}[201~x\u{1B}[200~b\r\u{1B}[201~y")
        == [.paste("a"), .paste("x"), .paste("b\r"), .paste("y")])
    var decoder = KeyDecoder()
    #expect(
      decoder.feed(Array("\u{1B}[200~a\u{1B}[201~x\u{1B}[2".utf8)) == [.paste("a"), .paste("x")])
    #expect(decoder.feed(Array("01~\r".utf8)) == [.paste("\r")])
    #expect(decoder.feed(Array("\u{1B}[20".utf8)) == [])
    #expect(decoder.feed(Array("0~b\u{1B}[201~".utf8)) == [.paste("b")])
    let letter = Array("я".utf8)
    #expect(decoder.feed([UInt8(ascii: "c"), letter[0]]) == [.paste("c")])
    #expect(decoder.feed([letter[1]]) == [.paste("я")])
    #expect(decoder.flush() == [])
  }

  /// A paste in progress says so: the reader waits longer for its end than for the rest of an
  /// escape sequence (cut after 40 ms, a paste's newlines were typed as Enter).
  @Test func aPasteInProgressIsKnown() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[200~first line\n".utf8)).isEmpty)
    #expect(decoder.isPasting)
    #expect(decoder.feed(Array("second\u{1B}[201~".utf8)) == [.paste("first line\nsecond")])
    #expect(!decoder.isPasting)
  }

  @Test func badBytesNeverTrapAndAreBounded() {
    var broken = KeyDecoder()
    #expect(broken.feed([0xFF, 0x61]) == [.text("\u{FFFD}a")])
    let long = "\u{1B}[" + String(repeating: "1", count: 100) + "A"
    var decoder = KeyDecoder()
    _ = decoder.feed(Array(long.utf8))
    #expect(!decoder.hasPending)
    var paste = KeyDecoder()
    let huge = [UInt8](repeating: 0x61, count: KeyDecoder.maximumPaste * 2)
    let keys = paste.feed(Array("\u{1B}[200~".utf8) + huge + Array("\u{1B}[201~".utf8))
    guard case .paste(let text)? = keys.first else {
      Issue.record("no paste: \(keys)")
      return
    }
    #expect(text.utf8.count == KeyDecoder.maximumPaste)
  }

  /// A paste over the limit is cut before the character the limit falls in: never half of a
  /// UTF-8 sequence (shown as �) or half a grapheme cluster (👍 without its skin tone).
  @Test(arguments: ["é", "👍🏽", "🇪🇬", "👨‍👩‍👧", "e\u{301}"])
  func aCutPasteKeepsWholeCharacters(_ character: String) throws {
    let limit = KeyDecoder.maximumPaste
    for filler in 0..<6 {
      var decoder = KeyDecoder()
      let text = String(repeating: "a", count: filler) + String(repeating: character, count: limit)
      // Sent in two reads, the second starting mid-character.
      let bytes = Array("\u{1B}[200~".utf8) + Array(text.utf8) + Array("\u{1B}[201~".utf8)
      var keys = decoder.feed(bytes[0..<(limit / 2 + 1)])
      keys += decoder.feed(bytes[(limit / 2 + 1)...])
      guard case .paste(let pasted)? = keys.first, keys.count == 1 else {
        Issue.record("no paste: \(keys.count) keys")
        return
      }
      #expect(pasted.utf8.count <= limit)
      #expect(pasted.utf8.count > limit - 32)
      #expect(!pasted.contains("\u{FFFD}"))
      #expect(pasted.dropFirst(filler).allSatisfy { String($0) == character }, "filler \(filler)")
    }
  }
}

/// Escape sequences drawn from TestSupport's seeded generator, for
/// ``KeyDecoderTests/anUnknownSequenceNeverSwallowsTheNextKey()``.
extension SplitMix64 {
  mutating func byte(in range: ClosedRange<UInt8>) -> UInt8 {
    range.lowerBound + UInt8(below(Int(range.upperBound - range.lowerBound) + 1))
  }

  /// `ESC [` or `ESC O`, parameter bytes (digits and `;` most of the time), intermediate bytes
  /// (CSI only), a final byte.
  mutating func sequence() -> String {
    while true {
      let isCSI = below(3) != 0
      var bytes: [UInt8] = [0x1B, isCSI ? 0x5B : 0x4F]
      var parameters: [UInt8] = []
      for _ in 0..<below(isCSI ? 8 : 4) {
        parameters.append(
          below(4) == 0 ? byte(in: 0x30...0x3F) : Array("0123456789;".utf8)[below(11)])
      }
      var intermediates: [UInt8] = []
      if isCSI, below(4) == 0 {
        for _ in 0..<(1 + below(2)) { intermediates.append(byte(in: 0x20...0x2F)) }
      }
      let final = byte(in: 0x40...0x7E)
      bytes += parameters + intermediates + [final]
      let digitsOnly = !parameters.isEmpty && parameters.allSatisfy { (0x30...0x39).contains($0) }
      let isLeftOut =
        isCSI
        && ((parameters.isEmpty && intermediates.isEmpty && (final == 0x4D || final == 0x5B))
          || (parameters == Array("200".utf8) && intermediates.isEmpty && final == 0x7E)
          || (digitsOnly && intermediates.first == 0x24))
      if !isLeftOut { return String(decoding: bytes, as: UTF8.self) }
    }
  }
}
