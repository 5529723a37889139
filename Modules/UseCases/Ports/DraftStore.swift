import Domain
import Foundation
import Synchronization

/// One screen of the flow, as saved in a draft and restored on the next start.
public enum FlowStep: Hashable, Sendable, Codable {
  /// The hotel screen.
  case hotel
  /// The rooms screen.
  case rooms
  /// The booking screen for a room.
  case booking(roomID: Int)
  /// The paid screen for an accepted order.
  case paid(orderNumber: Int)
}

/// The booking in progress: the screen stack and what was typed (SPEC section 5, state restoration).
public struct BookingDraft: Hashable, Sendable, Codable {
  /// The screens, bottom first.
  public var stack: [FlowStep]
  /// The text of every form field by its ID (`tourist.2.firstName`), as typed.
  public var fields: [String: String]
  /// How many tourist sections the form shows.
  public var touristCount: Int
  /// The order submitted whose outcome is not known yet (its key and exact request), if any:
  /// the next start asks the server about it again.
  public var pendingOrder: PendingOrder?
  /// The key of an order submitted by a version that kept no request with it, if any: the next
  /// Pay sends it, so an order the server holds under it is found, not made twice.
  public var pendingIdempotencyKey: String?

  /// Creates a draft.
  public init(
    stack: [FlowStep], fields: [String: String] = [:], touristCount: Int = 1,
    pendingOrder: PendingOrder? = nil, pendingIdempotencyKey: String? = nil
  ) {
    self.stack = stack
    self.fields = fields
    self.touristCount = touristCount
    self.pendingOrder = pendingOrder
    self.pendingIdempotencyKey = pendingIdempotencyKey
  }
}

/// Where the draft is kept between runs (Persistence implements it; saves are coalesced there).
public struct DraftStore: Sendable {
  /// The saved draft, or `nil`.
  public var load: @Sendable () async throws(StoreError) -> BookingDraft?
  /// Saves `draft` (may be coalesced with the next save; ``flush`` forces it to disk).
  public var save: @Sendable (_ draft: BookingDraft) async throws(StoreError) -> Void
  /// Removes the draft.
  public var clear: @Sendable () async throws(StoreError) -> Void
  /// Writes any coalesced save now (before the process exits).
  public var flush: @Sendable () async throws(StoreError) -> Void

  /// Creates a store from its operations.
  public init(
    load: @escaping @Sendable () async throws(StoreError) -> BookingDraft?,
    save: @escaping @Sendable (BookingDraft) async throws(StoreError) -> Void,
    clear: @escaping @Sendable () async throws(StoreError) -> Void,
    flush: @escaping @Sendable () async throws(StoreError) -> Void
  ) {
    self.load = load
    self.save = save
    self.clear = clear
    self.flush = flush
  }
}

extension DraftStore {
  /// A store that keeps the draft in memory, starting with `draft`.
  public static func inMemory(_ draft: BookingDraft? = nil) -> DraftStore {
    let saved = Mutex(draft)
    return DraftStore(
      load: { () throws(StoreError) in saved.withLock { $0 } },
      save: { draft throws(StoreError) in saved.withLock { $0 = draft } },
      clear: { () throws(StoreError) in saved.withLock { $0 = nil } },
      flush: { () throws(StoreError) in }
    )
  }
}
