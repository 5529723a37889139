import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Networking

/// ``DelegateQueue``: URLSession's delegate calls run at once, in order, on the thread that
/// hands them over (libcurl's in the transport), so none waits in a queue.
@Suite("URLSession's delegate queue")
struct DelegateQueueTests {
  /// The numbers of the calls that ran, in order, with the thread each ran on.
  final class Log: Sendable {
    private let entries = Mutex<[(number: Int, onCaller: Bool)]>([])

    func append(_ number: Int, onCaller: Bool) {
      entries.withLock { $0.append((number, onCaller)) }
    }

    var numbers: [Int] { entries.withLock { $0.map(\.number) } }
    var allOnCaller: Bool { entries.withLock { $0.allSatisfy(\.onCaller) } }
  }

  @Test("each call has run, on the caller's thread, when adding it returns")
  func callsRunAtOnce() async {
    let queue = DelegateQueue(label: "test.inline")
    let caller = DispatchQueue(label: "test.libcurl")
    let key = DispatchSpecificKey<Bool>()
    caller.setSpecific(key: key, value: true)
    let log = Log()
    let seen = await withCheckedContinuation { (continuation: CheckedContinuation<[Int], Never>) in
      caller.async {
        var seen: [Int] = []
        for number in 1...3 {
          queue.addOperation {
            log.append(number, onCaller: DispatchQueue.getSpecific(key: key) == true)
          }
          seen.append(log.numbers.count)
        }
        continuation.resume(returning: seen)
      }
    }
    #expect(seen == [1, 2, 3])
    #expect(log.numbers == [1, 2, 3])
    #expect(log.allOnCaller)
  }

  @Test("a call added by a call runs inside it")
  func nestedCallsRunInside() {
    let queue = DelegateQueue(label: "test.nested")
    let log = Log()
    queue.addOperation {
      log.append(1, onCaller: true)
      queue.addOperation { log.append(2, onCaller: true) }
      log.append(3, onCaller: true)
    }
    #expect(log.numbers == [1, 2, 3])
  }
}
