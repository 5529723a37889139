#if os(Linux) && (arch(x86_64) || arch(arm64))
  import Networking
  import Synchronization

  /// Stops a transfer whose outcome is known at its next chunk, on Linux: a refused body (over
  /// the size limit), a deadline passed, a caller gone.
  ///
  /// Without it libcurl reads on until `Networking`'s `cancel()` reaches URLSession's work
  /// queue, and that queue is the thread busy reading: an endless answer went on for 0.08 to
  /// 5 s and 28 MB to 2 GB past the refusal. libcurl's own way to stop a transfer at once is its
  /// write callback taking fewer bytes than it was given; FoundationNetworking's always takes
  /// them all. So a guarded transfer's write callback is this file's: it takes 0 bytes (libcurl
  /// aborts with `CURLE_WRITE_ERROR` and closes the connection) once the transfer's
  /// `TransferCompletion` is finished, and hands the chunk to FoundationNetworking's otherwise.
  enum TransferAbort {
    /// The write callback to give libcurl for a guarded handle instead of `foundation` (which
    /// it calls).
    static func writeFunction(
      replacing foundation: UnsafeMutableRawPointer
    ) -> UnsafeMutableRawPointer {
      foundationWrite.store(Int(bitPattern: foundation), ordering: .releasing)
      return unsafeBitCast(guardedWrite, to: UnsafeMutableRawPointer.self)
    }

    /// FoundationNetworking's write callback (one function for every handle).
    fileprivate static let foundationWrite = Atomic<Int>(0)
  }

  /// `size_t write_callback(char *data, size_t size, size_t count, void *userdata)`, as the
  /// header callback too.
  typealias DataCallback =
    @convention(c) (
      UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?
    ) -> Int

  private let guardedWrite: DataCallback = { data, size, count, userData in
    let decided = GuardedTransfers.withEntry(userData) { $0.completion.isFinished } ?? false
    if decided { return 0 }
    let foundation = unsafeBitCast(
      TransferAbort.foundationWrite.load(ordering: .acquiring), to: DataCallback.self)
    return foundation(data, size, count, userData)
  }
#endif
