import Domain
import UseCases

extension OrderStore {
  /// Orders kept as one JSON file per order in `orders/` of the data directory.
  ///
  /// Saving the same order twice (same number and idempotency key) is a no-op; a different
  /// order with a number already taken is kept beside it, never over it. Listing moves corrupt
  /// files aside (`.corrupt`), reports them through the store's `report`, and lists the rest.
  public static func files(_ store: FileStore) -> OrderStore {
    let orders = OrderFiles(store: store)
    return OrderStore(
      save: { order throws(StoreError) in try orders.save(order) },
      all: { () throws(StoreError) in try orders.all() }
    )
  }
}
