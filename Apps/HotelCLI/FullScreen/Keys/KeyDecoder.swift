/// Turns the bytes a terminal in raw mode sends into ``Key``s: ANSI and xterm sequences (CSI `ESC
/// [`, SS3 `ESC O`, with xterm's modifier parameters; the Linux console's F1-F5, `ESC [ [ A` to
/// `E`; rxvt's Shift-ed `ESC [ N $`, Ctrl-ed `ESC [ N ^` and `ESC [ N @`, Ctrl-arrows `ESC O a` to
/// `d` and Shift-arrows `ESC [ a` to `d`; the keypad in application mode; Alt as `ESC` before a
/// character), Ctrl-letters, UTF-8 text and bracketed paste.
///
/// `ESC` before another `ESC` is Escape, then what the second starts: Esc and ↓ typed quickly are
/// Escape and ↓, not Alt-↓.
///
/// Bytes may arrive split anywhere; what cannot be decoded yet is kept for the next
/// ``feed(_:)``. A lone `ESC` is the Escape key only once no more bytes follow for a moment:
/// the reader calls ``flush()`` after a short wait (``hasPending``). Everything is bounded: a
/// sequence longer than ``maximumSequence`` bytes is dropped, a paste is cut to at most
/// ``maximumPaste`` bytes of whole characters (grapheme clusters).
///
/// A paste's end marker (`ESC [ 201 ~`) may be part of the pasted text itself, on a terminal
/// that does not filter it (kitty, xterm, VTE, Alacritty and WezTerm do: the CVE-2015-8971
/// class; tmux does not): the paste ended early and its rest was read as keys, an Enter in it
/// pressing whatever had the focus. An app cannot tell that marker from the real one, so the
/// decoder ends the paste there but takes what follows in the same read, and what follows
/// without a pause (the reader's ``flush()`` after 40 ms of quiet ends it), as more pasted text
/// (``Key/paste(_:)``: never Enter, Tab, Esc or a command key), with any further end markers
/// dropped. A real paste start (`ESC [ 200 ~`) begins a paste as usual, and Ctrl-C still
/// quits. A key pressed within that moment after a paste is text too; a human does not press
/// one that fast (a program driving the terminal must wait for the quiet).
struct KeyDecoder {
  /// The longest escape sequence kept.
  static let maximumSequence = 32
  /// The longest paste kept, in UTF-8 bytes: a longer one keeps the whole characters that fit
  /// (never half a character or half an emoji sequence); the rest is dropped.
  static let maximumPaste = 64 * 1024

  private var pending: [UInt8] = []
  private var paste: [UInt8]?
  private var pasteWasCut = false
  /// The first scalar the cut left out: whether it would have joined the last character kept
  /// (a skin tone after 👍) is decided when the paste ends.
  private var pasteCutBefore: Unicode.Scalar?
  /// A paste ended, and the input has not yet been quiet since: what arrives is its tail,
  /// text, not keys (``flush()`` ends this).
  private var isAfterPaste = false

