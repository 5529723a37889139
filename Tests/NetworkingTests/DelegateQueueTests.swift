import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Networking

/// ``DelegateQueue``: URLSession's delegate calls in order on one serial queue, and the
/// back-pressure that keeps libcurl from reading an endless answer into memory.
///
/// Nothing here blocks a thread of the cooperative pool: the calls block their own serial
/// queue, the caller (libcurl's thread in the transport) runs on a serial queue of its own, and
/// the test waits on streams, each wait with a deadline.
@Suite("URLSession's delegate queue")
struct DelegateQueueTests {
  /// Signals from the queue's calls and callers to the test.
  final class Events: Sendable {
    let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() { (stream, continuation) = AsyncStream<Void>.makeStream() }

    func signal() { continuation.yield() }

    /// Whether `count` more signals came within `limit` of real time.
    func arrived(_ count: Int = 1, within limit: Duration = .seconds(30)) async -> Bool {
      let stream = stream
      return await withTaskGroup(of: Bool.self) { group in
        group.addTask {
          var iterator = stream.makeAsyncIterator()
          for _ in 0..<count where await iterator.next() == nil { return false }
          return true
        }
        group.addTask {
          try? await Task.sleep(for: limit)
          return false
        }
        let first = await group.next() ?? false
        group.cancelAll()
        return first
      }
    }
  }

  /// The numbers of the calls that ran, in order.
  final class Log: Sendable {
    private let entries = Mutex<[Int]>([])

    func append(_ number: Int) { entries.withLock { $0.append(number) } }

    var numbers: [Int] { entries.withLock { $0 } }
  }

  /// Adds calls 1...
  ///
  /// `count` from a thread of its own (as libcurl's): the first blocks the queue until `gate`
  /// opens; each logs its number and signals `ran`; `produced` is signalled once every call is
  /// added.
  private func produce(
    _ count: Int, on queue: DelegateQueue, gate: DispatchSemaphore, log: Log,
    ran: Events, produced: Events
  ) {
    DispatchQueue(label: "test.libcurl").async {
      queue.addOperation {
        gate.wait()
        log.append(1)
        ran.signal()
      }
      for number in 2...count {
        queue.addOperation {
          log.append(number)
          ran.signal()
        }
      }
      produced.signal()
    }
  }

  @Test("a call that finds the queue full waits until a waiting call has run")
  func aFullQueueHoldsTheCallerBack() async {
    let (held, ran, produced) = (Events(), Events(), Events())
    let queue = DelegateQueue(
      label: "test.full", capacity: 2, longestWait: .seconds(60), onHold: { held.signal() })
    let gate = DispatchSemaphore(value: 0)
    let log = Log()
    produce(3, on: queue, gate: gate, log: log, ran: ran, produced: produced)
    // The third call finds the first two waiting (the first blocked by the gate).
    #expect(await held.arrived())
    #expect(log.numbers.isEmpty)
    gate.signal()
    #expect(await produced.arrived())
    #expect(await ran.arrived(3))
    #expect(log.numbers == [1, 2, 3])
  }

  @Test("a caller is held back at most the longest wait, and the calls still run in order")
  func theWaitIsBounded() async {
    let (ran, produced) = (Events(), Events())
    let queue = DelegateQueue(label: "test.bounded", capacity: 1, longestWait: .milliseconds(10))
    let gate = DispatchSemaphore(value: 0)
    let log = Log()
    produce(4, on: queue, gate: gate, log: log, ran: ran, produced: produced)
    // The delegate is stuck behind the gate, yet the caller (libcurl's thread) goes on.
    #expect(await produced.arrived())
    #expect(log.numbers.isEmpty)
    gate.signal()
    #expect(await ran.arrived(4))
    #expect(log.numbers == [1, 2, 3, 4])
  }

  @Test("a call added by a call on the queue never waits for the queue")
  func callsFromTheQueueDoNotWait() async {
    let ran = Events()
    let queue = DelegateQueue(label: "test.nested", capacity: 1, longestWait: .seconds(60))
    let log = Log()
    queue.addOperation {
      queue.addOperation {
        log.append(2)
        ran.signal()
      }
      log.append(1)
    }
    #expect(await ran.arrived())
    #expect(log.numbers == [1, 2])
  }
}
