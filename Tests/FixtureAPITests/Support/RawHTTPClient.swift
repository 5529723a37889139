// A raw TCP client for the fixture's tests: sends exact bytes (malformed ones too) and reads what
// comes back until the server closes. The only test file that touches the platform's sockets.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a raw exchange produced.
struct RawExchange: Sendable {
  /// Every byte received until the server closed (or the client gave up waiting).
  var received: [UInt8]
  /// Whether the server closed the connection (rather than the wait running out).
  var closedByServer: Bool

  /// The received bytes as text.
  var text: String { String(decoding: received, as: UTF8.self) }

  /// The responses' status codes, in order (a body's text is not mistaken for a status line
  /// in these tests' small bodies; large bodies are padding without `HTTP/1.1`).
  var statuses: [Int] {
    text.components(separatedBy: "HTTP/1.1 ").dropFirst().compactMap { Int($0.prefix(3)) }
  }

  /// The first response's body (after the blank line).
  var body: [UInt8] {
    guard let end = headEnd else { return [] }
    return Array(received[(end + 4)...])
  }

  /// The first response's header `name` (case-insensitive).
  func header(_ name: String) -> String? {
    guard let end = headEnd else { return nil }
    let head = String(decoding: received[0..<end], as: UTF8.self)
    for line in head.components(separatedBy: "\r\n").dropFirst() {
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2, parts[0].lowercased() == name.lowercased() {
        return parts[1].trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }

  private var headEnd: Int? {
    guard received.count >= 4 else { return nil }
    for index in 0...(received.count - 4)
    where received[index] == 13 && received[index + 1] == 10 && received[index + 2] == 13
      && received[index + 3] == 10
    {
      return index
    }
    return nil
  }
}

/// Sends and receives raw bytes on its own thread, so tests never block the cooperative pool.
enum RawHTTPClient {
  /// Connects to `127.0.0.1:port`, sends `chunks` in order (closing the connection early when
  /// `abortAfterSending` is set), and reads until the server closes or `wait` passes in silence.
  ///
  /// Every test here expects the server to close, so `wait` is only a deadline: it is long, as a
  /// parallel run on a 2-core machine can keep a thread from running for seconds.
  static func exchange(
    port: UInt16, _ chunks: [[UInt8]], abortAfterSending: Bool = false,
    wait: TimeInterval = 120
  ) async -> RawExchange {
    await withCheckedContinuation { continuation in
      Thread {
        continuation.resume(
          returning: run(port: port, chunks, abort: abortAfterSending, wait: wait))
      }.start()
    }
  }

  /// Sends one request text.
  static func exchange(port: UInt16, _ text: String, wait: TimeInterval = 120) async -> RawExchange
  {
    await exchange(port: port, [Array(text.utf8)], wait: wait)
  }

  /// Whether a connection to `127.0.0.1:port` is accepted.
  static func canConnect(port: UInt16) -> Bool {
    let fd = makeSocket()
    defer { closeSocket(fd) }
    return connectLoopback(fd, port: port)
  }

  private static func run(
    port: UInt16, _ chunks: [[UInt8]], abort: Bool, wait: TimeInterval
  )
    -> RawExchange
  {
    let fd = makeSocket()
    defer { closeSocket(fd) }
    guard connectLoopback(fd, port: port) else {
      return RawExchange(received: [], closedByServer: true)
    }
    var timeout = timeval(tv_sec: Int(wait), tv_usec: 0)
    _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    for chunk in chunks {
      _ = chunk.withUnsafeBytes { send(fd, $0.baseAddress, chunk.count, 0) }
    }
    if abort { return RawExchange(received: [], closedByServer: false) }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let deadline = ContinuousClock.now + .seconds(wait)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 65_536, 0) }
      if count > 0 {
        received += buffer[0..<count]
      } else if count < 0, errno == EINTR, ContinuousClock.now < deadline {
        // A socket with a receive timeout is never restarted after a signal (signal(7)), and
        // this process's other tests start and end children all the time.
        continue
      } else {
        return RawExchange(received: received, closedByServer: count == 0 || errno == ECONNRESET)
      }
    }
  }

  private static func makeSocket() -> Int32 {
    #if canImport(Darwin)
      socket(AF_INET, SOCK_STREAM, 0)
    #else
      socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    #endif
  }

  private static func connectLoopback(_ fd: Int32, port: UInt16) -> Bool {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
    return withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
  }

  private static func closeSocket(_ fd: Int32) {
    _ = close(fd)
  }
}
