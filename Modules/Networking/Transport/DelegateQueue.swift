import Foundation

/// The delegate queue of ``HTTPTransport``'s `URLSession` on Linux: each delegate call runs at
/// once, on the thread that hands it over.
///
/// swift-corelibs-foundation hands every delegate call to the delegate queue from its work
/// queue (libcurl's thread, serial) with `addOperation(_:)`: a response's head, each chunk of
/// its body (16 KiB), its end. Run there, in the order they come, the calls cost no thread
/// hand-off and no copy of a chunk waiting in a queue, and libcurl reads no faster than the
/// delegate takes the chunks: an endless answer on loopback holds one chunk in memory, not the
/// gigabytes that piled up in an `OperationQueue` (Docs/Platform.md).
///
/// A call run here must never wait for URLSession's work queue: `cancel()`, `resume()`,
/// `suspend()`, making a task, and the completion handler of an authentication challenge (which
/// cancels the task) all `sync` onto it, from the thread that already holds it.
/// ``SessionDelegate`` makes those calls on a queue of its own. swift-corelibs-foundation's
/// URLSession only ever adds blocks (`addOperation(_:)` with a closure) and nothing else uses
/// this queue; on Apple's platforms, whose URLSession may add `Operation`s, ``HTTPTransport``
/// keeps Foundation's queue.
final class DelegateQueue: OperationQueue, @unchecked Sendable {
  /// Makes the queue, named `label`.
  init(label: String) {
    super.init()
    name = label
    maxConcurrentOperationCount = 1
  }

  override func addOperation(_ block: @escaping @Sendable () -> Void) {
    block()
  }
}
