#if os(Linux) && (arch(x86_64) || arch(arm64))
  import Glibc
  import Synchronization
#endif

/// Stops a refused transfer at once, on Linux: libcurl reads on until a `cancel()` reaches
/// URLSession's work queue, and that queue is the thread busy reading (an endless answer went on
/// for 0.8 s and 5 MB past the size limit). ``SocketSourceRepair`` wraps the write callback
/// FoundationNetworking gives libcurl; the wrapper tells libcurl to abort the transfer (it
/// returns 0 bytes taken: `CURLE_WRITE_ERROR`, and libcurl closes the connection) as soon as the
/// transfer is refused here.
///
/// The transfer is known by the write callback's user data (FoundationNetworking's easy handle
/// object): the wrapper records it for its thread while FoundationNetworking hands the chunk to
/// the delegate queue, ``DelegateQueue`` carries it to the delegate call that delivers the
/// chunk, and ``SessionDelegate`` refuses "the transfer this chunk came from" there. A refusal
/// is forgotten when a new easy handle takes the same user data. Where the wrapper is not
/// installed (no repair, other platforms) every call here does nothing and `cancel()` alone
/// stops the transfer, as before.
enum TransferAbort {
  #if os(Linux) && (arch(x86_64) || arch(arm64))
    /// The user data of the transfers refused.
    private static let refused = Mutex<Set<Int>>([])
    /// How many refusals are waiting: the write callback of every chunk reads it, and takes the
    /// lock only when one is.
    private static let waiting = Atomic<Int>(0)
    /// The transfer whose bytes libcurl is handing over on this thread (in the write callback).
    private static let writing: pthread_key_t = makeKey()
    /// The transfer whose bytes the delegate call on this thread delivers.
    private static let delivering: pthread_key_t = makeKey()

    private static func makeKey() -> pthread_key_t {
      var key = pthread_key_t()
      _ = pthread_key_create(&key, nil)
      return key
    }
  #endif

  /// The write callback's side: whether libcurl should abort the transfer with this user data
  /// (once: libcurl calls the write callback of an aborted transfer no more).
  static func takeRefusal(_ userData: UnsafeMutableRawPointer?) -> Bool {
    #if os(Linux) && (arch(x86_64) || arch(arm64))
      guard let userData else { return false }
      let key = Int(bitPattern: userData)
      guard waiting.load(ordering: .relaxed) > 0 else { return false }
      return refused.withLock { refused in
        guard refused.remove(key) != nil else { return false }
        waiting.store(refused.count, ordering: .relaxed)
        return true
      }
    #else
      return false
    #endif
  }

  /// The write callback's side: runs `body` (FoundationNetworking's callback) with `userData`
  /// recorded as the transfer writing on this thread.
  static func writing<T>(_ userData: UnsafeMutableRawPointer?, _ body: () -> T) -> T {
    #if os(Linux) && (arch(x86_64) || arch(arm64))
      _ = pthread_setspecific(writing, userData)
      defer { _ = pthread_setspecific(writing, nil) }
    #endif
    return body()
  }

  /// The transfer with `userData` ended (or a new easy handle took it): a refusal of it that
  /// libcurl never took (the transfer ended first) is dropped, so that no later transfer whose
  /// handle gets the same address is refused.
  static func forget(_ userData: UnsafeMutableRawPointer?) {
    #if os(Linux) && (arch(x86_64) || arch(arm64))
      guard let userData else { return }
      let key = Int(bitPattern: userData)
      guard waiting.load(ordering: .relaxed) > 0 else { return }
      refused.withLock { refused in
        refused.remove(key)
        waiting.store(refused.count, ordering: .relaxed)
      }
    #endif
  }

  /// The delegate queue's side, on the thread that adds a delegate call: the transfer writing
  /// on this thread now, if any.
  static var currentWriter: UnsafeMutableRawPointer? {
    #if os(Linux) && (arch(x86_64) || arch(arm64))
      pthread_getspecific(writing)
    #else
      nil
    #endif
  }

  /// The delegate queue's side: runs `body` (a delegate call) with `writer` recorded as the
  /// transfer it delivers.
  static func delivering(_ writer: UnsafeMutableRawPointer?, _ body: () -> Void) {
    #if os(Linux) && (arch(x86_64) || arch(arm64))
      guard let writer else { return body() }
      _ = pthread_setspecific(delivering, writer)
      defer { _ = pthread_setspecific(delivering, nil) }
    #endif
    body()
  }

  /// The delegate's side, inside a delegate call: refuses the transfer whose bytes this call
  /// delivers, so that libcurl aborts it at its next chunk. Returns that transfer's user data
  /// (for ``forget(_:)`` once the task completes), or `nil` when none is known.
  static func refuseDelivered() -> UnsafeMutableRawPointer? {
    #if os(Linux) && (arch(x86_64) || arch(arm64))
      guard let writer = pthread_getspecific(delivering) else { return nil }
      let key = Int(bitPattern: writer)
      refused.withLock { refused in
        refused.insert(key)
        waiting.store(refused.count, ordering: .relaxed)
      }
      return writer
    #else
      return nil
    #endif
  }
}
