import Domain
import Foundation
import TestSupport
import Testing
import UseCases

@testable import Persistence

@Suite("Draft store")
struct DraftStoreTests {
  /// A draft store on a counting file system and a test clock.
  struct Harness {
    let clock = TestClock()
    let faulty = FaultyFileSystem()
    let log = ReportLog()
    let store: FileStore
    let writer: DraftWriter
    let drafts: DraftStore

    init(_ temp: TemporaryDirectory) {
      store = FileStore(
        directory: temp.dataDirectory, fileSystem: faulty.fileSystem, report: log.report)
      writer = DraftWriter(
        files: DraftFiles(store: store), clock: clock, delay: .milliseconds(200))
      drafts = DraftStore.files(writer: writer)
    }

    /// How many times the draft file was replaced.
    var writes: Int { faulty.steps.filter { $0 == "rename" }.count }

    /// What a fresh process would load.
    func onDisk() throws -> BookingDraft? {
      try DraftFiles(store: FileStore(directory: store.directory)).load()
    }

    /// Lets the scheduled write start sleeping on the clock.
    func waitForSleeper() async {
      #expect(await clock.waitForSleepers(1), "the scheduled write never slept on the clock")
    }
  }

  @Test func aDraftRoundTripsThroughTheDisk() async throws {
    try await TemporaryDirectory.with { temp in
      let harness = Harness(temp)
      let draft = BookingDraft(
        stack: [.hotel, .rooms, .booking(roomID: 2), .paid(orderNumber: 104_893)],
        fields: [
          "tourist.1.firstName": "Иван", "tourist.2.firstName": "O'Brien-Smith",
          "buyer.email": "\"quoted\"@example.com", "note": "a 'quoted' \\ ${X} text",
        ],
        touristCount: 2,
        pendingOrder: PendingOrder(idempotencyKey: "key-1", request: try Samples.order(1).request))
      try await harness.drafts.save(draft)
      try await harness.drafts.flush()

      let reopened = DraftStore.files(
        FileStore(directory: temp.dataDirectory), clock: TestClock())
      #expect(try await reopened.load() == draft)
    }
  }

  @Test func fiftyQuickSavesMakeOneWriteOfTheLastState() async throws {
    try await TemporaryDirectory.with { temp in
      let harness = Harness(temp)
      var text = ""
      for letter in "Konstantin Konstantinopolsky-Vasilievich, the 3rd of his name".prefix(50) {
        text.append(letter)
        try await harness.drafts.save(Samples.draft(text))
      }
      await harness.waitForSleeper()
      #expect(harness.writes == 0)
      #expect(try await harness.drafts.load() == Samples.draft(text))

      await harness.clock.advance(by: .milliseconds(199))
      #expect(harness.writes == 0)
      await harness.clock.advance(by: .milliseconds(1))
      await harness.writer.waitForScheduledWrite()
      #expect(harness.writes == 1)
      #expect(try harness.onDisk() == Samples.draft(text))

      // Nothing pending: more time and a flush write nothing more.
      await harness.clock.advance(by: .seconds(5))
      try await harness.drafts.flush()
      #expect(harness.writes == 1)
    }
  }

  @Test func flushWritesAtOnceWithoutWaitingForTheClock() async throws {
    try await TemporaryDirectory.with { temp in
      let harness = Harness(temp)
      try await harness.drafts.save(Samples.draft("I"))
      try await harness.drafts.save(Samples.draft("Iv"))
      try await harness.drafts.flush()
      #expect(harness.writes == 1)
      #expect(try harness.onDisk() == Samples.draft("Iv"))

      // The cancelled timer does not write again; a later save schedules a new write.
      await harness.clock.advance(by: .seconds(1))
      #expect(harness.writes == 1)
      try await harness.drafts.save(Samples.draft("Iva"))
      await harness.waitForSleeper()
      await harness.clock.advance(by: .milliseconds(200))
      await harness.writer.waitForScheduledWrite()
      #expect(harness.writes == 2)
      #expect(try harness.onDisk() == Samples.draft("Iva"))
    }
  }

  @Test func clearForgetsThePendingDraftAndRemovesTheFile() async throws {
    try await TemporaryDirectory.with { temp in
      let harness = Harness(temp)
      try await harness.drafts.save(Samples.draft("saved"))
      try await harness.drafts.flush()
      try await harness.drafts.save(Samples.draft("pending"))
      try await harness.drafts.clear()

      #expect(try await harness.drafts.load() == nil)
      #expect(try harness.onDisk() == nil)
      await harness.clock.advance(by: .seconds(1))
      try await harness.drafts.flush()
      #expect(try harness.onDisk() == nil)
      try await harness.drafts.clear()  // Clearing nothing is fine.
    }
  }

