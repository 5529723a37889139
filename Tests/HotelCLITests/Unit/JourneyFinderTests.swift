import Domain
import Foundation
import Testing

@testable import HotelCLI

@Suite struct JourneyFinderTests {
  @Test func aFolderGivesItsJourneysSortedWithSubfoldersAndWithoutIncludes() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("finder-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: root) }
    for name in [
      "b.hotel", "a.hotel", "_shared.hotel", "notes.txt", "sub/c.hotel", "sub/_x.hotel",
      ".hidden/d.hotel", "z/y/e.hotel",
    ] {
      let url = root.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("show\n".utf8).write(to: url)
    }
    let found = try JourneyFinder.files([
      root.path + "/", root.appendingPathComponent("a.hotel").path,
    ])
    #expect(
      found.map { String($0.dropFirst(root.path.count + 1)) } == [
        "a.hotel", "b.hotel", "sub/c.hotel", "z/y/e.hotel",
      ])
    // A file given by name is a journey whatever its name.
    #expect(try JourneyFinder.files([root.appendingPathComponent("_shared.hotel").path]).count == 1)
  }

  /// A folder of shared steps only (`_*.hotel`, run where included): the error says why none is a
  /// journey.
  @Test(arguments: [
    (
      Language.en,
      "test: no journeys in '%@': its 2 *.hotel files are named with a leading _ (shared steps, run only where included)"
    ),
    (
      Language.ru,
      "test: в '%@' нет сценариев: все его файлы *.hotel (2) начинаются с _ (общие шаги, они выполняются только через include)"
    ),
  ])
  func aFolderOfOnlySharedStepsSaysWhyNoneIsAJourney(language: Language, said: String) throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("finder-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: root) }
    for name in ["_a.hotel", "sub/_b.hotel", "notes.txt"] {
      let url = root.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("show\n".utf8).write(to: url)
    }
    let expected = said.replacingOccurrences(of: "%@", with: root.path)
    #expect(throws: JourneyFinder.Failure(message: expected)) {
      try JourneyFinder.files([root.path], strings: CLIStrings(language: language))
    }
    // A folder with no *.hotel file at all is told as before.
    try FileManager.default.removeItem(at: root.appendingPathComponent("_a.hotel"))
    try FileManager.default.removeItem(at: root.appendingPathComponent("sub/_b.hotel"))
    #expect(
      throws: JourneyFinder.Failure(message: "test: no journeys (*.hotel files) in '\(root.path)'")
    ) {
      try JourneyFinder.files([root.path])
    }
  }

  @Test func aLinkBackUpIsFollowedOnceAndAFIFOIsRefusedUnread() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("finder-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appendingPathComponent("a", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("show\n".utf8).write(to: folder.appendingPathComponent("one.hotel"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("loop").path, withDestinationPath: "..")
    // Before: 'a/loop/a/loop/.../a/one.hotel', 15 links deep.
    #expect(try JourneyFinder.files([root.path]) == [root.path + "/a/one.hotel"])
    let fifo = folder.appendingPathComponent("wait.hotel").path
    #expect(mkfifo(fifo, 0o600) == 0)
    // Before: the suite blocked for ever reading the FIFO.
    #expect(throws: JourneyFinder.Failure(message: "test: '\(fifo)' is not a regular file")) {
      try JourneyFinder.files([root.path])
    }
  }

  /// A journey whose file name is not UTF-8 (`bad\\xFF.hotel`, which Foundation lists with U+FFFD,
  /// a name no file has) is named, and nothing runs.
  @Test func aJourneyNamedInBytesThatAreNotUTF8IsNamedNotSkipped() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("finder-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    try Data("show\n".utf8).write(to: root.appendingPathComponent("a.hotel"))
    let name = Array((root.path + "/bad").utf8) + [0xFF, 0xFE] + Array(".hotel".utf8) + [0]
    let descriptor = name.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { creat($0.baseAddress!, 0o644) }
    }
    #expect(descriptor >= 0)
    if descriptor >= 0 { close(descriptor) }
    #expect(throws: JourneyFinder.Failure.self) { try JourneyFinder.files([root.path]) }
    do {
      _ = try JourneyFinder.files([root.path], strings: CLIStrings(language: .ru))
    } catch {
      #expect(
        error.messages == [
          "test: имя файла '\(root.path)/bad\u{FFFD}\u{FFFD}.hotel' — не текст UTF-8 (� вместо байтов); переименуйте его, иначе сценарий не выполнить"
        ])
    }
  }

  /// A folder whose name is not UTF-8 (`sub\\xFF\\xFE`, holding a journey; Foundation lists it with
  /// U+FFFD, a name no folder has) is named as a journey file with such a name is, and nothing
  /// runs.
  ///
  /// A file with such a name that is not a journey (`notes\\xFF.txt`) is no concern of the suite.
  @Test func aFolderNamedInBytesThatAreNotUTF8IsNamedNotSkipped() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("finder-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    try Data("show\n".utf8).write(to: root.appendingPathComponent("a.hotel"))
    func cString(_ bytes: [UInt8]) -> [CChar] {
      (Array((root.path + "/").utf8) + bytes + [0]).map { CChar(bitPattern: $0) }
    }
    let folder = cString(Array("sub".utf8) + [0xFF, 0xFE])
    #expect(mkdir(folder, 0o755) == 0)
    let journey = cString(Array("sub".utf8) + [0xFF, 0xFE] + Array("/b.hotel".utf8))
    let descriptor = creat(journey, 0o644)
    #expect(descriptor >= 0)
    if descriptor >= 0 { close(descriptor) }
    let notes = creat(cString(Array("notes".utf8) + [0xFF] + Array(".txt".utf8)), 0o644)
    #expect(notes >= 0)
    if notes >= 0 { close(notes) }
    let shown = "\(root.path)/sub\u{FFFD}\u{FFFD}"
    #expect(
      throws: JourneyFinder.Failure(
        message:
          "test: the folder name of '\(shown)' is not UTF-8 (� for its bytes); rename it, its journeys cannot run"
      )
    ) { try JourneyFinder.files([root.path]) }
    #expect(
      throws: JourneyFinder.Failure(
        message:
          "test: имя папки '\(shown)' — не текст UTF-8 (� вместо байтов); переименуйте её, иначе её сценарии не выполнить"
      )
    ) { try JourneyFinder.files([root.path], strings: CLIStrings(language: .ru)) }
  }

  @Test func aMissingPathOrAnEmptyFolderIsAnError() throws {
    #expect(throws: JourneyFinder.Failure(message: "test: no such file or folder '/nonexistent/j'"))
    {
      try JourneyFinder.files(["/nonexistent/j"])
    }
    let empty = FileManager.default.temporaryDirectory
      .appendingPathComponent("finder-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: empty) }
    #expect(
      throws: JourneyFinder.Failure(message: "test: no journeys (*.hotel files) in '\(empty.path)'")
    ) {
      try JourneyFinder.files([empty.path])
    }
  }

  /// A `*.hotel` link to nothing, or in a loop of links: each is named with why, every one, and
  /// nothing runs.
  @Test func aLinkThatCannotBeFollowedIsNamedWithWhy() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("finder-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    try Data("show\n".utf8).write(to: root.appendingPathComponent("a.hotel"))
    let links = ["b.hotel": "gone.hotel", "c.hotel": "c.hotel", "_shared.hotel": "gone.hotel"]
    for (name, target) in links {
      try FileManager.default.createSymbolicLink(
        atPath: root.appendingPathComponent(name).path, withDestinationPath: target)
    }
    let english = [
      "test: '\(root.path)/b.hotel' is a link to 'gone.hotel', which does not exist; the journey cannot run",
      "test: cannot read '\(root.path)/c.hotel': its links form a loop; the journey cannot run",
    ]
    #expect(throws: JourneyFinder.Failure(messages: english)) {
      try JourneyFinder.files([root.path])
    }
    let russian = [
      "test: '\(root.path)/b.hotel' — ссылка на несуществующий 'gone.hotel'; сценарий не выполнить",
      "test: '\(root.path)/c.hotel' нельзя прочитать: ссылки образуют петлю; сценарий не выполнить",
    ]
    #expect(throws: JourneyFinder.Failure(messages: russian)) {
      try JourneyFinder.files([root.path], strings: CLIStrings(language: .ru))
    }
    // Given by name, it says the same.
    #expect(throws: JourneyFinder.Failure(messages: [english[0]])) {
      try JourneyFinder.files([root.path + "/b.hotel"])
    }
  }
}
