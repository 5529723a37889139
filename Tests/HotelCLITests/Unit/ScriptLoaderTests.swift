import Domain
import Foundation
import Testing

@testable import HotelCLI

@Suite struct ScriptLoaderTests {
  func failure(_ source: ScriptSource, standardInput: FileHandle = .nullDevice) -> String? {
    do {
      _ = try ScriptLoader.load(source, standardInput: standardInput)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func readsAndParsesAFile() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("loader-\(UUID().uuidString).hotel")
    try Data("tap hotel.chooseRoom\nquit\n".utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let lines = try ScriptLoader.load(.file(url.path), standardInput: .nullDevice)
    #expect(lines.map(\.command) == [.tap("hotel.chooseRoom"), .quit])
  }

  @Test func anEndlessFileIsRefusedWithoutReadingItAll() throws {
    try #require(FileManager.default.fileExists(atPath: "/dev/zero"))
    #expect(failure(.file("/dev/zero")) == "the script /dev/zero is larger than 4 MiB")
  }

  @Test func anEndlessStandardInputIsRefusedWithoutReadingItAll() throws {
    let zero = try #require(FileHandle(forReadingAtPath: "/dev/zero"))
    defer { try? zero.close() }
    #expect(
      failure(.standardInput, standardInput: zero) == "the script <stdin> is larger than 4 MiB")
  }

  @Test func aMissingFileIsNamed() {
    #expect(
      failure(.file("/nonexistent/flow.hotel"))
        == "cannot read the script '/nonexistent/flow.hotel': no such file")
  }

  @Test func aReadErrorIsTheSystemsWordsNotFoundationsDebugText() {
    let posix = NSError(domain: NSPOSIXErrorDomain, code: 21)
    let cocoa = NSError(
      domain: NSCocoaErrorDomain, code: 256, userInfo: [NSUnderlyingErrorKey: posix])
    #expect(ScriptLoader.plainWords(cocoa) == "is a directory")
    #expect(
      ScriptLoader.plainWords(NSError(domain: NSCocoaErrorDomain, code: 256))
        == "it could not be read")
  }
  // MARK: - Files that are not scripts

  /// A temporary file holding `bytes`; removed by the caller.
  func file(_ bytes: some Sequence<UInt8>, name: String = "x.hotel") throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("loader-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url
  }

  /// `passwd`-like lines: none is a script command.
  static func notAScript(lines count: Int) -> String {
    (1...count).map { "user\($0):x:\($0):\($0)::/home/user\($0):/bin/sh\n" }.joined()
  }

  /// `include /etc/passwd`: the file is named with its first bad line's number, and nothing of what
  /// it holds is shown.
  @Test(arguments: [
    ("en", "DIR/a.hotel:1: include passwd: not a script (line 2 does not parse)"),
    ("ru", "DIR/a.hotel:1: include passwd: не сценарий (строка 2 не разбирается)"),
  ])
  func anIncludedFileThatIsNoScriptIsNamedNotShown(language: String, told: String) throws {
    let passwd = try file(Array(("# users\n" + Self.notAScript(lines: 27)).utf8), name: "passwd")
    let folder = passwd.deletingLastPathComponent()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appendingPathComponent("a.hotel")
    try Data("include passwd\nexpect screen hotel\nbogus\n".utf8).write(to: script)
    let strings = CLIStrings(language: language == "ru" ? .ru : .en)
    var messages: [String] = []
    do {
      _ = try ScriptLoader.load(.file(script.path), standardInput: .nullDevice, strings: strings)
    } catch {
      messages = error.messages.map { $0.replacingOccurrences(of: folder.path, with: "DIR") }
    }
    // The script's own bad line is named as it was (it is parsed before its includes are
    // expanded); the included file in one line, its first bad line (2) by number only.
    #expect(messages.count == 2, "\(messages)")
    #expect(messages.first?.hasPrefix("DIR/a.hotel:3: ") == true, "\(messages)")
    #expect(messages.last == told, "\(messages)")
    #expect(!messages.contains { $0.contains("user") || $0.contains("/bin/sh") }, "\(messages)")
  }

  @Test func twentyBadLinesAreAllNamedWithoutASummary() throws {
    let url = try file(Array(Self.notAScript(lines: ScriptLoader.badLinesShown).utf8))
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let message = try #require(failure(.file(url.path)))
    #expect(message.split(separator: "\n").count == ScriptLoader.badLinesShown)
    #expect(!message.contains("more bad line"))
  }

  /// A binary file (a NUL byte, or not UTF-8) is refused whole, in one line.
  @Test(arguments: [
    ([UInt8](repeating: 0, count: 1_000), "is a binary file, not text (it holds a NUL byte)"),
    (Array("tap hotel.chooseRoom\n\0\n".utf8), "is a binary file, not text (it holds a NUL byte)"),
    ([0x74, 0x61, 0x70, 0xFF, 0xFE, 0x0A], "is not UTF-8 text"),
  ])
  func aBinaryFileIsRefusedInOneLine(bytes: [UInt8], words: String) throws {
    let url = try file(bytes)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    #expect(failure(.file(url.path)) == "the script \(url.path) \(words)")
  }

  /// A 100 MB sparse file is refused after reading 4 MiB of it.
  @Test func aHugeSparseFileIsRefusedWithoutReadingItAll() throws {
    let url = try file([UInt8]())
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: 100_000_000)
    try handle.close()
    // CPU time, not the wall clock (which counts the waits for a core of a loaded machine).
    let (said, spent) = ThreadCPUTime.measure { failure(.file(url.path)) }
    #expect(said == "the script \(url.path) is larger than 4 MiB")
    #expect(spent < .seconds(10))
  }
}
