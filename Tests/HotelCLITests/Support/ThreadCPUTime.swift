#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The CPU time the calling thread has used, for a bound on the cost of synchronous work.
///
/// The wall clock also counts the time the thread waited for a core: on a loaded 2-core
/// machine (CI, or the other test targets running beside this one) a load that costs two
/// seconds took twenty, and a bound on it failed. The thread's CPU time counts only the work.
enum ThreadCPUTime {
  /// The calling thread's CPU time so far (user and system).
  static func now() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
  }

  /// Runs `work` on this thread; returns its result and the CPU time it used.
  static func measure<Result>(_ work: () throws -> Result) rethrows -> (Result, Duration) {
    let start = now()
    let result = try work()
    return (result, now() - start)
  }
}
