import Foundation
import Testing

@testable import HotelCLI

@Suite struct HermeticFolderTests {
  @Test func aNewPrivateDirectoryUnderTMPDIRRemovedWithItsContents() throws {
    let base = FileManager.default.temporaryDirectory
      .appendingPathComponent("tmpdir-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: base) }
    let first = try HermeticFolder.make(environment: ["TMPDIR": base.path + "/"])
    let second = try HermeticFolder.make(environment: ["TMPDIR": base.path])
    #expect(first.path != second.path)
    #expect(first.path.hasPrefix(base.path + "/hotel-"))
    let attributes = try FileManager.default.attributesOfItem(atPath: first.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    try FileManager.default.createDirectory(
      atPath: first.path + "/orders", withIntermediateDirectories: true)
    try Data("{}".utf8).write(to: URL(fileURLWithPath: first.path + "/orders/1.json"))
    first.remove()
    first.remove()
    #expect(!FileManager.default.fileExists(atPath: first.path))
    #expect(FileManager.default.fileExists(atPath: second.path))
    second.remove()
    #expect(try FileManager.default.contentsOfDirectory(atPath: base.path) == [])
  }

  @Test func anUnusableTMPDIRIsNamed() {
    do {
      _ = try HermeticFolder.make(environment: ["TMPDIR": "/nonexistent/tmp"])
      Issue.record("made a directory under /nonexistent/tmp")
    } catch {
      #expect(
        error.message
          == "cannot make a temporary directory in /nonexistent/tmp: no such file or directory"
          + " (set TMPDIR, or give --data-dir DIR)")
    }
  }

  @Test func hermeticOnlyWithoutADataDirectory() throws {
    var given = Options()
    given.dataDirectory = "/kept"
    #expect(try HermeticFolder.forHermeticRun(given, environment: [:]) == nil)
  }

  /// Foundation's folders are held in the directory while it is there, and the variables that led
  /// them are put back when it goes, so a URL session made later in the same process (the test
  /// run's) does not make the removed directory again.
  ///
  /// On the main actor, with no suspension point: the variables are the process's, and the
  /// in-process `hotel test` of `SuiteCommandTests` (main actor too) holds them around its awaits;
  /// this test runs whole between two of them.
  @MainActor
  @Test func theFoundationFoldersAreHeldWhileTheDirectoryIsThereAndLetGoAfter() throws {
    let names = ["XDG_CACHE_HOME", "XDG_DATA_HOME"]
    let before = names.map(Self.variable)
    let directory = try HermeticFolder.make(environment: [:])
    directory.holdFoundationFiles()
    #expect(
      names.map(Self.variable) == [
        directory.path + "/.foundation", directory.path + "/.foundation",
      ])
    directory.remove()
    #expect(names.map(Self.variable) == before)
    #expect(!FileManager.default.fileExists(atPath: directory.path))
  }

  private static func variable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
