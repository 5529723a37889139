import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Platform {
  /// Work that must be done as soon as the process is told to stop, on whatever thread learns
  /// it: the stop signals' queue (while the main actor may be busy) or `exit`. The full-screen
  /// app restores the terminal here.
  static let stopHooks = StopHooks()

  /// A thread-safe list of hooks; each runs every time ``run()`` is called (they are
  /// idempotent).
  final class StopHooks: Sendable {
    private let hooks = Mutex<[@Sendable () -> Void]>([])
    private let exitHandlerInstalled = Mutex(false)

    /// Adds `hook`; the first one also installs an `atexit` handler that runs them all.
    func add(_ hook: @escaping @Sendable () -> Void) {
      hooks.withLock { $0.append(hook) }
      let install = exitHandlerInstalled.withLock { installed -> Bool in
        defer { installed = true }
        return !installed
      }
      if install { atexit { Platform.stopHooks.run() } }
    }

    /// Runs every hook.
    func run() {
      for hook in hooks.withLock({ $0 }) { hook() }
    }
  }
}
