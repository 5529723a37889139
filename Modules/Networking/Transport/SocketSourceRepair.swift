#if os(Linux) && (arch(x86_64) || arch(arm64))
  import Glibc
  import Synchronization
  import FoundationNetworking
#endif

/// Stops `URLSession` on Linux from burning a core while a request waits for its answer.
///
/// swift-corelibs-foundation (6.3) drives libcurl through a socket callback
/// (`_MultiHandle.register(socket:for:what:socketSourcePtr:)`) that only ever *adds*
/// `DispatchSource`s: when libcurl asks for `CURL_POLL_OUT` while a new connection is being
/// made and then for `CURL_POLL_IN` once the request is sent, the write source stays armed until
/// the transfer ends (`CURL_POLL_REMOVE`). A connected socket is always writable, so libdispatch
/// fires that source again and again and the first request on every new connection uses 100% of
/// a CPU for as long as the server takes to answer (Docs/Platform.md, "URLSession burns a core",
/// has the reproduction and the figures).
///
/// The repair wraps that callback at the libcurl boundary: when libcurl stops asking for
/// writability (`CURL_POLL_IN` after `CURL_POLL_OUT` or `CURL_POLL_INOUT`), the wrapper first
/// reports `CURL_POLL_REMOVE` for the socket, then `CURL_POLL_IN` with no sources attached, so
/// Foundation tears both sources down (it waits for their cancellation before making the new
/// one: the sequence libcurl itself produces when it re-registers a socket) and keeps a read
/// source only. To wrap it, the one place where Foundation hands the callback to libcurl,
/// `curl_multi_setopt`, is redirected in FoundationNetworking's own table of imported functions
/// (its global offset table), once (a `static let`: the first caller installs it, concurrent
/// callers wait for it), before the first `URLSession` that asks for the repair is made.
///
/// The redirect is process-wide, its effect is not: the wrapper wraps the socket callback only
/// for a session made inside ``makeSession(repairing:_:)`` with `repairing` true (the session's
/// multi handle is set up synchronously in `URLSession.init`, on the caller's task, which carries
/// a task-local scope the wrapper reads). Every other `URLSession` of the process, a host's own
/// or an ``HTTPTransport`` made with `repairsSocketSources: false`, gets Foundation's callback
/// untouched. A process whose transports all opt out never installs it. Nothing else of
/// URLSession changes; where the table cannot be found (another platform, a static build
/// without it), nothing is patched and URLSession behaves as before.
///
/// The same table's import of `curl_easy_setopt` is redirected too, for two guards that follow
/// the same rule: ``TransferAbort`` (a refused body stops at its next chunk) and
/// ``HeadLineBound`` (a head of more than 1 000 lines is refused as it arrives), which replaces
/// the header callback only of the easy handles made for a transfer of an ``HTTPTransport``
/// (inside ``HeadLineBound/watching(_:_:)``); every other handle keeps Foundation's.
///
/// Remove it once swift-corelibs-foundation's `_SocketSources` drops the write source when
/// libcurl stops asking for it (Docs/Platform.md has the reproduction to check).
enum SocketSourceRepair {
  /// Whether the repair is in place (installing it on first use); `false` on platforms that
  /// do not need it or where FoundationNetworking's import of `curl_multi_setopt` was not found.
  static var isInstalled: Bool { installed }

  /// Whether FoundationNetworking's import of `curl_easy_setopt` is redirected too (installing
  /// the repair on first use): the write callback's guard (``TransferAbort``) and the bound on
  /// a head's lines (``HeadLineBound``) work only then.
  static var guardsEasyHandles: Bool {
    #if os(Linux) && (arch(x86_64) || arch(arm64))
      installed && RepairState.easySetoptRedirected.load(ordering: .acquiring)
    #else
      false
    #endif
  }

  /// Makes a session with `make`; when `repairing`, installs the repair first (once) and has
  /// it wrap this session's socket callback. Returns the session and whether the callback was
  /// wrapped (`false` when not `repairing`, or where the repair is not installed).
  static func makeSession<Session>(
    repairing: Bool, _ make: () -> Session
  ) -> (session: Session, repaired: Bool) {
    #if os(Linux) && (arch(x86_64) || arch(arm64))
      guard repairing, isInstalled else { return (make(), false) }
      let scope = RepairScope()
      let session = RepairScope.$current.withValue(scope) { make() }
      return (session, scope.wrapped.load(ordering: .acquiring))
    #else
      return (make(), false)
    #endif
  }

