import Domain
import Synchronization
import Testing
import UseCases

extension OrderStore {
  /// A store that keeps orders in memory; `all()` lists them oldest first.
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

  /// A store whose every operation records a test issue and throws: for tests that must not
  /// save or list orders.
  public static var failing: OrderStore {
    OrderStore(
      save: { order throws(StoreError) in
        Issue.record("OrderStore.save(\(order.number)) was called unexpectedly")
        throw .io(
          operation: "save", path: "failing",
          cause: .other(code: 5, description: "Input/output error"))
      },
      all: { () throws(StoreError) in
        Issue.record("OrderStore.all was called unexpectedly")
        throw .io(
          operation: "all", path: "failing",
          cause: .other(code: 5, description: "Input/output error"))
      }
    )
  }

  /// A store whose every operation throws `error`, silently (a broken disk).
  public static func throwing(_ error: StoreError) -> OrderStore {
    OrderStore(
      save: { _ throws(StoreError) in throw error },
      all: { () throws(StoreError) in throw error }
    )
  }
}