  @Test func aFailedScheduledWriteIsReportedAndFlushRetries() async throws {
    try await TemporaryDirectory.with { temp in
      let harness = Harness(temp)
      harness.faulty.arm(failAt: 3, crash: false)  // The fsync of the first write fails.
      try await harness.drafts.save(Samples.draft("keep me"))
      await harness.waitForSleeper()
      await harness.clock.advance(by: .milliseconds(200))
      await harness.writer.waitForScheduledWrite()
      #expect(harness.log.all.count == 1)
      guard case .draftNotSaved? = harness.log.events.first else {
        Issue.record("not told as a draft not saved: \(harness.log.events)")
        return
      }
      #expect(try harness.onDisk() == nil)

      try await harness.drafts.flush()
      #expect(try harness.onDisk() == Samples.draft("keep me"))
    }
  }

  /// A draft whose field texts hold a line break or another control character (hand-edited, or from
  /// an older version): those texts are left out of the restored draft and reported, the rest kept.
  @Test func fieldTextsAFieldCannotHoldAreLeftOutAndReported() async throws {
    try await TemporaryDirectory.with { temp in
      let harness = Harness(temp)
      try harness.store.prepare()
      let path = harness.store.path("draft.json")
      let file = #"""
        {"schema_version": 1, "draft": {"stack": [{"hotel": {}}, {"rooms": {}},
          {"booking": {"roomID": 2}}], "touristCount": 2, "fields": {
          "tourist.1.firstName": "An\nna", "tourist.1.lastName": "Ivanova",
          "tourist.2.firstName": "Tab\there", "tourist.2.lastName": "Crlf\r",
          "buyer.email": "a\u2028b@example.com", "buyer.phone": "\u001b[31m+7",
          "buyer.note": "next\u0085line", "bad\nid": "x", "tourist.2.middleName": "Иван ${X}"}}}
        """#
      try Data(file.utf8).write(to: URL(fileURLWithPath: path))

      let restored = try #require(try await harness.drafts.load())
      #expect(
        restored
          == BookingDraft(
            stack: [.hotel, .rooms, .booking(roomID: 2)],
            fields: ["tourist.1.lastName": "Ivanova", "tourist.2.middleName": "Иван ${X}"],
            touristCount: 2))
      #expect(
        harness.log.events == [
          .draftTextsLeftOut(
            path: path,
            fields: [
              "bad\nid", "buyer.email", "buyer.note", "buyer.phone", "tourist.1.firstName",
              "tourist.2.firstName", "tourist.2.lastName",
            ])
        ])
    }
  }

  /// A draft restored with texts left out is written back as restored by the flush before the
  /// process exits (the texts gone, the rest kept), so the next start restores it without a notice.
  @Test func aDraftWithTextsLeftOutIsWrittenBackAsRestoredByTheFlush() async throws {
    try await TemporaryDirectory.with { temp in
      let harness = Harness(temp)
      try harness.store.prepare()
      let path = harness.store.path("draft.json")
      try Data(Self.draftWithALineBreak.utf8).write(to: URL(fileURLWithPath: path))
      let expected = BookingDraft(
        stack: [.hotel, .rooms, .booking(roomID: 2)],
        fields: ["tourist.1.lastName": "Ivanova"], touristCount: 2, pendingIdempotencyKey: "k")

      #expect(try await harness.drafts.load() == expected)
      #expect(harness.writes == 0, "not written before the flush")
      try await harness.drafts.flush()
      #expect(harness.writes == 1)

      let log = ReportLog()
      let next = DraftStore.files(
        FileStore(directory: temp.dataDirectory, report: log.report), clock: TestClock())
      #expect(try await next.load() == expected)
      #expect(log.events.isEmpty, "the next start tells no notice: \(log.events)")
      try await harness.drafts.flush()
      #expect(harness.writes == 1, "written once")
    }
  }

  /// A save after the restore replaces the repaired draft, and a clear drops it: the flush
  /// writes the newest state only, and never brings a cleared draft back.
  @Test func aSaveOrAClearAfterARepairedRestoreWins() async throws {
    try await TemporaryDirectory.with { temp in
      let harness = Harness(temp)
      try harness.store.prepare()
      let path = harness.store.path("draft.json")
      try Data(Self.draftWithALineBreak.utf8).write(to: URL(fileURLWithPath: path))
      _ = try await harness.drafts.load()
      let typed = BookingDraft(stack: [.hotel, .rooms], fields: ["buyer.email": "a@b.c"])
      try await harness.drafts.save(typed)
      try await harness.drafts.flush()
      #expect(try harness.onDisk() == typed)

      try Data(Self.draftWithALineBreak.utf8).write(to: URL(fileURLWithPath: path))
      _ = try await harness.drafts.load()
      try await harness.drafts.clear()
      try await harness.drafts.flush()
      #expect(try harness.onDisk() == nil)
    }
  }

  /// A session that does not hold the booking (its store guarded) restores the draft without
  /// the texts but leaves the file as it is: only the session that holds it writes.
  @Test func aSessionThatDoesNotHoldTheBookingLeavesTheFileAsItIs() async throws {
    try await TemporaryDirectory.with { temp in
      let harness = Harness(temp)
      try harness.store.prepare()
      let path = harness.store.path("draft.json")
      try Data(Self.draftWithALineBreak.utf8).write(to: URL(fileURLWithPath: path))
      let guarded = harness.drafts.guarded { false }
      #expect(try await guarded.load()?.fields == ["tourist.1.lastName": "Ivanova"])
      #expect(
        try await guarded.load()?.pendingIdempotencyKey == "k",
        "an old draft's key without its request is kept")
      try await guarded.flush()
      #expect(harness.writes == 0)
      #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.draftWithALineBreak)
    }
  }

  /// A draft file with a line break in one field's text.
  static let draftWithALineBreak = #"""
    {"schema_version": 1, "draft": {"stack": [{"hotel": {}}, {"rooms": {}},
      {"booking": {"roomID": 2}}], "touristCount": 2, "pendingIdempotencyKey": "k", "fields": {
      "tourist.1.firstName": "An\nna", "tourist.1.lastName": "Ivanova"}}}
    """#

  /// A draft the app wrote itself holds no such text: loading it reports nothing.
  @Test func aDraftOfOrdinaryTextsIsRestoredWhole() async throws {
    try await TemporaryDirectory.with { temp in
      let harness = Harness(temp)
      let draft = BookingDraft(
        stack: [.hotel], fields: ["tourist.1.firstName": "Анна-Мария O'Brien \"x\" ${Y} 😀"])
      try await harness.drafts.save(draft)
      try await harness.drafts.flush()
      #expect(try harness.onDisk() == draft)
      #expect(harness.log.events.isEmpty)
    }
  }

  @Test func aCorruptDraftIsMovedAsideAndTheStoreKeepsWorking() async throws {
    try await TemporaryDirectory.with { temp in
      let harness = Harness(temp)
      try harness.store.prepare()
      let path = harness.store.path("draft.json")
      let truncated = Data(#"{"schema_version": 1, "draft": {"stack": [{"hotel""#.utf8)
      try truncated.write(to: URL(fileURLWithPath: path))

      #expect(try await harness.drafts.load() == nil)
      #expect(try FileSystem.live.read(path + ".corrupt", 1 << 20) == truncated)
      #expect(harness.log.all.count == 1)
      guard case .movedAside(path, path + ".corrupt", .undecodable)? = harness.log.events.first
      else {
        Issue.record("not told as moved aside: \(harness.log.events)")
        return
      }
      try await harness.drafts.save(Samples.draft("fresh"))
      try await harness.drafts.flush()
      #expect(try harness.onDisk() == Samples.draft("fresh"))
    }
  }

  @Test func aDraftFromANewerVersionIsRefusedAndLeftAsItIs() async throws {
    try await TemporaryDirectory.with { temp in
      let harness = Harness(temp)
      try harness.store.prepare()
      let path = harness.store.path("draft.json")
      let future = Data(#"{"schema_version": 2, "draft": {"screens": []}}"#.utf8)
      try future.write(to: URL(fileURLWithPath: path))
      let refused = StoreError.unsupportedVersion(path: path, version: 2)

      await #expect(throws: refused) { try await harness.drafts.load() }
      try await harness.drafts.save(Samples.draft("mine"))
      await #expect(throws: refused) { try await harness.drafts.flush() }
      await #expect(throws: refused) { try await harness.drafts.clear() }
      #expect(try FileSystem.live.read(path, 1 << 20) == future)
    }
  }
}
