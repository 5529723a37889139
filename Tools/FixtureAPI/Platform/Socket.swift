// The only file that touches the platform's sockets (Glibc on Linux, Darwin on Apple systems).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Blocking TCP sockets on IPv4 loopback, as thin as the server needs.
enum Socket {
  /// A listening socket bound to `127.0.0.1:port` (`0` picks a free port) and the bound port.
  static func listenOnLoopback(
    port: UInt16, backlog: Int32
  ) throws(FixtureServerError) -> (
    descriptor: Int32, port: UInt16
  ) {
    #if canImport(Darwin)
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #else
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
    guard fd >= 0 else { throw .socket(operation: "socket", code: errno) }
    var yes: Int32 = 1
    _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))

    var address = loopbackAddress(port: port)
    let bound = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else {
      let code = errno
      Self.close(fd)
      throw .socket(operation: "bind", code: code)
    }
    guard listen(fd, backlog) == 0 else {
      let code = errno
      Self.close(fd)
      throw .socket(operation: "listen", code: code)
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &actual) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(fd, $0, &length)
      }
    }
    guard named == 0 else {
      let code = errno
      Self.close(fd)
      throw .socket(operation: "getsockname", code: code)
    }
    return (fd, UInt16(bigEndian: actual.sin_port))
  }

  /// What `accept` produced.
  enum Accepted {
    /// A new connection's descriptor.
    case connection(Int32)
    /// Out of descriptors or memory for now; try again shortly.
    case transientFailure
    /// The listener was shut down or failed for good.
    case closed
  }

  /// The next connection on `listener`.
  static func accept(_ listener: Int32) -> Accepted {
    while true {
      #if canImport(Darwin)
        let fd = Darwin.accept(listener, nil, nil)
      #elseif canImport(Musl)
        let fd = Musl.accept(listener, nil, nil)
      #else
        let fd = Glibc.accept(listener, nil, nil)
      #endif
      if fd >= 0 {
        configure(connection: fd)
        return .connection(fd)
      }
      switch errno {
      case EINTR, ECONNABORTED, EAGAIN: continue
      case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .transientFailure
      default: return .closed
      }
    }
  }

  /// Sets read and write timeouts so a slow or silent peer cannot hold a thread forever.
  static func setTimeouts(_ fd: Int32, read: Duration, write: Duration) {
    var readTime = makeTimeval(read)
    var writeTime = makeTimeval(write)
    let size = socklen_t(MemoryLayout<timeval>.size)
    _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &readTime, size)
    _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &writeTime, size)
  }

  /// Reads up to `capacity` bytes and appends them to `buffer`: the count, `0` at the end of the
  /// stream, or `nil` on an error or a read timeout.
  static func receive(_ fd: Int32, appendingTo buffer: inout [UInt8], capacity: Int) -> Int? {
    var chunk = [UInt8](repeating: 0, count: capacity)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, capacity, 0) }
      if count > 0 {
        buffer.append(contentsOf: chunk[0..<count])
        return count
      }
      if count == 0 { return 0 }
      if errno == EINTR { continue }
      return nil
    }
  }

  /// Writes every byte; `false` when the peer went away or the write timed out.
  static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return send(fd, base + offset, bytes.count - offset, sendFlags)
      }
      if written > 0 {
        offset += written
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        return false
      }
    }
    return true
  }

  /// Stops both directions, waking any thread blocked on the descriptor.
  static func shutdownBoth(_ fd: Int32) {
    #if canImport(Darwin)
      _ = shutdown(fd, SHUT_RDWR)
    #else
      _ = shutdown(fd, Int32(SHUT_RDWR))
    #endif
  }

  /// Closes the descriptor.
  static func close(_ fd: Int32) {
    #if canImport(Darwin)
      _ = Darwin.close(fd)
    #elseif canImport(Musl)
      _ = Musl.close(fd)
    #else
      _ = Glibc.close(fd)
    #endif
  }

  /// Opens and closes a connection to `127.0.0.1:port`, so a listener blocked in `accept`
  /// notices that the server is stopping (where `shutdown` does not wake it).
  static func wake(port: UInt16) {
    #if canImport(Darwin)
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #else
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
    guard fd >= 0 else { return }
    var address = loopbackAddress(port: port)
    _ = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    close(fd)
  }

  /// The system's text for `errno` value `code`.
  static func errorMessage(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }

  // MARK: - Private

  private static func loopbackAddress(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
    return address
  }

  #if canImport(Darwin)
    private static let sendFlags: Int32 = 0
  #else
    private static let sendFlags = Int32(MSG_NOSIGNAL)
  #endif

  private static func configure(connection fd: Int32) {
    var yes: Int32 = 1
    let size = socklen_t(MemoryLayout<Int32>.size)
    _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, size)
    #if canImport(Darwin)
      _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, size)
    #endif
  }

  private static func makeTimeval(_ duration: Duration) -> timeval {
    let (seconds, attoseconds) = duration.components
    #if canImport(Darwin)
      return Darwin.timeval(
        tv_sec: Int(seconds), tv_usec: Int32(attoseconds / 1_000_000_000_000))
    #else
      return timeval(
        tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
    #endif
  }
}
