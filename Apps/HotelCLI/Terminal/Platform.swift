// The one file with platform differences (Glibc on Linux, Darwin on macOS).
import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the CLI asks of the operating system.
enum Platform {
  /// Whether standard output is a terminal.
  static var standardOutputIsTerminal: Bool { isatty(1) == 1 }

  /// Whether standard input is a terminal.
  static var standardInputIsTerminal: Bool { isatty(0) == 1 }

  /// The terminal's width in columns, when standard output is a terminal.
  static var terminalColumns: Int? {
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// Up to 16 KiB read from `descriptor` as soon as any are there (one `read`, retried on
  /// `EINTR`); `nil` at the end of input or on an error.
  static func readChunk(from descriptor: Int32) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 { return Array(buffer[0..<count]) }
      if count < 0, errno == EINTR { continue }
      return nil
    }
  }

  /// Writes all of `bytes` to `descriptor` (retrying short writes and `EINTR`); returns 0, or
  /// the `errno` of the failure (`ENOSPC` on `/dev/full`, `EBADF` on a closed descriptor,
  /// `EPIPE` on a closed pipe).
  static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        systemWrite(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      if written == 0 { return EIO }
      offset += written
    }
    return 0
  }

  /// An `errno`, as an error.
  struct SystemCallError: Error {
    /// The `errno` value.
    var code: Int32
  }

  /// Opens `path` for writing (created 0600, or truncated) without waiting for a reader when it is
  /// a FIFO: `ENXIO` then (`SystemError.noReader`), not a wait that never ends.
  ///
  /// The descriptor returned blocks again, as writes expect.
  static func openForWriting(_ path: String) -> Result<Int32, SystemCallError> {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return .failure(SystemCallError(code: errno)) }
    let flags = fcntl(descriptor, F_GETFL)
    if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
    return .success(descriptor)
  }

  /// Opens `/dev/null` on standard input, output or error where one is closed, so no file the
  /// program opens later takes descriptor 0, 1 or 2 (and receives the screen); returns the
  /// descriptors that were closed.
  ///
  /// `main` is `async`, so the Swift runtime starts libdispatch before this runs, and on Linux
  /// libdispatch's first `eventfd` takes the lowest free descriptor: with standard output closed
  /// at start, descriptor 1 is that `eventfd` (writes to it failed with "invalid argument", and
  /// an 8-byte write would have woken the main queue). A standard descriptor that is such an
  /// anonymous inode counts as closed too; it is left to its owner.
  static func reserveStandardDescriptors() -> Set<Int32> {
    var closed: Set<Int32> = []
    for descriptor: Int32 in [0, 1, 2] {
      if fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
        let opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
        if opened >= 0, opened != descriptor {
          _ = dup2(opened, descriptor)
          _ = close(opened)
        }
        closed.insert(descriptor)
      } else if isAnonymousInode(descriptor) {
        closed.insert(descriptor)
      }
    }
    return closed
  }

  /// Whether `descriptor` is an `eventfd`, `epoll` or another anonymous inode (Linux), never
  /// what a shell passes as standard input, output or error.
  private static func isAnonymousInode(_ descriptor: Int32) -> Bool {
    #if os(Linux)
      var target = [CChar](repeating: 0, count: 64)
      let count = readlink("/proc/self/fd/\(descriptor)", &target, target.count - 1)
      guard count > 0 else { return false }
      return target[0..<count].map { UInt8(bitPattern: $0) }.starts(with: Array("anon_inode:".utf8))
    #else
      return false
    #endif
  }

  /// Ignores SIGPIPE, so writing to a closed pipe is an error instead of killing the process;
  /// and SIGXFSZ, so a write over the file size limit (`ulimit -f`) is an error (`EFBIG`)
  /// instead of killing the process with the terminal left in raw mode.
  static func ignoreBrokenPipes() {
    signal(SIGPIPE, SIG_IGN)
    signal(SIGXFSZ, SIG_IGN)
  }
}

