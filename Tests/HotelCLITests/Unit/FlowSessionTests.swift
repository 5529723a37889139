import Domain
import Foundation
import Presentation
import Synchronization
import Testing
import UseCases

@testable import HotelCLI

/// The composition root's lifecycle, in-process (fixture API on an ephemeral port).
@MainActor
@Suite struct FlowSessionTests {
  @Test func shutdownWaitsForTheCacheWritesStillPending() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("hotel-session-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    var options = Options()
    options.dataDirectory = directory.path
    options.today = CalendarDate(year: 2026, month: 6, day: 1)
    let cache = HeldCache()
    let recorder = ConsoleRecorder()

    let session = try await FlowSession.start(
      options, console: recorder.console,
      storage: .dataDirectory(makeCache: { _ in cache.port }))
    await session.driver.settle()
    #expect(session.driver.snapshot.screen == .hotel)
    #expect(cache.written.isEmpty)
    #expect(cache.pendingKeys == ["GET /hotel [en]", "GET /rooms [en]"])

    await session.shutdown()
    #expect(cache.pendingKeys.isEmpty)
    #expect(Set(cache.written.keys) == ["GET /hotel [en]", "GET /rooms [en]"])
    #expect(recorder.stderr.isEmpty)
  }

  @Test func theOrdersFolderIsMadeAtStartUpBeforeAnyOrder() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("hotel-session-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    var options = Options()
    options.dataDirectory = directory.path + "/data"
    let recorder = ConsoleRecorder()

    let session = try await FlowSession.start(options, console: recorder.console)
    await session.shutdown()
    let orders = directory.appendingPathComponent("data/orders").path
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: orders, isDirectory: &isDirectory))
    #expect(isDirectory.boolValue)
    let attributes = try FileManager.default.attributesOfItem(atPath: orders)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    #expect(try FileManager.default.contentsOfDirectory(atPath: orders).isEmpty)
    #expect(recorder.stderr.isEmpty)
  }

  /// A hermetic journey of `hotel test` keeps its stores in memory: its data directory, even
  /// when one is named, is never made.
  @Test func aSessionInMemoryTouchesNoDataDirectory() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("hotel-session-\(UUID().uuidString)")
    var options = Options()
    options.dataDirectory = directory.path
    options.today = CalendarDate(year: 2026, month: 6, day: 1)
    let recorder = ConsoleRecorder()

    let session = try await FlowSession.start(
      options, console: recorder.console, storage: .memory)
    await session.driver.settle()
    #expect(session.driver.snapshot.screen == .hotel)
    #expect(!session.draftHeldElsewhere)
    await session.shutdown()
    #expect(!FileManager.default.fileExists(atPath: directory.path))
    #expect(session.unsavedOrdersMessage == nil)
    #expect(recorder.stderr.isEmpty)
  }

  @Test func anUnusableDataDirectoryStopsTheStartWithOneClearMessage() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("hotel-session-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("file")
    try Data("x".utf8).write(to: file)
    var options = Options()
    options.dataDirectory = file.path + "/data"
    let recorder = ConsoleRecorder()

    do {
      _ = try await FlowSession.start(options, console: recorder.console)
      Issue.record("the session started in a directory under a file")
    } catch {
      #expect(
        error.message
          == "the data directory \(file.path)/data cannot be used: \(file.path) is a file, not a"
          + " folder; pass another one with --data-dir or HOTEL_DATA_DIR")
    }
    #expect(recorder.stderr.isEmpty)
    #expect(try Data(contentsOf: file) == Data("x".utf8))
  }
}

/// A cache that keeps what is stored pending until `flush`, as a background writer whose writes
/// have not happened yet.
private final class HeldCache: Sendable {
  private struct State {
    var pending: [String: CachedResponse] = [:]
    var written: [String: CachedResponse] = [:]
  }
  private let state = Mutex(State())

  var pendingKeys: Set<String> { state.withLock { Set($0.pending.keys) } }
  var written: [String: CachedResponse] { state.withLock { $0.written } }

  var port: ResponseCache {
    ResponseCache(
      entry: { key in self.state.withLock { $0.pending[key] ?? $0.written[key] } },
      store: { key, response in self.state.withLock { $0.pending[key] = response } },
      flush: {
        self.state.withLock { state in
          state.written.merge(state.pending) { _, new in new }
          state.pending = [:]
        }
      })
  }
}