  #if os(Linux) && (arch(x86_64) || arch(arm64))
    private static let installed: Bool = install()
  #else
    private static let installed = false
  #endif
}

#if os(Linux) && (arch(x86_64) || arch(arm64))
  // MARK: - libcurl's side

  /// `CURLMcode curl_multi_setopt(CURLM *, CURLMoption, ...)`, called with one pointer-sized
  /// argument (the variadic argument travels in the same register as a fixed one on x86-64 and
  /// arm64 Linux).
  private typealias MultiSetopt =
    @convention(c) (
      OpaquePointer?, Int32, UnsafeMutableRawPointer?
    ) -> Int32

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

  /// The session being made inside ``SocketSourceRepair/makeSession(repairing:_:)`` on this
  /// task: the wrapper wraps only that session's socket callback, and says so here.
  private final class RepairScope: Sendable {
    @TaskLocal static var current: RepairScope?
    let wrapped = Atomic<Bool>(false)
  }

  /// The state the wrapper keeps: the real `curl_multi_setopt`, Foundation's socket callback,
  /// and what libcurl last asked for on each wrapped socket (entries leave on
  /// `CURL_POLL_REMOVE`).
  private enum RepairState {
    static let realSetopt = Atomic<Int>(0)
    static let foundationCallback = Atomic<Int>(0)
    static let lastAsked = Mutex<[Int32: Int32]>([:])
    static let realEasySetopt = Atomic<Int>(0)
    static let easySetoptRedirected = Atomic<Bool>(false)
    static let foundationWrite = Atomic<Int>(0)
  }

  private typealias WriteCallback =
    @convention(c) (
      UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?
    ) -> Int

  private enum EasyOption {
    static let writeData: Int32 = 10_001  // CURLOPT_WRITEDATA
    static let writeFunction: Int32 = 20_011  // CURLOPT_WRITEFUNCTION
    static let headerData: Int32 = 10_029  // CURLOPT_HEADERDATA
    static let headerFunction: Int32 = 20_079  // CURLOPT_HEADERFUNCTION
  }

  /// `curl_easy_setopt` as FoundationNetworking calls it: its write callback is wrapped by
  /// `guardedWrite` (``TransferAbort``), and a handle that takes user data clears any refusal
  /// of a handle that had it before. The header callback of a handle made for a transfer of an
  /// ``HTTPTransport`` is replaced by ``HeadLineBound``'s (which calls it), and such a handle
  /// gets ``LoopbackProxyBypass``'s `CURLOPT_NOPROXY`; any other handle's goes through as it is.
  /// Every other option goes through as it is.
  private let guardedEasySetopt: MultiSetopt = { easy, option, value in
    let real = unsafeBitCast(
      RepairState.realEasySetopt.load(ordering: .acquiring), to: MultiSetopt.self)
    switch option {
    case EasyOption.writeData:
      TransferAbort.forget(value)
    case EasyOption.writeFunction:
      guard let value else { break }
      RepairState.foundationWrite.store(Int(bitPattern: value), ordering: .releasing)
      return real(easy, option, unsafeBitCast(guardedWrite, to: UnsafeMutableRawPointer.self))
    case EasyOption.headerData:
      // A handle made for a transfer of an `HTTPTransport` never sends a loopback host's
      // request through a proxy (`LoopbackProxyBypass`); libcurl copies the string.
      if HeadLineBound.handleTakesHeaderData(value) {
        _ = LoopbackProxyBypass.currentNoProxyList().withCString {
          real(easy, LoopbackProxyBypass.noProxyOption, UnsafeMutableRawPointer(mutating: $0))
        }
      }
    case EasyOption.headerFunction:
      guard let value, let counting = HeadLineBound.headerFunction(replacing: value) else { break }
      return real(easy, option, counting)
    default: break
    }
    return real(easy, option, value)
  }

  /// libcurl's write callback: 0 bytes taken (libcurl aborts the transfer and closes its
  /// connection) once ``TransferAbort`` has refused the transfer; FoundationNetworking's
  /// callback otherwise, with the transfer recorded for the delegate queue.
  private let guardedWrite: WriteCallback = { data, size, count, userData in
    if TransferAbort.takeRefusal(userData) { return 0 }
    let foundation = unsafeBitCast(
      RepairState.foundationWrite.load(ordering: .acquiring), to: WriteCallback.self)
    return TransferAbort.writing(userData) { foundation(data, size, count, userData) }
  }

  private let repairedSetopt: MultiSetopt = { multi, option, value in
    let real = unsafeBitCast(
      RepairState.realSetopt.load(ordering: .acquiring), to: MultiSetopt.self)
    // Only a session made in a repairing scope: any other keeps Foundation's callback as it is.
    guard option == Curl.socketFunctionOption, let value, let scope = RepairScope.current else {
      return real(multi, option, value)
    }
    RepairState.foundationCallback.store(Int(bitPattern: value), ordering: .releasing)
    let result = real(
      multi, option, unsafeBitCast(repairedSocketCallback, to: UnsafeMutableRawPointer.self))
    scope.wrapped.store(result == 0, ordering: .releasing)
    return result
  }

  private let repairedSocketCallback: SocketCallback = { easy, socket, what, userp, sources in
    let foundation = unsafeBitCast(
      RepairState.foundationCallback.load(ordering: .acquiring), to: SocketCallback.self)
    let previous = RepairState.lastAsked.withLock { asked -> Int32 in
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

  // MARK: - Installing

  extension SocketSourceRepair {
    /// ELF constants (64-bit; `elf.h`).
    private enum ELF {
      static let loadSegment: UInt32 = 1  // PT_LOAD
      static let dynamicSegment: UInt32 = 2  // PT_DYNAMIC
      static let relroSegment: UInt32 = 0x6474_e552  // PT_GNU_RELRO
      static let tagNull: Int64 = 0, tagPLTRelSize: Int64 = 2, tagStringTable: Int64 = 5
      static let tagSymbolTable: Int64 = 6, tagRela: Int64 = 7, tagRelaSize: Int64 = 8
      static let tagStringTableSize: Int64 = 10, tagPLTRel: Int64 = 20, tagJumpRel: Int64 = 23
      #if arch(x86_64)
        static let globalData: UInt32 = 6, jumpSlot: UInt32 = 7  // R_X86_64_GLOB_DAT, _JUMP_SLOT
      #else
        static let globalData: UInt32 = 1025, jumpSlot: UInt32 = 1026  // R_AARCH64_GLOB_DAT, ...
      #endif
    }

    /// Redirects FoundationNetworking's imports of `curl_multi_setopt` to the wrapper; returns
    /// whether at least one was redirected.
    fileprivate static func install() -> Bool {
      guard let global = dlopen(nil, RTLD_NOW),
        let setopt = dlsym(global, "curl_multi_setopt"),
        let dladdrSymbol = dlsym(global, "dladdr")
      else { return false }
      RepairState.realSetopt.store(Int(bitPattern: setopt), ordering: .releasing)
      // The image holding FoundationNetworking: the one that holds URLSession's metadata.
      typealias DLAddr = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Int32
      let dladdr = unsafeBitCast(dladdrSymbol, to: DLAddr.self)
      let info = UnsafeMutableRawPointer.allocate(
        byteCount: 4 * MemoryLayout<UInt>.size, alignment: MemoryLayout<UInt>.alignment)
      defer { info.deallocate() }
      let metadata = unsafeBitCast(URLSession.self as AnyClass, to: UnsafeRawPointer.self)
      // Dl_info: dli_fname, dli_fbase, dli_sname, dli_saddr.
      guard dladdr(metadata, info) != 0,
        let base = info.load(fromByteOffset: MemoryLayout<UInt>.size, as: UnsafeRawPointer?.self)
      else { return false }
      guard
        patch(
          imageAt: base, symbol: "curl_multi_setopt",
          replacement: unsafeBitCast(repairedSetopt, to: UInt.self)) > 0
      else { return false }
      // The write callback's guard (TransferAbort): a refused transfer stops at its next chunk.
      if let easySetopt = dlsym(global, "curl_easy_setopt") {
        RepairState.realEasySetopt.store(Int(bitPattern: easySetopt), ordering: .releasing)
        let redirected = patch(
          imageAt: base, symbol: "curl_easy_setopt",
          replacement: unsafeBitCast(guardedEasySetopt, to: UInt.self))
        RepairState.easySetoptRedirected.store(redirected > 0, ordering: .releasing)
      }
      return true
    }

    /// Points every global-offset-table slot of the image at `base` that imports `symbol` at
    /// `replacement`; returns how many slots were changed.
    private static func patch(
      imageAt base: UnsafeRawPointer, symbol: String, replacement: UInt
    ) -> Int {
      // The ELF header: "\u{7F}ELF", 64-bit, little-endian.
      guard base.load(as: UInt32.self) == 0x464C_457F,
        base.load(fromByteOffset: 4, as: UInt8.self) == 2
      else { return 0 }
      let headersOffset = Int(base.load(fromByteOffset: 32, as: UInt64.self))
      let headerSize = Int(base.load(fromByteOffset: 54, as: UInt16.self))
      let headerCount = Int(base.load(fromByteOffset: 56, as: UInt16.self))
      guard headerSize >= 56, headerCount <= 256, headersOffset < 1 << 20 else { return 0 }
      var lowestLoad: UInt64?
      var dynamic: (address: UInt64, size: UInt64)?
      var relro: [(address: UInt64, size: UInt64)] = []
      for index in 0..<headerCount {
        let header = base + headersOffset + index * headerSize
        let type = header.load(as: UInt32.self)
        let address = header.load(fromByteOffset: 16, as: UInt64.self)
        let size = header.load(fromByteOffset: 40, as: UInt64.self)
        switch type {
        case ELF.loadSegment: lowestLoad = min(lowestLoad ?? address, address)
        case ELF.dynamicSegment: dynamic = (address, size)
        case ELF.relroSegment: relro.append((address, size))
        default: break
        }
      }
      let pageSize = UInt64(max(4_096, sysconf(Int32(_SC_PAGESIZE))))
      guard let lowestLoad, let dynamic else { return 0 }
      let bias = UInt(bitPattern: base) &- UInt(lowestLoad & ~(pageSize - 1))
      func pointer(_ address: UInt64) -> UnsafeRawPointer? {
        UnsafeRawPointer(bitPattern: bias &+ UInt(address))
      }
      // The dynamic section; glibc has already relocated its pointers on these architectures,
      // but a value below the bias is still an offset.
      var tags: [Int64: UInt64] = [:]
      guard let table = pointer(dynamic.address) else { return 0 }
      for index in 0..<Int(min(dynamic.size / 16, 4_096)) {
        let tag = table.load(fromByteOffset: index * 16, as: Int64.self)
        if tag == ELF.tagNull { break }
        tags[tag] = table.load(fromByteOffset: index * 16 + 8, as: UInt64.self)
      }
      func located(_ tag: Int64) -> UnsafeRawPointer? {
        guard let value = tags[tag] else { return nil }
        return value < UInt64(bias) ? pointer(value) : UnsafeRawPointer(bitPattern: UInt(value))
      }
      guard let strings = located(ELF.tagStringTable), let symbols = located(ELF.tagSymbolTable),
        let stringsSize = tags[ELF.tagStringTableSize]
      else { return 0 }
      var relocationTables: [(UnsafeRawPointer, UInt64)] = []
      if let jumps = located(ELF.tagJumpRel), let size = tags[ELF.tagPLTRelSize],
        tags[ELF.tagPLTRel] == UInt64(ELF.tagRela)
      {
        relocationTables.append((jumps, size))
      }
      if let relocations = located(ELF.tagRela), let size = tags[ELF.tagRelaSize] {
        relocationTables.append((relocations, size))
      }
      let wanted = Array(symbol.utf8)
      var patched = 0
      for (relocations, size) in relocationTables where patched == 0 {
        for index in 0..<Int(min(size / 24, 1 << 20)) {
          let entry = relocations + index * 24
          let info = entry.load(fromByteOffset: 8, as: UInt64.self)
          let type = UInt32(truncatingIfNeeded: info)
          guard type == ELF.jumpSlot || type == ELF.globalData else { continue }
          let symbolIndex = Int(info >> 32)
          let nameOffset = UInt64((symbols + symbolIndex * 24).load(as: UInt32.self))
          guard nameOffset + UInt64(wanted.count) < stringsSize,
            memcmp(strings + Int(nameOffset), wanted, wanted.count) == 0,
            strings.load(fromByteOffset: Int(nameOffset) + wanted.count, as: UInt8.self) == 0
          else { continue }
          let offset = entry.load(as: UInt64.self)
          guard let slot = UnsafeMutableRawPointer(mutating: pointer(offset)) else { continue }
          let readOnly = relro.contains { offset >= $0.address && offset < $0.address + $0.size }
          let page = UnsafeMutableRawPointer(
            bitPattern: UInt(bitPattern: slot) & ~UInt(pageSize - 1))
          if readOnly {
            guard mprotect(page, Int(pageSize), PROT_READ | PROT_WRITE) == 0 else { continue }
          }
          slot.storeBytes(of: replacement, as: UInt.self)
          if readOnly { _ = mprotect(page, Int(pageSize), PROT_READ) }
          patched += 1
        }
      }
      return patched
    }
  }
#endif