extension Platform {
  /// `errno` values and their messages.
  enum SystemError {
    /// `EADDRINUSE`.
    static let addressInUse = EADDRINUSE
    /// `ENOSPC` (a full disk, `/dev/full`).
    static let noSpace = ENOSPC
    /// `EFBIG` (over the file size limit, `ulimit -f`).
    static let fileTooLarge = EFBIG
    /// `EACCES`.
    static let accessDenied = EACCES
    /// `EPIPE` (a pipe whose reader went away: `hotel test dir | head -1`).
    static let brokenPipe = EPIPE
    /// `EBADF` (a closed descriptor).
    static let badDescriptor = EBADF
    /// `ENXIO` (a FIFO opened without waiting, that nothing reads).
    static let noReader = ENXIO

    /// The system's message for `code`, in lower case ("permission denied").
    static func message(_ code: Int32) -> String {
      guard let text = strerror(code) else { return "error \(code)" }
      return String(cString: text).lowercased()
    }
  }

}

extension Platform {
  /// The normal way out, once `main` has returned: ``register(_:)``'s work, then `_exit`.
  ///
  /// Not `exit`: it runs every library's `atexit` handlers while URLSession's, libcurl's and
  /// the fixture's threads are still running, and OpenSSL's handler (`OPENSSL_cleanup`, which
  /// libcurl's start installs) frees the locks those threads take: a `hotel test` was seen
  /// killed by SIGSEGV (`pthread_rwlock_unlock` on a dispatch thread) after printing its
  /// summary. Nothing is lost by skipping the handlers: every write goes straight to its
  /// descriptor (no `stdio` buffer), and the app's own work at the end is registered here.
  /// A stop signal's way out (``StopSignals/exitOnStop(flushingWithin:_:unfinished:)``) ends
  /// with `_exit` too.
  enum ProcessEnd {
    private static let work = Mutex<[@Sendable () -> Void]>([])

    /// Registers `work` to run when the process ends through ``exit(_:)``, in registration order;
    /// thread-safe.
    ///
    /// It must not wait for the main actor.
    static func register(_ work: @escaping @Sendable () -> Void) {
      Self.work.withLock { $0.append(work) }
    }

    /// Runs the registered work and ends the process with `status`.
    static func exit(_ status: Int32) -> Never {
      for work in work.withLock({ $0 }) { work() }
      _exit(status)
    }
  }
}

extension Platform {
  /// SIGINT, SIGTERM, SIGHUP and SIGQUIT as an async event: once created, the signals no longer kill the process;
  /// ``next()`` returns the name of the first one that arrives (also one that arrived before).
  ///
  /// With ``exitOnStop(flushingWithin:_:)`` a stop signal instead ends the process from the
  /// signal thread, whatever the main actor is doing (a long render, a busy loop): it runs the
  /// ``onExit(_:_:)`` hooks (before, then after the flush), gives the flush a short deadline,
  /// and exits with 130 (SIGINT), 129 (SIGHUP) or 143 (SIGTERM), or the code a hook asked for
  /// (``exitWith(_:)``).
  final class StopSignals: @unchecked Sendable {
    // Unchecked: the sources, the continuation and the exit plan are only touched on `queue`.
    private let queue = DispatchQueue(label: "hotel.signals")
    private var sources: [any DispatchSourceSignal] = []
    /// Left by each source once libdispatch has registered it.
    private let registered = DispatchGroup()
    private var received: String?
    private var waiter: CheckedContinuation<String, Never>?
    private var exitPlan:
      (
        deadline: Duration, flush: @Sendable () async -> Void,
        unfinished: (@Sendable () -> Void)?
      )?

    /// When an exit hook runs on a stop signal: before the flush or after it.
    enum ExitPhase: Int, Sendable {
      /// Before the flush gets its deadline (a full-screen app restores the terminal here, a
      /// suite says it was interrupted).
      case beforeFlush
      /// After the flush, just before the process exits (a hermetic run's temporary folder is
      /// removed here).
      case afterFlush
    }

    private static let hooks = Mutex<
      (next: Int, registered: [Int: (phase: ExitPhase, run: @Sendable () -> Void)])
    >((0, [:]))

