import Domain
import Foundation
import UseCases

/// Orders as one JSON file each in `orders/`.
///
/// No order is ever lost or overwritten: saving an order whose number is already taken by the
/// same submission (same number and idempotency key) does nothing; a different order with the
/// same number (a server that numbers from 1 again, such as the embedded fixture) is kept beside
/// it as `<number>-2.json`, `<number>-3.json`, ... A slot holding a corrupt file or one from a
/// newer version counts as taken.
struct OrderFiles: Sendable {
  let store: FileStore

  /// The most files with one order number.
  static let maximumSlots = 1000

  /// The folder of the data directory that holds the orders.
  static let folderName = "orders"

  var folder: String { store.path(Self.folderName) }

  /// Saves `order` durably (see the type's notes on numbers already taken).
  /// - Throws: ``UseCases/StoreError/cannotSave(_:)`` for an order that ``all()`` would refuse
  ///   (``Domain/Order/firstProblem``, the rule reading applies): nothing is saved that the app
  ///   cannot list.
  func save(_ order: Order) throws(StoreError) {
    if let problem = order.firstProblem {
      throw .cannotSave(
        "order \(order.number) would not read back: \(problem.within("order."))")
    }
    let data: Data
    do {
      data = try OrderFormat.encode(order)
    } catch {
      throw .cannotSave("order \(order.number) cannot be encoded: \(error)")
    }
    try store.prepare(subdirectory: "orders")
    try store.withLock { () throws(StoreError) in
      for slot in 1...Self.maximumSlots {
        let name = try SafeFileName.validate(
          slot == 1 ? "\(order.number).json" : "\(order.number)-\(slot).json")
        let path = folder + "/" + name
        let existing: Data?
        do throws(StoreError) {
          existing = try store.fileSystem.read(path, FileStore.maximumFileSize)
        } catch .notRegularFile {
          continue  // Something that is not a file (a directory, say) holds the name: taken.
        } catch .io(_, _, .permissionDenied) {
          continue  // A file this user cannot read holds the name: taken.
        } catch {
          // The system failed (too many open files, an I/O error): say so, never "taken".
          throw error
        }
        guard let existing else {
          try store.writeAtomically(data, to: path)
          return
        }
        if case .success(let saved) = FileStore.decode(OrderFormat.self, existing),
          saved.idempotencyKey == order.idempotencyKey
        {
          return
        }
      }
      throw .noFileNameLeft(orderNumber: order.number, slots: Self.maximumSlots)
    }
  }

  /// Every readable order, oldest first.
  ///
  /// Corrupt files, and files holding an order the Domain's rules refuse
  /// (``Domain/Order/firstProblem``: 5000 tourists, a negative total), are moved aside (`.corrupt`)
  /// and reported; files from a newer version and unreadable files are reported and skipped; the
  /// rest are listed.
  func all() throws(StoreError) -> [Order] {
    let names: [String]
    do throws(StoreError) {
      guard let listed = try store.fileSystem.list(folder) else { return [] }
      names = listed
    } catch {
      throw store.unavailable(error, folder: folder)
    }
    if names.contains(where: { $0.hasPrefix(".") && $0.contains(".tmp-") }) {
      // Left by a writer that crashed; under the lock no live writer owns one.
      try? store.withLock { () throws(StoreError) in store.removeStaleTemporaries(in: folder) }
    }
    var found: [(name: String, order: Order)] = []
    for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
      let path = folder + "/" + name
      do {
        switch try store.read(OrderFormat.self, at: path) {
        case .value(let order): found.append((name, order))
        case .newerVersion(let version):
          store.report(.newerVersionSkipped(path: path, version: version))
        case .missing, .movedAside, .leftInPlace: continue
        }
      } catch {
        store.report(.unreadable(path: path, error: error))
      }
    }
    return found.sorted { lhs, rhs in
      (lhs.order.placedAt, lhs.order.number, lhs.name)
        < (rhs.order.placedAt, rhs.order.number, rhs.name)
    }.map(\.order)
  }
}
