import Foundation

/// Reads HTTP/1.1 requests from the bytes received so far on a connection, within limits.
///
/// Feed it the connection's buffer after every read: it answers ``Outcome/needMore`` until a
/// whole request (head and `Content-Length` body) is there. It remembers how far it has scanned
/// for the end of the head, so a client sending one byte at a time costs linear work.
struct HTTPRequestParser {
  /// What the buffer holds.
  enum Outcome {
    /// Not a whole request yet.
    case needMore
    /// A request, and how many bytes of the buffer it used.
    case request(HTTPRequest, consumed: Int)
    /// A request the server refuses; answer this and close the connection.
    case invalid(HTTPResponse)
  }

  /// The largest head (request line and headers) accepted.
  var maxHeadBytes = 64 * 1024
  /// The largest body accepted.
  var maxBodyBytes = 1024 * 1024
  /// The most header lines accepted.
  var maxHeaderCount = 100

  private var scannedUpTo = 0
  private var head: (request: HTTPRequest, headLength: Int, bodyLength: Int)?

  /// Parses what `buffer` holds; call ``reset()`` after removing a request's bytes.
  mutating func parse(_ buffer: [UInt8]) -> Outcome {
    if head == nil {
      // A request starts with its method (empty lines before it are allowed). Anything else,
      // such as a TLS handshake sent to this plain-HTTP server, is refused at once rather than
      // waited on for a head that will never end.
      if let first = buffer.first(where: { $0 != 13 && $0 != 10 }), !Self.isTokenByte(first) {
        return .invalid(
          .error(400, "this server speaks plain HTTP: a request starts with its method"))
      }
      guard let end = findHeadEnd(in: buffer) else {
        if buffer.count > maxHeadBytes {
          return .invalid(.error(431, "request head larger than \(maxHeadBytes) bytes"))
        }
        return .needMore
      }
      guard end <= maxHeadBytes else {
        return .invalid(.error(431, "request head larger than \(maxHeadBytes) bytes"))
      }
      switch parseHead(buffer[0..<end]) {
      case .success(let parsed): head = (parsed.request, end + 4, parsed.bodyLength)
      case .failure(let refusal): return .invalid(refusal.response)
      }
    }
    guard let head else { return .needMore }
    let total = head.headLength + head.bodyLength
    guard buffer.count >= total else { return .needMore }
    var request = head.request
    request.body = Array(buffer[head.headLength..<total])
    return .request(request, consumed: total)
  }

  /// Forgets the request just returned, ready for the next one on the connection.
  mutating func reset() {
    scannedUpTo = 0
    head = nil
  }

  // MARK: - Private

  private struct Refusal: Error {
    var response: HTTPResponse
    init(_ status: Int, _ message: String) { response = .error(status, message) }
  }

  private mutating func findHeadEnd(in buffer: [UInt8]) -> Int? {
    let terminator: [UInt8] = [13, 10, 13, 10]
    var index = max(0, scannedUpTo - 3)
    while index + 4 <= buffer.count {
      if buffer[index] == 13, buffer[index..<index + 4].elementsEqual(terminator) {
        return index
      }
      index += 1
    }
    scannedUpTo = buffer.count
    return nil
  }

