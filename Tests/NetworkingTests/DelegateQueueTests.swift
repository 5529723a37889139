import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Networking

/// ``DelegateQueue``: URLSession's delegate calls in order on one serial queue, and the
/// back-pressure that keeps libcurl from reading an endless answer into memory.
@Suite("URLSession's delegate queue")
struct DelegateQueueTests {
  /// Whether `condition` held within `limit` of real time (checked between yields).
  private func eventually(
    within limit: Duration = .seconds(10), _ condition: () -> Bool
  ) async
    -> Bool
  {
    let deadline = ContinuousClock.now + limit
    while !condition() {
      if ContinuousClock.now > deadline { return false }
      await Task.yield()
    }
    return true
  }

  private func waited(_ semaphore: DispatchSemaphore) -> Bool {
    semaphore.wait(timeout: .now() + .seconds(10)) == .success
  }

  @Test("a call that finds the queue full waits until a waiting call has run")
  func aFullQueueHoldsTheCallerBack() async {
    let queue = DelegateQueue(label: "test.full", capacity: 2, longestWait: .seconds(60))
    let gate = DispatchSemaphore(value: 0)
    let produced = DispatchSemaphore(value: 0)
    let log = Mutex<[Int]>([])
    DispatchQueue.global().async {
      queue.addOperation {
        gate.wait()
        log.withLock { $0.append(1) }
      }
      queue.addOperation { log.withLock { $0.append(2) } }
      queue.addOperation { log.withLock { $0.append(3) } }
      produced.signal()
    }
    #expect(await eventually { queue.heldCallers == 1 })
    #expect(log.withLock { $0 }.isEmpty)
    gate.signal()
    #expect(waited(produced))
    #expect(await eventually { log.withLock { $0.count } == 3 })
    #expect(log.withLock { $0 } == [1, 2, 3])
  }

  @Test("a caller is held back at most the longest wait, and the calls still run in order")
  func theWaitIsBounded() async {
    let queue = DelegateQueue(label: "test.bounded", capacity: 1, longestWait: .milliseconds(10))
    let gate = DispatchSemaphore(value: 0)
    let produced = DispatchSemaphore(value: 0)
    let log = Mutex<[Int]>([])
    DispatchQueue.global().async {
      queue.addOperation {
        gate.wait()
        log.withLock { $0.append(1) }
      }
      for value in 2...4 { queue.addOperation { log.withLock { $0.append(value) } } }
      produced.signal()
    }
    // The delegate is stuck, yet the caller (libcurl's thread) goes on.
    #expect(waited(produced))
    #expect(log.withLock { $0 }.isEmpty)
    gate.signal()
    #expect(await eventually { log.withLock { $0.count } == 4 })
    #expect(log.withLock { $0 } == [1, 2, 3, 4])
  }

  @Test("a call added by a call on the queue never waits for the queue")
  func callsFromTheQueueDoNotWait() {
    let queue = DelegateQueue(label: "test.nested", capacity: 1, longestWait: .seconds(60))
    let done = DispatchSemaphore(value: 0)
    let log = Mutex<[Int]>([])
    queue.addOperation {
      queue.addOperation {
        log.withLock { $0.append(2) }
        done.signal()
      }
      log.withLock { $0.append(1) }
    }
    #expect(waited(done))
    #expect(log.withLock { $0 } == [1, 2])
  }
}
