import Foundation

/// Runs blocking work (waiting for a child process, reading its pipe) on a thread of its own and
/// awaits it, so it never holds one of the cooperative pool's threads. On a 2-core machine the
/// pool has two threads: two tests blocked on children would stall every other test in the
/// process, including the in-process fixture servers of the networking tests.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try work() }) }.start()
  }
}
