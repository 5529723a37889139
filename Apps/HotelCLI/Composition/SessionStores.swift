import Domain
import Persistence
import Synchronization
import UseCases

/// Where a flow session keeps its orders, draft and response cache.
enum SessionStorage {
  /// The data directory of the options (SPEC section 7), on `fileSystem`; `makeCache` makes the
  /// response cache over its store (tests pass one that shows when its writes happen).
  case dataDirectory(
    fileSystem: FileSystem = .live,
    makeCache: (FileStore) -> ResponseCache = { ResponseCache.files($0) })
  /// Memory: a hermetic journey of `hotel test`, whose data no one reads once it ends. Nothing
  /// is written to disk, and the in-process fixture API counts order numbers on its own.
  case memory
}

/// The stores of one flow session, and the opening and closing of its data directory's session.
final class SessionStores: Sendable {
  /// Saved orders; a save waits for `orders/` to be made, and one that fails is remembered
  /// (``unsavedOrdersMessage``).
  let orders: OrderStore
  /// The booking draft.
  let drafts: DraftStore
  /// The HTTP response cache.
  let cache: ResponseCache
  private let local: LocalStores?
  /// The data directory's file store; `nil` in memory.
  var files: FileStore? { local?.files }
  /// The data directory made and its session lock tried, on another thread.
  private let opening: Task<Result<SessionLock.Outcome, StoreError>, Never>?
  /// `orders/` made ahead of the first order.
  private let ordersFolder: Task<Void, Never>?
  private let unsaved: UnsavedOrders

  /// Stores in memory.
  init(memoryFor strings: CLIStrings) {
    orders = .inMemory()
    drafts = .inMemory()
    cache = .inMemory()
    local = nil
    opening = nil
    ordersFolder = nil
    unsaved = UnsavedOrders(strings: strings)
  }

  /// The stores of the data directory of `files`, whose session starts opening now: the
  /// directory is made and its lock taken (without waiting: another session holding it makes
  /// this one read-only, SPEC section 5.4), then `orders/` is made, on other threads.
  init(files: FileStore, clock: any Clock<Duration>, cache: ResponseCache, strings: CLIStrings) {
    let local = LocalStores(files: files, clock: clock, cache: cache)
    let opening = Task.detached { () -> Result<SessionLock.Outcome, StoreError> in
      do throws(StoreError) {
        return .success(try local.openSession())
      } catch {
        return .failure(error)
      }
    }
    let ordersFolder = Task.detached {
      guard case .success = await opening.value else { return }
      // A failure here is met again, and reported, by the save itself.
      try? local.prepare()
    }
    let unsaved = UnsavedOrders(strings: strings)
    orders = OrderStore(
      save: { order throws(StoreError) in
        await ordersFolder.value
        do throws(StoreError) {
          try await local.orders.save(order)
        } catch {
          unsaved.record(order.number, error)
          throw error
        }
      },
      all: local.orders.all)
    // The draft writes only while this session holds the directory.
    drafts = local.drafts
    self.cache = local.cache
    self.local = local
    self.opening = opening
    self.ordersFolder = ordersFolder
    self.unsaved = unsaved
  }

  /// Waits for the session to open: `.heldElsewhere` when another session holds the booking.
  /// - Throws: the ``UseCases/StoreError`` of a data directory that cannot be used.
  func opened() async throws(StoreError) -> SessionLock.Outcome {
    guard let opening else { return .acquired }
    return try await opening.value.get()
  }

  /// Waits for `orders/` to be made, then gives the session lock back.
  func close() async {
    await ordersFolder?.value
    local?.closeSession()
  }

  /// Waits for `orders/` to be made, keeping the lock (when the process exits next, the kernel
  /// drops it).
  func waitForOrdersFolder() async {
    await ordersFolder?.value
  }

  /// One line for stderr when an order the server accepted could not be saved (it exists only
  /// on the server), naming it and why; `nil` when every accepted order was saved.
  var unsavedOrdersMessage: String? { unsaved.message }
}

private final class UnsavedOrders: Sendable {
  private let list = Mutex<[(number: Int, reason: String)]>([])
  private let strings: CLIStrings

  init(strings: CLIStrings) { self.strings = strings }

  func record(_ number: Int, _ error: StoreError) {
    let reason = StoreErrorText.describe(error, strings: strings)
    list.withLock { $0.append((number, reason)) }
  }

  var message: String? {
    let orders = list.withLock { $0 }
    guard let reason = orders.last?.reason else { return nil }
    return strings.ordersNotSaved(orders.map(\.number), reason: reason)
  }
}
