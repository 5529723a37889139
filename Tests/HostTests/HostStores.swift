import Domain
import Synchronization
import UseCases

/// Order and draft stores a host might write for its tests: in memory, against the public
/// ports.
final class HostStores: Sendable {
  private let saved = Mutex<(orders: [Order], draft: BookingDraft?)>(([], nil))

  /// The orders saved so far.
  var orders: [Order] { saved.withLock { $0.orders } }

  /// `OrderStore` over memory.
  var orderStore: OrderStore {
    OrderStore(
      save: { order in self.saved.withLock { $0.orders.append(order) } },
      all: { self.saved.withLock { $0.orders } })
  }

  /// `DraftStore` over memory.
  var draftStore: DraftStore {
    DraftStore(
      load: { self.saved.withLock { $0.draft } },
      save: { draft in self.saved.withLock { $0.draft = draft } },
      clear: { self.saved.withLock { $0.draft = nil } },
      flush: {})
  }
}
