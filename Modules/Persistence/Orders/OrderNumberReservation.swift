import Domain
import Foundation
import Synchronization
import UseCases

/// Order numbers handed out under the data directory's lock, for a server that runs inside the
/// app (the built-in fixture API): several `hotel` processes on one data directory, each with a
/// fixture of its own, never give two orders the same number, and a new process never reuses a
/// saved order's number.
///
/// The last number handed out is kept in `order-number.json`; the next is one past the larger
/// of it and the highest saved order (`orders/<number>.json`), and at least `first`. Numbers
/// never overflow: past `Int.max` (a server may have answered it) they start again at `first`
/// (an order saved under a number already taken is kept beside it as `<number>-2.json`).
/// When the counter cannot be written (a full disk, something that is not a file in its place)
/// the number is still one past the saved orders and past what this reservation handed out
/// before, rather than the fixture counting again from `first` beside every saved order.
///
/// ```swift
/// let numbers = OrderNumberReservation(files, first: 104_893)
/// try numbers.next()  // 104893, then 104894 in whichever process asks next
/// ```
public struct OrderNumberReservation: Sendable {
  private let store: FileStore
  private let first: Int
  private let lastHandedOut = LastNumber()

  /// Reserves numbers in `store`'s data directory, starting at `first`.
  public init(_ store: FileStore, first: Int) {
    self.store = store
    self.first = first
  }

  /// The largest file of the counter read (it holds one small JSON object).
  static let maximumCounterSize = 4_096

  /// The next number, reserved for this caller (or, when the counter cannot be written, one
  /// that no saved order and no earlier call of this reservation has).
  /// - Throws: a ``StoreError`` when the data directory cannot be locked.
  public func next() throws(StoreError) -> Int {
    try store.withLock { () throws(StoreError) -> Int in
      let counterPath = store.path("order-number.json")
      let highest = max(
        storedCounter(at: counterPath) ?? Int.min, highestSavedOrder() ?? Int.min,
        lastHandedOut.value ?? Int.min)
      var number = first
      if highest >= first {
        let (next, overflow) = highest.addingReportingOverflow(1)
        number = overflow ? first : next
      }
      lastHandedOut.value = number
      let body = "{\"schema_version\":1,\"last\":\(number)}\n"
      // Atomic, so other processes see it at once; not durable (no fsync): after a power loss
      // the saved orders still bound the next number, and an order is never lost for a number
      // used twice (it is kept beside the other as `<number>-2.json`). A counter that cannot
      // be written (a full disk) does not stop the order: its own save reports the directory.
      try? store.writeAtomically(Data(body.utf8), to: counterPath, durable: false)
      return number
    }
  }

  /// The highest number among the saved orders' file names, or `nil`.
  func highestSavedOrder() -> Int? {
    let names = (try? store.fileSystem.list(store.path("orders"))) ?? nil
    return names?.compactMap { name -> Int? in
      guard name.hasSuffix(".json"), !name.hasPrefix(".") else { return nil }
      return Int(name.prefix { $0.isASCII && $0.isNumber })
    }.max()
  }

  private struct Counter: Decodable {
    var last: Int
  }

  /// The last number handed out, or `nil` when there is no readable counter (a damaged one is
  /// overwritten: the saved orders still bound the next number).
  ///
  /// A counter the decoder would misread (a key twice, which it would take in silence:
  /// ``Domain/JSONNesting/problem(in:)``, as for every file) is damaged.
  private func storedCounter(at path: String) -> Int? {
    guard let data = try? store.fileSystem.read(path, Self.maximumCounterSize),
      data.count <= Self.maximumCounterSize, JSONNesting.problem(in: data) == nil
    else { return nil }
    return try? JSONDecoder().decode(Counter.self, from: data).last
  }
}

/// The last number a reservation handed out, shared by its copies.
private final class LastNumber: Sendable {
  private let number = Mutex<Int?>(nil)

  var value: Int? {
    get { number.withLock { $0 } }
    set { number.withLock { $0 = newValue } }
  }
}
