#if os(Linux) && (arch(x86_64) || arch(arm64))
  import Synchronization

  /// Stops a `URLSession` on Linux from burning a core while a request waits for its answer.
  ///
  /// swift-corelibs-foundation drives libcurl through a socket callback
  /// (`_MultiHandle.register(socket:for:what:socketSourcePtr:)`) that only ever adds
  /// `DispatchSource`s: when libcurl asks for `CURL_POLL_OUT` while a new connection is being
  /// made and then for `CURL_POLL_IN` once the request is sent, the write source stays armed
  /// until the transfer ends (`CURL_POLL_REMOVE`). A connected socket is always writable, so
  /// libdispatch fires that source again and again for as long as the server takes to answer.
  ///
  /// The repair wraps that callback where Foundation hands it to libcurl
  /// (`curl_multi_setopt(CURLMOPT_SOCKETFUNCTION)`): when libcurl stops asking for writability
  /// (`CURL_POLL_IN` after `CURL_POLL_OUT` or `CURL_POLL_INOUT`), the wrapper first reports
  /// `CURL_POLL_REMOVE` for the socket, then `CURL_POLL_IN` with no sources attached, so
  /// Foundation tears both sources down (it waits for their cancellation before it makes the
  /// new one: the sequence libcurl itself produces when it re-registers a socket) and keeps a
  /// read source only. Every session made after ``URLSessionRepair/install()`` is wrapped.
  enum SocketSourceRepair {
    /// `CURLMcode curl_multi_setopt(CURLM *, CURLMoption, ...)`, called with one pointer-sized
    /// argument (the variadic argument travels in the same register as a fixed one on x86-64
    /// and arm64 Linux); `curl_easy_setopt` has the same shape.
    typealias Setopt =
      @convention(c) (
        OpaquePointer?, Int32, UnsafeMutableRawPointer?
      ) -> Int32

    /// Redirects FoundationNetworking's imports of `curl_multi_setopt`; returns whether at least
    /// one was redirected.
    static func install() -> Bool {
      guard let real = ImportTable.resolved("curl_multi_setopt") else { return false }
      State.realSetopt.store(Int(bitPattern: real), ordering: .releasing)
      return ImportTable.redirect(
        "curl_multi_setopt", to: unsafeBitCast(repairedSetopt, to: UInt.self)) > 0
    }
  }

  /// `int socket_callback(CURL *easy, curl_socket_t s, int what, void *userp, void *socketp)`.
  private typealias SocketCallback =
    @convention(c) (
      OpaquePointer?, Int32, Int32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
    ) -> Int32

  private enum Curl {
    static let socketFunctionOption: Int32 = 20_001  // CURLMOPT_SOCKETFUNCTION
    static let pollIn: Int32 = 1
    static let pollOut: Int32 = 2
    static let pollRemove: Int32 = 4
  }

  /// The real `curl_multi_setopt`, Foundation's socket callback, and what libcurl last asked
  /// for on each socket (entries leave on `CURL_POLL_REMOVE`).
  private enum State {
    static let realSetopt = Atomic<Int>(0)
    static let foundationCallback = Atomic<Int>(0)
    static let lastAsked = Mutex<[Int32: Int32]>([:])
  }

  private let repairedSetopt: SocketSourceRepair.Setopt = { multi, option, value in
    let real = unsafeBitCast(
      State.realSetopt.load(ordering: .acquiring), to: SocketSourceRepair.Setopt.self)
    guard option == Curl.socketFunctionOption, let value else {
      return real(multi, option, value)
    }
    State.foundationCallback.store(Int(bitPattern: value), ordering: .releasing)
    return real(
      multi, option, unsafeBitCast(repairedSocketCallback, to: UnsafeMutableRawPointer.self))
  }

  private let repairedSocketCallback: SocketCallback = { easy, socket, what, userp, sources in
    let foundation = unsafeBitCast(
      State.foundationCallback.load(ordering: .acquiring), to: SocketCallback.self)
    let previous = State.lastAsked.withLock { asked -> Int32 in
      let previous = asked[socket] ?? 0
      asked[socket] = what == Curl.pollRemove ? nil : what
      return previous
    }
    if what == Curl.pollIn, previous & Curl.pollOut != 0, sources != nil {
      // Foundation would keep the write source: drop both sources, then ask for reading only.
      _ = foundation(easy, socket, Curl.pollRemove, userp, sources)
      return foundation(easy, socket, what, userp, nil)
    }
    return foundation(easy, socket, what, userp, sources)
  }
#endif