  /// Parses the head (without its blank line) in bytes: HTTP heads are ASCII, and reading them
  /// as `Character`s (with Foundation's percent decoding through `NSString`) costs far more per
  /// request.
  private func parseHead(
    _ bytes: ArraySlice<UInt8>
  ) -> Result<
    (request: HTTPRequest, bodyLength: Int), Refusal
  > {
    let lines = Self.lines(of: bytes)
    guard let requestLine = lines.first, !requestLine.isEmpty else {
      return .failure(Refusal(400, "empty request"))
    }
    let parts = requestLine.split(separator: Self.space, omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(Self.isTokenByte) else {
      return .failure(Refusal(400, "malformed request line"))
    }
    let method = String(decoding: parts[0], as: UTF8.self)
    let target = parts[1]
    let version = String(decoding: parts[2], as: UTF8.self)
    guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
      if version.hasPrefix("HTTP/") { return .failure(Refusal(505, "only HTTP/1.x is served")) }
      return .failure(Refusal(400, "malformed request line"))
    }
    guard target.first == UInt8(ascii: "/"), !Self.containsWhitespace(target) else {
      return .failure(Refusal(400, "the request target must be a path"))
    }

    var headers: [(name: String, value: String)] = []
    for line in lines.dropFirst() {
      guard headers.count < maxHeaderCount else {
        return .failure(Refusal(431, "more than \(maxHeaderCount) headers"))
      }
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")), let first = line.first,
        first != Self.space, first != Self.tab
      else {
        return .failure(Refusal(400, "malformed header line"))
      }
      let name = line[..<colon]
      guard !name.isEmpty, name.allSatisfy(Self.isTokenByte) else {
        return .failure(Refusal(400, "malformed header name"))
      }
      let value = Self.trimmed(line[(colon + 1)...])
      headers.append(
        (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
    }

    let pathAndQuery = target.split(
      separator: UInt8(ascii: "?"), maxSplits: 1, omittingEmptySubsequences: false)
    let request = HTTPRequest(
      method: method, path: Self.decoded(pathAndQuery[0]),
      query: pathAndQuery.count == 2 ? Self.query(pathAndQuery[1]) : [:],
      headers: headers, body: [], keepAlive: true)
    if request.header("Transfer-Encoding") != nil {
      return .failure(Refusal(501, "Transfer-Encoding is not supported; send Content-Length"))
    }
    let lengths = headers.filter { $0.name.lowercased() == "content-length" }.map(\.value)
    var bodyLength = 0
    if let first = lengths.first {
      guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.count <= 18,
        first.allSatisfy({ $0.isASCII && $0.isNumber }), let length = Int(first)
      else { return .failure(Refusal(400, "malformed Content-Length")) }
      guard length <= maxBodyBytes else {
        return .failure(Refusal(413, "request body larger than \(maxBodyBytes) bytes"))
      }
      bodyLength = length
    }
    let connection = (request.header("Connection") ?? "").lowercased()
    let tokens = connection.split(separator: ",").map {
      String(decoding: Self.trimmed(ArraySlice($0.utf8)), as: UTF8.self)
    }
    var result = request
    result.isHTTP10 = version == "HTTP/1.0"
    result.keepAlive = result.isHTTP10 ? tokens.contains("keep-alive") : !tokens.contains("close")
    return .success((result, bodyLength))
  }

  private static let space = UInt8(ascii: " ")
  private static let tab = UInt8(ascii: "\t")

  private static func lines(of bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
    var lines: [ArraySlice<UInt8>] = []
    var start = bytes.startIndex
    var index = start
    while index < bytes.endIndex {
      if bytes[index] == 13, index + 1 < bytes.endIndex, bytes[index + 1] == 10 {
        lines.append(bytes[start..<index])
        index += 2
        start = index
      } else {
        index += 1
      }
    }
    lines.append(bytes[start..<bytes.endIndex])
    return lines
  }

  /// A token character of RFC 9110: visible ASCII except the separators.
  private static func isTokenByte(_ byte: UInt8) -> Bool {
    byte < 128 && tokenBytes[Int(byte)]
  }

  private static let tokenBytes: [Bool] = {
    let separators = Set("()<>@,;:\\\"/[]?={}".utf8)
    return (0..<128).map { byte in byte > 32 && byte < 127 && !separators.contains(UInt8(byte)) }
  }()

  /// Whether the target holds white space: any ASCII control or space, or (in UTF-8 beyond
  /// ASCII) a Unicode white-space character such as a no-break space.
  private static func containsWhitespace(_ target: ArraySlice<UInt8>) -> Bool {
    if target.contains(where: { $0 <= 32 || $0 == 127 }) { return true }
    guard target.contains(where: { $0 >= 128 }) else { return false }
    return String(decoding: target, as: UTF8.self).contains(where: \.isWhitespace)
  }

  /// `bytes` with `%XX` escapes decoded; as sent when an escape is broken or the result is not
  /// UTF-8 (what `removingPercentEncoding` refuses).
  private static func decoded(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool = false) -> String {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < bytes.endIndex, let high = hexValue(bytes[index + 1]),
          let low = hexValue(bytes[index + 2])
        else { return String(decoding: bytes, as: UTF8.self) }
        result.append(high << 4 | low)
        index += 3
      } else {
        result.append(plusIsSpace && byte == UInt8(ascii: "+") ? space : byte)
        index += 1
      }
    }
    return String(validating: result, as: UTF8.self) ?? String(decoding: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// The parameters of a query (`room=2&x=a+b`), decoded; the first of repeated names wins.
  private static func query(_ bytes: ArraySlice<UInt8>) -> [String: String] {
    var result: [String: String] = [:]
    for pair in bytes.split(separator: UInt8(ascii: "&")) {
      let keyValue = pair.split(
        separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
      let key = decoded(keyValue[0], plusIsSpace: true)
      let value = keyValue.count == 2 ? decoded(keyValue[1], plusIsSpace: true) : ""
      if result[key] == nil { result[key] = value }
    }
    return result
  }

  private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var slice = bytes
    while let first = slice.first, first == space || first == tab { slice = slice.dropFirst() }
    while let last = slice.last, last == space || last == tab { slice = slice.dropLast() }
    return slice
  }
}
