import Testing

@testable import HotelCLI

@Suite struct LineEditorTests {
  @Test func editsAsInAShell() {
    var editor = LineEditor("Ivan")
    #expect(editor.handle(.backspace) == .edited)
    #expect(editor.text == "Iva")
    editor.handle(.home)
    #expect(editor.handle(.delete) == .edited)
    #expect(editor.text == "va")
    editor.handle(.text("I"))
    editor.handle(.right)
    editor.handle(.text("a"))
    #expect(editor.text == "Ivaa")
    #expect(editor.cursor == 3)
    editor.handle(.end)
    editor.handle(.left)
    editor.handle(.control("u"))
    #expect(editor.text == "a")
    #expect(editor.cursor == 0)
    editor.reset("Anna Maria")
    editor.handle(.control("w"))
    #expect(editor.text == "Anna ")
    editor.handle(.home)
    editor.handle(.control("k"))
    #expect(editor.text.isEmpty)
  }

  @Test func altKeysMoveAndDeleteByWordsAsInReadline() {
    var editor = LineEditor("Anna Maria Lee")
    #expect(editor.handle(.alt(.text("b"))) == .moved)
    #expect(editor.cursor == 11)
    editor.handle(.alt(.text("b")))
    #expect(editor.cursor == 5)
    editor.handle(.alt(.text("f")))
    #expect(editor.cursor == 10)
    #expect(editor.handle(.alt(.backspace)) == .edited)
    #expect(editor.text == "Anna  Lee")
    #expect(editor.handle(.alt(.text("x"))) == .ignored)
  }

  /// Ctrl-Delete (xterm's `ESC [ 3 ; 5 ~`, rxvt's `ESC [ 3 ^`) was no editing key: the status line
  /// said "Ctrl-Delete does nothing here".
  ///
  /// It deletes the word after the cursor, as Ctrl-W deletes the one before.
  @Test func ctrlDeleteDeletesTheWordAfterTheCursor() {
    var editor = LineEditor("Anna Maria Lee")
    editor.handle(.home)
    #expect(editor.handle(.ctrl(.delete)) == .edited)
    #expect(editor.text == " Maria Lee")
    #expect(editor.handle(.ctrl(.delete)) == .edited)
    #expect(editor.text == " Lee")
    #expect(editor.cursor == 0)
    editor.handle(.end)
    #expect(editor.handle(.ctrl(.delete)) == .moved)
    #expect(editor.text == " Lee")
    #expect(Key.ctrl(.delete).isBoundOutsidePopups)
    #expect(!Key.ctrl(.insert).isBoundOutsidePopups)
  }

  /// Ctrl-← and Ctrl-→ (and Alt-← Alt-→, as some terminals send the word moves) were no keys in a
  /// field: the status line said "Ctrl-← does nothing here".
  ///
  /// They move by words, as Alt-B and Alt-F do, in xterm's and rxvt's forms alike.
  @Test func ctrlArrowsMoveByWords() throws {
    var editor = LineEditor("Anna Maria Lee")
    #expect(editor.handle(.ctrl(.left)) == .moved)
    #expect(editor.cursor == 11)
    editor.handle(.alt(.left))
    #expect(editor.cursor == 5)
    editor.handle(.ctrl(.right))
    #expect(editor.cursor == 10)
    editor.handle(.alt(.right))
    #expect(editor.cursor == 14)
    #expect(editor.text == "Anna Maria Lee")
    var decoder = KeyDecoder()
    let keys = decoder.feed(Array("\u{1B}[1;5D\u{1B}Od".utf8))
    #expect(keys == [.ctrl(.left), .ctrl(.left)])
    for key in [Key.ctrl(.left), .ctrl(.right), .alt(.left), .alt(.right)] {
      #expect(key.isBoundOutsidePopups, "\(key)")
    }
  }

  @Test func keysThatDoNotEditSayWhatTheyDid() {
    var editor = LineEditor()
    #expect(editor.handle(.backspace) == .moved)
    #expect(editor.handle(.delete) == .moved)
    #expect(editor.handle(.tab) == .ignored)
    #expect(editor.handle(.text("\u{7}")) == .moved)
    #expect(editor.text.isEmpty)
  }

  @Test func aPasteIsOneLine() {
    var editor = LineEditor()
    editor.handle(.paste("a\nb\tc"))
    #expect(editor.text == "a b c")
  }

  @Test func theMaskedTextKeepsTheCursorAsFarFromTheEnd() {
    var editor = LineEditor("9161")
    editor.adopt("+7 (916) 1")
    #expect(editor.cursor == editor.characters.count)
    editor.handle(.left)
    editor.handle(.left)
    editor.adopt("+7 (916) 12")
    #expect(editor.cursor == 9)
    #expect(editor.cursorColumn == 9)
  }

  /// The editor moves and deletes by grapheme cluster, even when a cluster arrives in parts
  /// (a skin tone typed after 👍, an accent after e, the second regional indicator of a
  /// flag): Backspace after 👍🏽 removes the whole of it, and the cursor's column counts the
  /// glyphs a terminal draws.
  @Test func editsByGraphemeClusterEvenWhenOneArrivesInParts() {
    var editor = LineEditor("a")
    editor.handle(.text("👍"))
    editor.handle(.text("🏽"))
    #expect(editor.characters.count == 2)
    #expect(editor.cursor == 2)
    #expect(editor.cursorColumn == 3)
    editor.handle(.backspace)
    #expect(editor.text == "a")
    editor.handle(.text("e"))
    editor.handle(.text("\u{301}"))
    editor.handle(.text("\u{1F1EA}"))
    editor.handle(.text("\u{1F1EC}"))
    #expect(editor.characters == ["a", "e\u{301}", "🇪🇬"])
    #expect(editor.cursorColumn == 4)
    editor.handle(.left)
    #expect(editor.cursorColumn == 2)
    editor.handle(.left)
    #expect(editor.cursorColumn == 1)
    editor.handle(.delete)
    #expect(editor.text == "a🇪🇬")
    editor.handle(.end)
    editor.handle(.text("👨‍👩‍👧"))
    editor.handle(.text("🏳️‍🌈"))
    #expect(editor.cursorColumn == 7)
    editor.handle(.backspace)
    editor.handle(.backspace)
    #expect(editor.text == "a🇪🇬")
    // Inserted before a combining mark, a letter takes it: the cursor goes after the cluster.
    var joined = LineEditor("\u{301}x")
    joined.handle(.home)
    joined.handle(.text("e"))
    #expect(joined.characters == ["e\u{301}", "x"])
    #expect(joined.cursor == 1)
  }
}
