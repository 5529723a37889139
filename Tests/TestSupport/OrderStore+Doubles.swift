import Domain
import Synchronization
import Testing
import UseCases

extension OrderStore {
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