    /// Registers `hook` to run, on the signal thread, when the process exits on a stop signal;
    /// thread-safe.
    ///
    /// The ``ExitPhase/beforeFlush`` hooks run first, then the flush, then the
    /// ``ExitPhase/afterFlush`` ones; within a phase, hooks run in the order they were registered.
    /// Hooks must not wait for the main actor. Returns a number for ``removeExitHook(_:)``.
    @discardableResult
    static func onExit(
      _ phase: ExitPhase = .beforeFlush, _ hook: @escaping @Sendable () -> Void
    ) -> Int {
      hooks.withLock { hooks in
        hooks.next += 1
        hooks.registered[hooks.next] = (phase, hook)
        return hooks.next
      }
    }

    /// Removes a hook registered with ``onExit(_:_:)``.
    static func removeExitHook(_ registration: Int) {
      hooks.withLock { _ = $0.registered.removeValue(forKey: registration) }
    }

    private static func hooks(of phase: ExitPhase) -> [@Sendable () -> Void] {
      hooks.withLock { hooks in
        hooks.registered.filter { $0.value.phase == phase }.sorted { $0.key < $1.key }
          .map(\.value.run)
      }
    }

    /// Whether the process is on a stop signal's way out (set before the first hook runs).
    private static let ending = Atomic<Bool>(false)

    /// Whether the process is on a stop signal's way out: nothing may stop it again then (a
    /// job continued in the background by `kill %1`, SIGTERM then SIGCONT, must end, not stop
    /// as a background reader or writer until `fg`).
    static var isEnding: Bool { ending.load(ordering: .acquiring) }

    /// The exit code that replaces the signal's own on a stop signal's way out (4 when a
    /// hook found that something was not saved, as the way out without a signal says).
    private static let replacedExitCode = Mutex<Int32?>(nil)

    /// Makes a stop signal's way out exit with `code` instead of the signal's own code (for a
    /// hook that finds something was not saved); the first code given wins.
    static func exitWith(_ code: Int32) {
      replacedExitCode.withLock { $0 = $0 ?? code }
    }

    /// The exit code for a stop signal: 130 for SIGINT, 129 for SIGHUP (the terminal went
    /// away), 131 for SIGQUIT, 143 for SIGTERM.
    static func exitCode(for name: String) -> Int32 {
      switch name {
      case "SIGINT": 130
      case "SIGHUP": 129
      case "SIGQUIT": 131
      default: 143
      }
    }