  private static let pasteStart: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E]
  private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

  /// Whether bytes are waiting for more (a lone `ESC`, half a sequence or character), or a
  /// paste has just ended and the input has not been quiet since.
  var hasPending: Bool { !pending.isEmpty || paste != nil || isAfterPaste }

  /// Whether a bracketed paste has started and not ended: its end may come much later than
  /// the next key of a sequence would (a large paste over a slow link).
  var isPasting: Bool { paste != nil }

  /// Decodes `bytes` (after what was pending) into keys.
  mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      if paste != nil {
        let (next, finished) = continuePaste(from: index, into: &keys)
        index = next
        if finished {
          isAfterPaste = true
          continue
        }
        break
      }
      if isAfterPaste {
        let (next, pasteStarts) = continueTail(from: index, into: &keys)
        index = next
        if pasteStarts {
          isAfterPaste = false
          continue
        }
        break
      }
      guard let (key, next) = decode(at: index) else { break }
      if let key { append(key, to: &keys) }
      index = next
    }
    pending.removeFirst(min(index, pending.count))
    return keys
  }

  /// Gives up waiting: a lone `ESC` is the Escape key; half a sequence (its end
  /// late on a slow link) is dropped, not taken for Escape, which would go back a screen; half
  /// a character (a byte that is not UTF-8: a Latin-1 terminal's é) is U+FFFD, as a broken
  /// one in the middle of a read is, not dropped without a sign; an unfinished paste ends.
  mutating func flush() -> [Key] {
    var keys: [Key] = []
    if paste != nil {
      keys.append(.paste(finishPaste()))
    } else if isAfterPaste {
      // What is left is part of a marker, or half a character: a paste's tail, not a key.
      isAfterPaste = false
      pending.removeAll()
      return keys
    }
    if pending == [0x1B] {
      keys.append(.escape)
    } else if let first = pending.first, first >= 0xC0 {
      keys.append(.text("\u{FFFD}"))
    }
    pending.removeAll()
    return keys
  }

  // MARK: - Decoding

  /// The key at `index` and the index after it; `nil` when more bytes are needed.
  ///
  /// A `nil` key means bytes that are skipped.
  private mutating func decode(at index: Int) -> (Key?, Int)? {
    let byte = pending[index]
    switch byte {
    case 0x1B:
      return escape(at: index)
    case 0x0D, 0x0A:
      return (.enter, index + 1)
    case 0x09:
      return (.tab, index + 1)
    case 0x7F, 0x08:
      return (.backspace, index + 1)
    case 0x01...0x1A:
      return (.control(Character(Unicode.Scalar(byte + 0x60))), index + 1)
    case 0x1C:
      // Ctrl-\ (SIGQUIT's key where the terminal makes signals).
      return (.control("\\"), index + 1)
    case 0x00, 0x1D...0x1F:
      return (nil, index + 1)
    default:
      return utf8(at: index)
    }
  }

  private mutating func escape(at index: Int) -> (Key?, Int)? {
    guard index + 1 < pending.count else { return nil }
    let next = pending[index + 1]
    switch next {
    case UInt8(ascii: "["):
      return csi(at: index)
    case UInt8(ascii: "O"):
      return ss3Sequence(at: index)
    case 0x1B:
      // ESC ESC: Escape, then whatever the second ESC starts (as crossterm decides). A person
      // pressing Esc then ↓ quickly, or a slow link, gives `ESC ESC [ B` in one read: that is
      // Escape (back a screen) and ↓, never Alt-↓ (the calendar). rxvt sends Alt-↓ that way
      // too, but it cannot be told apart from Esc, ↓; xterm, VTE, kitty, tmux and iTerm2 send
      // `ESC [ 1 ; 3 B`, and F4 opens the calendar everywhere.
      return (.escape, index + 1)
    case 0x7F:
      // Alt-Backspace (readline's "delete the word before").
      return (.alt(.backspace), index + 2)
    case 0x20...0x7E, 0xC2...0xF4:
      // Alt and a character, as terminals send Meta (ESC b): one key, never Escape (back one
      // screen!) followed by the letter.
      guard let (key, after) = utf8(at: index + 1) else { return nil }
      return (key.map { Key.alt($0) }, after)
    default:
      // Escape, then a control key typed right after it (ESC Tab): a fast Escape is not lost.
      return (.escape, index + 1)
    }
  }

  /// `ESC [ params final`.
  private mutating func csi(at index: Int) -> (Key?, Int)? {
    if index + 2 < pending.count, pending[index + 2] == UInt8(ascii: "[") {
      return linuxConsoleKey(at: index)
    }
    var position = index + 2
    while position < pending.count {
      let byte = pending[position]
      if (0x40...0x7E).contains(byte) {
        let parameters = String(decoding: pending[(index + 2)..<position], as: UTF8.self)
        if byte == UInt8(ascii: "~"), parameters == "200" {
          paste = []
          return (nil, position + 1)
        }
        if byte == UInt8(ascii: "M"), parameters.isEmpty {
          // An X10 mouse report, `ESC [ M` and three raw bytes: skipped whole, not typed.
          guard position + 3 < pending.count else { return nil }
          return (nil, position + 4)
        }
        return (csiKey(final: byte, parameters: parameters), position + 1)
      }
      if byte == UInt8(ascii: "$"), position > index + 2,
        pending[(index + 2)..<position].allSatisfy({ (0x30...0x39).contains($0) })
      {
        // rxvt's Shift-ed `ESC [ N ~` key, `ESC [ N $` (Shift-Delete `ESC [ 3 $`): the `$`
        // ends it. Read as an intermediate byte, it let the next key end the sequence, and
        // that key was lost. (After a private or several parameters, `$` stays intermediate.)
        let number = Int(String(decoding: pending[(index + 2)..<position], as: UTF8.self))
        return (number.flatMap { Self.tildeKeys[$0] }.map { Key.shift($0) }, position + 1)
      }
      guard (0x20...0x3F).contains(byte) else { return (nil, position) }
      position += 1
      if position - index > Self.maximumSequence {
        // Too long to be a key: skipped up to its final byte, none of it typed.
        while position < pending.count, (0x20...0x3F).contains(pending[position]) {
          position += 1
        }
        return (nil, min(position + 1, pending.count))
      }
    }
    return nil
  }

  /// `ESC [ [ X`: the Linux console's (`TERM=linux`) F1 to F5, `X` from `A` to `E`.
  ///
  /// The second `[` does not end the sequence (F2 must not type "B"). Another byte in `X`'s place
  /// that could end a sequence is skipped with it; a control byte (an `ESC` starting the next key)
  /// is left for the next key.
  private func linuxConsoleKey(at index: Int) -> (Key?, Int)? {
    guard index + 3 < pending.count else { return nil }
    let last = pending[index + 3]
    guard (0x40...0x7E).contains(last) else { return (nil, index + 3) }
    return (Self.linuxConsoleKeys[last], index + 4)
  }

  private static let linuxConsoleKeys: [UInt8: Key] = [
    UInt8(ascii: "A"): .function(1), UInt8(ascii: "B"): .function(2),
    UInt8(ascii: "C"): .function(3), UInt8(ascii: "D"): .function(4),
    UInt8(ascii: "E"): .function(5),
  ]

  private func csiKey(final: UInt8, parameters: String) -> Key? {
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false)
      .map { Int($0) ?? 1 }
    let modifier = numbers.count > 1 ? numbers[1] : 1
    let key: Key?
    switch final {
    case UInt8(ascii: "A"): key = .up
    case UInt8(ascii: "B"): key = .down
    case UInt8(ascii: "C"): key = .right
    case UInt8(ascii: "D"): key = .left
    case UInt8(ascii: "H"): key = .home
    case UInt8(ascii: "F"): key = .end
    case UInt8(ascii: "Z"): return .backTab
    case UInt8(ascii: "P"), UInt8(ascii: "Q"), UInt8(ascii: "R"), UInt8(ascii: "S"):
      key = ss3(final)
    case UInt8(ascii: "~"):
      key = Self.tildeKeys[numbers.first ?? 0]
    case UInt8(ascii: "^"), UInt8(ascii: "@"):
      // rxvt's Ctrl-ed `ESC [ N ~` key, `ESC [ N ^` (Ctrl-Delete `ESC [ 3 ^`, Ctrl-F1
      // `ESC [ 11 ^`), and with Shift as well `ESC [ N @`: Ctrl, as xterm's modifiers 5 and 6.
      guard numbers.count == 1, !parameters.isEmpty, parameters.allSatisfy(\.isNumber) else {
        return nil
      }
      return Self.tildeKeys[numbers[0]].map { Key.ctrl($0) }
    case UInt8(ascii: "a"), UInt8(ascii: "b"), UInt8(ascii: "c"), UInt8(ascii: "d"):
      // rxvt's Shift-arrows, `ESC [ a` to `d` (xterm's `ESC [ 1 ; 2 A` to `D`).
      guard parameters.isEmpty else { return nil }
      return Self.rxvtArrows[final].map { Key.shift($0) }
    default: key = nil
    }
    return key.map { Self.modified($0, modifier) }
  }

  /// `ESC O params final`: an SS3 key (``ss3(_:)``), with xterm's modifier in the parameters where
  /// a terminal puts one there (`ESC O 5 A`, `ESC O 1 ; 2 P`: older xterms, konsole).
  ///
  /// A parameter's digit does not end the sequence (`5A` must not be typed into a field). A byte
  /// that cannot end it (a control byte, the next key's `ESC`) ends it unnamed and is left for the
  /// next key.
  private func ss3Sequence(at index: Int) -> (Key?, Int)? {
    var position = index + 2
    while position < pending.count, (0x30...0x3F).contains(pending[position]) {
      position += 1
    }
    if position - index > Self.maximumSequence {
      // Too long to be a key: skipped with its final byte, none of it typed.
      guard position < pending.count else { return (nil, position) }
      let last = pending[position]
      return (nil, (0x40...0x7E).contains(last) ? position + 1 : position)
    }
    guard position < pending.count else { return nil }
    let final = pending[position]
    guard (0x40...0x7E).contains(final) else { return (nil, position) }
    guard let key = ss3(final) else { return (nil, position + 1) }
    let parameters = String(decoding: pending[(index + 2)..<position], as: UTF8.self)
    let modifier = parameters.split(separator: ";").last.flatMap { Int($0) } ?? 1
    if case .text = key { return (key, position + 1) }
    return (Self.modified(key, modifier), position + 1)
  }

  /// `ESC O x`: arrows in application mode, Home/End, F1-F4, and the keypad in application
  /// mode (``keypadKeys``).
  private func ss3(_ byte: UInt8) -> Key? {
    if let key = Self.keypadKeys[byte] { return key }
    // rxvt's Ctrl-arrows, `ESC O a` to `d` (xterm's `ESC [ 1 ; 5 A` to `D`).
    if let arrow = Self.rxvtArrows[byte] { return .ctrl(arrow) }
    return switch byte {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    case UInt8(ascii: "P"): .function(1)
    case UInt8(ascii: "Q"): .function(2)
    case UInt8(ascii: "R"): .function(3)
    case UInt8(ascii: "S"): .function(4)
    default: nil
    }
  }

  /// The keypad in application mode, `ESC O x` by `x`: its digits, `.`, `,`, `+`, `-`, `*`, `/` and
  /// `=` are typed as those characters, its Enter is Enter.
  ///
  /// A terminal sends these when the keypad was left in application mode by another program (`tput
  /// smkx` without `rmkx`), or by default (some VT100 emulations).
  private static let keypadKeys: [UInt8: Key] = {
    var keys: [UInt8: Key] = [UInt8(ascii: "M"): .enter]
    for (byte, character) in zip("pqrstuvwxynlkmjoX".utf8, "0123456789.,+-*/=") {
      keys[byte] = .text(String(character))
    }
    return keys
  }()

  /// rxvt's modified arrows by their final byte, `a` to `d` (Shift after `ESC [`, Ctrl after
  /// `ESC O`).
  private static let rxvtArrows: [UInt8: Key] = [
    UInt8(ascii: "a"): .up, UInt8(ascii: "b"): .down, UInt8(ascii: "c"): .right,
    UInt8(ascii: "d"): .left,
  ]

  /// `ESC [ N ~` keys (VT220, xterm and rxvt numbering; 25 to 34 are the VT220's F13 to F20,
  /// which rxvt, the Linux console and PuTTY send for their Shift-ed F-keys).
  private static let tildeKeys: [Int: Key] = [
    1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
    11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
    17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
    23: .function(11), 24: .function(12), 25: .function(13), 26: .function(14),
    28: .function(15), 29: .function(16), 31: .function(17), 32: .function(18),
    33: .function(19), 34: .function(20),
  ]

  /// xterm's modifier parameter: 2 Shift, 3 Alt, 5 Ctrl (others: the key alone).
  private static func modified(_ key: Key, _ modifier: Int) -> Key {
    switch modifier {
    case 2: .shift(key)
    case 3, 4: .alt(key)
    case 5...8: .ctrl(key)
    default: key
    }
  }

  /// One UTF-8 character; `nil` when it is cut short.
  ///
  /// An invalid byte is U+FFFD.
  private func utf8(at index: Int) -> (Key?, Int)? {
    let lead = pending[index]
    let length: Int
    switch lead {
    case 0x20...0x7E: return (.text(String(Unicode.Scalar(lead))), index + 1)
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return (.text("\u{FFFD}"), index + 1)
    }
    guard index + length <= pending.count else {
      // Cut short, or broken: a continuation byte is missing where one has arrived.
      for position in (index + 1)..<pending.count where pending[position] & 0xC0 != 0x80 {
        return (.text("\u{FFFD}"), position)
      }
      return nil
    }
    let bytes = pending[index..<(index + length)]
    guard let scalar = String(validating: bytes, as: UTF8.self), !scalar.isEmpty else {
      return (.text("\u{FFFD}"), index + 1)
    }
    // C1 controls are not text.
    if let value = scalar.unicodeScalars.first?.value, (0x80...0x9F).contains(value) {
      return (nil, index + length)
    }
    return (.text(scalar), index + length)
  }

  /// Joins consecutive text into one key (a paste without bracketed paste arrives at once).
  private func append(_ key: Key, to keys: inout [Key]) {
    if case .text(let text) = key, case .text(let previous)? = keys.last {
      keys[keys.count - 1] = .text(previous + text)
    } else {
      keys.append(key)
    }
  }

  /// Collects paste bytes up to `ESC [ 201 ~`; returns the index after what was used and
  /// whether the paste ended (if not, the bytes from that index may start the end marker and
  /// stay pending).
  private mutating func continuePaste(
    from index: Int, into keys: inout [Key]
  ) -> (next: Int, finished: Bool) {
    let end: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
    var position = index
    while position < pending.count {
      if pending[position] == 0x1B {
        let compared = min(pending.count - position, end.count)
        if pending[position..<(position + compared)].elementsEqual(end[0..<compared]) {
          addPaste(pending[index..<position])
          guard compared == end.count else { return (position, false) }
          keys.append(.paste(finishPaste()))
          return (position + end.count, true)
        }
      }
      position += 1
    }
    addPaste(pending[index..<position])
    return (position, false)
  }

  /// After a paste's end: takes the bytes from `index` as pasted text (end markers dropped) up to a
  /// paste start, which it leaves for the decoder (`pasteStarts`), or to the end of what came; a
  /// marker or a character cut by the end of the read stays pending.
  ///
  /// The text is one ``Key/paste(_:)``, bounded by one read.
  private mutating func continueTail(
    from index: Int, into keys: inout [Key]
  ) -> (next: Int, pasteStarts: Bool) {
    var text: [UInt8] = []
    var position = index
    // The text not yet taken starts at `segment`; what is taken ends at `stop`.
    var segment = index
    var stop = pending.count
    var pasteStarts = false
    while position < pending.count {
      let byte = pending[position]
      if byte == 0x03 || byte == 0x1C {
        // Ctrl-C and Ctrl-\ still quit (the draft kept): the way out is never taken away,
        // and quitting neither submits nor navigates.
        text.append(contentsOf: pending[segment..<position])
        if !text.isEmpty { keys.append(.paste(String(decoding: text, as: UTF8.self))) }
        text = []
        keys.append(.control(byte == 0x03 ? "c" : "\\"))
        position += 1
        segment = position
        continue
      }
      guard byte == 0x1B else {
        position += 1
        continue
      }
      let compared = min(pending.count - position, Self.pasteEnd.count)
      let window = pending[position..<(position + compared)]
      let isStart = window.elementsEqual(Self.pasteStart[0..<compared])
      let isEnd = window.elementsEqual(Self.pasteEnd[0..<compared])
      guard isStart || isEnd else {
        position += 1
        continue
      }
      if compared < Self.pasteEnd.count || isStart {
        // A marker cut by the end of the read waits for its rest; a paste start is decoded.
        stop = position
        pasteStarts = compared == Self.pasteStart.count
        break
      }
      text.append(contentsOf: pending[segment..<position])
      position += Self.pasteEnd.count
      segment = position
    }
    // Half a character at the end of the read waits for its rest.
    var end = stop
    if stop == pending.count {
      var back = 0
      while back < 3, end - back - 1 >= segment, pending[end - back - 1] & 0xC0 == 0x80 {
        back += 1
      }
      if end - back - 1 >= segment {
        let lead = pending[end - back - 1]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        if length > back + 1 { end -= back + 1 }
      }
    }
    text.append(contentsOf: pending[segment..<end])
    if !text.isEmpty { keys.append(.paste(String(decoding: text, as: UTF8.self))) }
    return (end, pasteStarts)
  }

  private mutating func addPaste(_ bytes: ArraySlice<UInt8>) {
    guard var collected = paste, !pasteWasCut, !bytes.isEmpty else { return }
    let room = Self.maximumPaste - collected.count
    if bytes.count <= room {
      collected.append(contentsOf: bytes)
    } else {
      // Cut before the character the limit falls in (not inside its UTF-8 bytes); what comes
      // after is dropped.
      var end = bytes.startIndex + max(room, 0)
      while end > bytes.startIndex, bytes[end] & 0xC0 == 0x80 { end -= 1 }
      collected.append(contentsOf: bytes[..<end])
      pasteWasCut = true
      let next = String(decoding: bytes[end..<min(end + 4, bytes.endIndex)], as: UTF8.self)
      pasteCutBefore = next.unicodeScalars.first
    }
    paste = collected
  }

  /// The paste's text, ending the paste.
  ///
  /// A paste cut inside a grapheme cluster loses that cluster's first part too (👍 without its skin
  /// tone, half a flag).
  private mutating func finishPaste() -> String {
    var text = String(decoding: paste ?? [], as: UTF8.self)
    if let next = pasteCutBefore, let last = text.last, (String(last) + String(next)).count == 1 {
      text.removeLast()
    }
    paste = nil
    pasteWasCut = false
    pasteCutBefore = nil
    return text
  }
}
