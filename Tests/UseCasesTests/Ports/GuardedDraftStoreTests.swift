import Synchronization
import TestSupport
import Testing
import UseCases

@Suite struct GuardedDraftStoreTests {
  @Test func withoutTheLockTheDraftIsReadButNeverWritten() async throws {
    let original = BookingDraft(stack: [.hotel, .rooms], fields: ["buyer.email": "a@b.cd"])
    let base = DraftStore.inMemory(original)
    let guarded = base.guarded { false }
    #expect(try await guarded.load() == original)
    try await guarded.save(BookingDraft(stack: [.hotel]))
    try await guarded.clear()
    try await guarded.flush()
    #expect(try await base.load() == original)
  }

  @Test func withTheLockEveryOperationGoesThrough() async throws {
    let base = DraftStore.inMemory()
    let guarded = base.guarded { true }
    let draft = BookingDraft(stack: [.hotel, .rooms])
    try await guarded.save(draft)
    #expect(try await base.load() == draft)
    try await guarded.clear()
    #expect(try await base.load() == nil)
  }
}
