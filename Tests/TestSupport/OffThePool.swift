import Foundation

/// Runs blocking work (waiting for a child process, reading its pipe) or seconds of synchronous
/// computation on a thread of its own and awaits it, so it never holds one of the cooperative
/// pool's threads.
///
/// On a 2-core machine the pool has two threads: two tests blocked on children, or two heavy
/// synchronous tests at the start of `swift test`, would stall every other test in the process,
/// including the in-process fixture servers of the networking tests and async tests waiting with
/// real-time deadlines. (The work still shares the cores; it only no longer keeps the pool's
/// threads from the tests that are ready to run.) Expectations go after it, in the test's task:
/// `#expect` on a thread of its own has no test to report to.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try work() }) }.start()
  }
}
