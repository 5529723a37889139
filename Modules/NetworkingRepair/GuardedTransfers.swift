#if os(Linux) && (arch(x86_64) || arch(arm64))
  import Networking
  import Synchronization

  /// The transfers of `Networking`'s `HTTPTransport`, as libcurl's easy handles: what the
  /// guards (``HeadLineBound``, ``TransferAbort``, ``LoopbackProxyBypass``) need to know of each.
  ///
  /// FoundationNetworking makes a transfer's easy handle in `URLSessionTask.resume()`, on the
  /// calling thread, and sets its callbacks there with `curl_easy_setopt`. Its import of that
  /// function is redirected here: a handle set up while `HTTPTransport` resumes a task (inside
  /// `TransferCompletion.resuming`) is recorded with that transfer's completion, gets the
  /// guards' write and header callbacks in place of Foundation's (which they call) and the
  /// loopback hosts as `CURLOPT_NOPROXY`. Every other handle (a host's own session) gets its
  /// options as FoundationNetworking sets them. The record ends when FoundationNetworking frees
  /// the handle (`curl_easy_cleanup`, redirected too).
  enum GuardedTransfers {
    /// One guarded transfer.
    struct Entry {
      let completion: TransferCompletion
      /// The handle the transfer's callbacks come with (libcurl's `CURL *`).
      let handle: Int
      /// Lines of the current head so far (``HeadLineBound``).
      var lines = 0
    }

    /// Redirects FoundationNetworking's imports of `curl_easy_setopt` and `curl_easy_cleanup`;
    /// returns whether both were redirected.
    static func install() -> Bool {
      guard let setopt = ImportTable.resolved("curl_easy_setopt"),
        let cleanup = ImportTable.resolved("curl_easy_cleanup")
      else { return false }
      State.realSetopt.store(Int(bitPattern: setopt), ordering: .releasing)
      State.realCleanup.store(Int(bitPattern: cleanup), ordering: .releasing)
      // Cleanup first: every handle recorded is then forgotten when it is freed.
      guard
        ImportTable.redirect(
          "curl_easy_cleanup", to: unsafeBitCast(forgettingCleanup, to: UInt.self)) > 0
      else { return false }
      return ImportTable.redirect(
        "curl_easy_setopt", to: unsafeBitCast(guardedSetopt, to: UInt.self)) > 0
    }

    /// Runs `body` on the entry of the transfer whose callbacks carry `userData`
    /// (FoundationNetworking's easy handle object); `nil` for a handle not guarded.
    static func withEntry<T>(
      _ userData: UnsafeMutableRawPointer?, _ body: (inout Entry) -> T
    ) -> T? {
      guard State.count.load(ordering: .relaxed) > 0 else { return nil }
      return State.table.withLock { table -> T? in
        let key = Int(bitPattern: userData)
        guard var entry = table.entries[key] else { return nil }
        defer { table.entries[key] = entry }
        return body(&entry)
      }
    }

    /// How many transfers are recorded (tests check that freed handles are forgotten).
    static var count: Int { State.count.load(ordering: .relaxed) }

    fileprivate static func record(
      _ completion: TransferCompletion, handle: OpaquePointer?, userData: UnsafeMutableRawPointer?
    ) {
      let handle = Int(bitPattern: handle)
      let key = Int(bitPattern: userData)
      State.table.withLock { table in
        table.entries[key] = Entry(completion: completion, handle: handle)
        table.keys[handle] = key
        State.count.store(table.entries.count, ordering: .relaxed)
      }
    }

    fileprivate static func forget(handle: OpaquePointer?) {
      guard State.count.load(ordering: .relaxed) > 0 else { return }
      State.table.withLock { table in
        guard let key = table.keys.removeValue(forKey: Int(bitPattern: handle)) else { return }
        if table.entries[key]?.handle == Int(bitPattern: handle) { table.entries[key] = nil }
        State.count.store(table.entries.count, ordering: .relaxed)
      }
    }
  }

  private enum Option {
    static let writeData: Int32 = 10_001  // CURLOPT_WRITEDATA
    static let writeFunction: Int32 = 20_011  // CURLOPT_WRITEFUNCTION
    static let headerFunction: Int32 = 20_079  // CURLOPT_HEADERFUNCTION
  }

  private struct Table {
    /// The guarded transfers by their callbacks' user data.
    var entries: [Int: GuardedTransfers.Entry] = [:]
    /// The user data of each guarded handle.
    var keys: [Int: Int] = [:]
  }

  private enum State {
    static let realSetopt = Atomic<Int>(0)
    static let realCleanup = Atomic<Int>(0)
    static let table = Mutex(Table())
    /// How many entries there are: a callback of a handle not guarded reads it, and takes the
    /// lock only when some are.
    static let count = Atomic<Int>(0)
  }

  private typealias Cleanup = @convention(c) (OpaquePointer?) -> Void

  private let guardedSetopt: SocketSourceRepair.Setopt = { easy, option, value in
    let real = unsafeBitCast(
      State.realSetopt.load(ordering: .acquiring), to: SocketSourceRepair.Setopt.self)
    guard let completion = TransferCompletion.resuming, let value else {
      return real(easy, option, value)
    }
    switch option {
    case Option.writeData:
      GuardedTransfers.record(completion, handle: easy, userData: value)
      _ = LoopbackProxyBypass.currentNoProxyList().withCString {
        real(easy, LoopbackProxyBypass.noProxyOption, UnsafeMutableRawPointer(mutating: $0))
      }
    case Option.writeFunction:
      return real(easy, option, TransferAbort.writeFunction(replacing: value))
    case Option.headerFunction:
      return real(easy, option, HeadLineBound.headerFunction(replacing: value))
    default: break
    }
    return real(easy, option, value)
  }

  private let forgettingCleanup: Cleanup = { easy in
    GuardedTransfers.forget(handle: easy)
    unsafeBitCast(State.realCleanup.load(ordering: .acquiring), to: Cleanup.self)(easy)
  }
#endif
