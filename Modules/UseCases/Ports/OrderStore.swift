import Domain
import Synchronization

/// Where accepted orders are kept (Persistence implements it with one JSON file per order).
public struct OrderStore: Sendable {
  /// Saves `order` durably; returns only once it is on disk.
  public var save: @Sendable (_ order: Order) async throws(StoreError) -> Void
  /// Every readable saved order, oldest first.
  ///
  /// Unreadable files are moved aside and reported, never fail the whole listing.
  public var all: @Sendable () async throws(StoreError) -> [Order]

  /// Creates a store from its operations.
  public init(
    save: @escaping @Sendable (Order) async throws(StoreError) -> Void,
    all: @escaping @Sendable () async throws(StoreError) -> [Order]
  ) {
    self.save = save
    self.all = all
  }
}

extension OrderStore {
  /// A store that keeps orders in memory, starting with `orders`; `all()` lists them oldest first.
  public static func inMemory(_ orders: [Order] = []) -> OrderStore {
    let saved = Mutex(orders)
    return OrderStore(
      save: { order throws(StoreError) in
        saved.withLock { orders in
          orders.removeAll { $0.number == order.number }
          orders.append(order)
        }
      },
      all: { () throws(StoreError) in saved.withLock { $0 } }
    )
  }
}
