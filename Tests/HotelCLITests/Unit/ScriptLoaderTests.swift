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
}
