import Foundation

/// Work that makes files in a data directory off the main actor, and the way out of the process
/// that must not race with it.
///
/// A ``FlowSession`` takes the session lock and makes `orders/` on threads of their own while
/// the coordinator is built. A journey of `hotel test` starting when SIGINT or SIGTERM came
/// made them (and, with them, its temporary data directory again) just after the exit handler
/// had removed the directory: it was left behind in /tmp. Holding the main actor on the way out
/// does not stop work on other threads; this gate does. ``close(waitingAtMost:)`` lets the work
/// already begun end, and work that comes later never begins.
final class FileMakingGate: @unchecked Sendable {
  /// The gate of the process's data directories, closed by the exit handler that removes the
  /// temporary ones.
  static let shared = FileMakingGate()

  private let condition = NSCondition()
  // Guarded by `condition`.
  private var isClosed = false
  private var running = 0

  /// Runs `work` on this thread, unless the gate is closed (the process is on its way out):
  /// then this thread waits until the process ends, and `work` never runs.
  func run<Value, Failure: Error>(
    _ work: () throws(Failure) -> Value
  ) throws(Failure) -> Value {
    condition.lock()
    while isClosed { condition.wait() }
    running += 1
    condition.unlock()
    defer {
      condition.lock()
      running -= 1
      condition.broadcast()
      condition.unlock()
    }
    return try work()
  }

  /// Closes the gate and waits until the work that had begun has ended (`seconds` at most, so
  /// a stuck disk cannot keep the process from exiting); returns whether it has.
  @discardableResult
  func close(waitingAtMost seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    condition.lock()
    defer { condition.unlock() }
    isClosed = true
    while running > 0 {
      if !condition.wait(until: deadline) { return running == 0 }
    }
    return true
  }
}
