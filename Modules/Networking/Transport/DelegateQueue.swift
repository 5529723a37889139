import Dispatch
import Foundation

/// The delegate queue of ``HTTPTransport``'s `URLSession`: each delegate call runs as a block on
/// one serial `DispatchQueue`, and a caller that finds too many calls waiting is held back for a
/// moment.
///
/// swift-corelibs-foundation hands every chunk of a body (16 KiB) from libcurl's thread to the
/// delegate queue with `addOperation(_:)` and gives libcurl no back-pressure: against a server
/// that sends faster than the delegate runs (an endless answer on loopback, on a busy machine),
/// the chunks queue up in memory (1.3 to 1.9 GB in 10 s measured, Docs/Platform.md) and the
/// delegate sees the size limit passed only seconds later. Here, a call that finds
/// ``capacity`` calls waiting waits until one has run, at most ``longestWait``: libcurl's thread
/// then reads no faster than the delegate takes the chunks, and at most about
/// `capacity` × 16 KiB is held in the queue.
///
/// The wait is bounded because libcurl's thread is also URLSession's work queue: a delegate
/// call that waits for that queue (`cancel()`, `resume()`, `suspend()`, making a task: they all
/// `sync` onto it) would otherwise wait for a thread that waits for it. ``SessionDelegate``
/// makes no such call on this queue; the bound keeps a host's own delegate code from hanging the
/// session, at the cost of the back-pressure while it blocks. Calls made from this queue itself
/// never wait. swift-corelibs-foundation's URLSession only ever adds blocks (`addOperation(_:)`
/// with a closure) and nothing else uses this queue; on Apple's platforms, whose URLSession may
/// add `Operation`s and reads more in time, ``HTTPTransport`` keeps Foundation's queue.
final class DelegateQueue: OperationQueue, @unchecked Sendable {
  /// How many calls may wait before a new one is held back.
  let capacity: Int
  /// The longest a call is held back.
  let longestWait: DispatchTimeInterval

  private let serial: DispatchQueue
  private let room: DispatchSemaphore
  private let onSerialQueue = DispatchSpecificKey<Bool>()
  private let onHold: @Sendable () -> Void

  /// - Parameters:
  ///   - capacity: calls that may wait at once (64 chunks of 16 KiB: 1 MiB).
  ///   - longestWait: the longest a caller is held back when `capacity` calls wait.
  ///   - onHold: called on the caller's thread when a caller finds `capacity` calls waiting,
  ///     just before it is held back (for tests).
  init(
    label: String, capacity: Int = 64, longestWait: DispatchTimeInterval = .milliseconds(20),
    onHold: @escaping @Sendable () -> Void = {}
  ) {
    self.capacity = max(1, capacity)
    self.longestWait = longestWait
    self.onHold = onHold
    serial = DispatchQueue(label: label)
    room = DispatchSemaphore(value: self.capacity)
    super.init()
    name = label
    maxConcurrentOperationCount = 1
    serial.setSpecific(key: onSerialQueue, value: true)
  }

  override func addOperation(_ block: @escaping @Sendable () -> Void) {
    let tookRoom: Bool
    if DispatchQueue.getSpecific(key: onSerialQueue) == true {
      tookRoom = false
    } else {
      if room.wait(timeout: .now()) == .success {
        tookRoom = true
      } else {
        onHold()
        tookRoom = room.wait(timeout: .now() + longestWait) == .success
      }
    }
    serial.async { [room] in
      block()
      if tookRoom { room.signal() }
    }
  }
}