    /// Starts catching SIGINT, SIGTERM, SIGHUP and SIGQUIT (whose default action, a core dump,
    /// would leave a full-screen terminal raw); returns once all are caught, unless
    /// `waitUntilCaught` is `false` (for a caller with other start-up work to overlap it with).
    ///
    /// On Linux, libdispatch registers a signal source on its manager thread, after `resume()`
    /// returns: it installs its own handler and a `signalfd` then. Setting `SIG_IGN` here, as
    /// on Darwin, made a signal sent in between (a test's SIGINT right after `hotel serve`
    /// printed its URL, on a busy machine) vanish, and the process served on until killed.
    /// So the disposition is left to libdispatch and `init` waits for both registrations
    /// (2 s at most: after that the default action, ending the process, still applies).
    init(waitUntilCaught: Bool = true) {
      let registered = self.registered
      let signals = [
        (SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP"), (SIGQUIT, "SIGQUIT"),
      ]
      for (number, name) in signals {
        #if canImport(Darwin)
          // kqueue reports an ignored signal; the default action would end the process.
          signal(number, SIG_IGN)
        #endif
        let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
        source.setEventHandler { [weak self] in self?.deliver(name) }
        registered.enter()
        source.setRegistrationHandler { registered.leave() }
        source.resume()
        sources.append(source)
      }
      if waitUntilCaught { self.waitUntilCaught() }
    }

    /// Returns once every signal is caught (2 s at most): at once when they were caught already, as
    /// they are by the time a session has started.
    ///
    /// A full-screen app calls it before it takes the terminal, so no stop signal can find the
    /// terminal raw with its default action (the end of the process, the terminal left raw) still
    /// in force.
    func waitUntilCaught() {
      _ = registered.wait(timeout: .now() + .seconds(2))
    }

    /// Waits for the first stop signal and returns its name.
    func next() async -> String {
      await withCheckedContinuation { continuation in
        queue.async {
          if let received = self.received {
            continuation.resume(returning: received)
          } else {
            self.waiter = continuation
          }
        }
      }
    }

    /// From now on, a stop signal (or one that already came) ends the process without the main
    /// actor: the ``ExitPhase/beforeFlush`` hooks run, `flush` (which may need the main actor, to
    /// write the draft) gets `deadline` to finish, and the process exits 130, 129 or 143 whether it
    /// did or not.
    ///
    /// What the draft autosaver already wrote in the background is on disk either way. `unfinished`
    /// runs (on the signal thread, after the flush's deadline) when the flush did not finish in
    /// time: it says what may be lost.
    func exitOnStop(
      flushingWithin deadline: Duration = .milliseconds(500),
      _ flush: @escaping @Sendable () async -> Void,
      unfinished: (@Sendable () -> Void)? = nil
    ) {
      queue.async {
        self.exitPlan = (deadline, flush, unfinished)
        if let received = self.received { self.exit(on: received) }
      }
    }

    private func deliver(_ name: String) {
      if received == nil { received = name }
      if exitPlan != nil {
        exit(on: name)
        return
      }
      waiter?.resume(returning: name)
      waiter = nil
    }

    /// Runs the hooks before the flush, waits for the flush up to its deadline, runs the hooks
    /// after it, and ends the process.
    ///
    /// Runs on `queue`, never on the main actor.
    private func exit(on name: String) {
      // Nothing stops the way out: the terminal's stop signals are ignored from here on (a
      // background read or write would otherwise stop the process until `fg`, the flush
      // unfinished; Ctrl-Z's SIGTSTP handler checks ``isEnding``).
      Self.ending.store(true, ordering: .releasing)
      for stop in [SIGTTIN, SIGTTOU, SIGTSTP] { signal(stop, SIG_IGN) }
      for hook in Self.hooks(of: .beforeFlush) { hook() }
      if let (deadline, flush, unfinished) = exitPlan {
        let flushed = DispatchSemaphore(value: 0)
        Task.detached {
          await flush()
          flushed.signal()
        }
        let (seconds, attoseconds) = deadline.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        if flushed.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .timedOut {
          unfinished?()
        }
      }
      for hook in Self.hooks(of: .afterFlush) { hook() }
      // `_exit`, not `exit`: the main thread may be anywhere, and nothing is buffered (every
      // write goes straight to its descriptor).
      _exit(Self.replacedExitCode.withLock { $0 } ?? Self.exitCode(for: name))
    }
  }
}

/// The C library's `write`, which `Platform.write(_:to:)` shadows.
extension Platform {
  /// Raises the soft limit on open descriptors (`ulimit -n`) to the hard one, at most 65 536 (as
  /// Go's runtime does at start), and returns the soft limit now in force; `nil` when it cannot be
  /// read.
  ///
  /// A suite runs many journeys at once, each with its own fixture and connections; at the limit
  /// libdispatch itself traps (SIGILL) instead of failing a call.
  static func raiseDescriptorLimit() -> Int? {
    #if canImport(Darwin)
      let resource = RLIMIT_NOFILE
      let ceiling = rlim_t(OPEN_MAX)
    #elseif canImport(Musl)
      let resource = RLIMIT_NOFILE
      let ceiling = rlim_t(1 << 16)
    #else
      let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
      let ceiling = rlim_t(1 << 16)
    #endif
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0 else { return nil }
    let wanted = min(limit.rlim_max, ceiling)
    if limit.rlim_cur < wanted {
      var raised = limit
      raised.rlim_cur = wanted
      if setrlimit(resource, &raised) == 0 { limit = raised }
    }
    return Int(clamping: limit.rlim_cur)
  }
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}

extension Platform {
  /// The environment variables whose names start with `prefix`, read from the process's
  /// environment block (only those: building the whole environment costs start-up time).
  static func environment(withPrefix prefix: String) -> [String: String] {
    var found: [String: String] = [:]
    var entry: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
    while let current = entry, let pointer = current.pointee {
      let text = String(cString: pointer)
      if text.hasPrefix(prefix), let equals = text.firstIndex(of: "=") {
        found[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry = current + 1
    }
    return found
  }
}
