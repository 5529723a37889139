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

  private func parseHead(
    _ bytes: ArraySlice<UInt8>
  ) -> Result<
    (request: HTTPRequest, bodyLength: Int), Refusal
  > {
    let text = String(decoding: bytes, as: UTF8.self)
    let lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
    guard let requestLine = lines.first else { return .failure(Refusal(400, "empty request")) }
    let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(Self.isTokenCharacter) else {
      return .failure(Refusal(400, "malformed request line"))
    }
    let method = String(parts[0])
    let target = parts[1]
    let version = parts[2]
    guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
      if version.hasPrefix("HTTP/") { return .failure(Refusal(505, "only HTTP/1.x is served")) }
      return .failure(Refusal(400, "malformed request line"))
    }
    guard target.first == "/", !target.contains(where: { $0.isWhitespace }) else {
      return .failure(Refusal(400, "the request target must be a path"))
    }

    var headers: [(name: String, value: String)] = []
    for line in lines.dropFirst() {
      guard headers.count < maxHeaderCount else {
        return .failure(Refusal(431, "more than \(maxHeaderCount) headers"))
      }
      guard let colon = line.firstIndex(of: ":"), line.first != " ", line.first != "\t" else {
        return .failure(Refusal(400, "malformed header line"))
      }
      let name = line[..<colon]
      guard !name.isEmpty, name.allSatisfy(Self.isTokenCharacter) else {
        return .failure(Refusal(400, "malformed header name"))
      }
      let value = Self.trimmed(line[line.index(after: colon)...])
      headers.append((String(name), value))
    }

    let request = HTTPRequest(
      method: method, path: Self.path(of: target), query: Self.query(of: target),
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
    let tokens = connection.split(separator: ",").map { Self.trimmed($0) }
    var result = request
    result.keepAlive =
      version == "HTTP/1.1" ? !tokens.contains("close") : tokens.contains("keep-alive")
    return .success((result, bodyLength))
  }

  private static func isTokenCharacter(_ character: Character) -> Bool {
    guard character.isASCII, let value = character.asciiValue, value > 32, value < 127 else {
      return false
    }
    return !"()<>@,;:\\\"/[]?={}".contains(character)
  }

  private static func path(of target: Substring) -> String {
    let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
    return path.removingPercentEncoding ?? String(path)
  }

  private static func query(of target: Substring) -> [String: String] {
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2 else { return [:] }
    var result: [String: String] = [:]
    for pair in parts[1].split(separator: "&") {
      let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let key = String(keyValue[0]).replacingOccurrences(of: "+", with: " ")
      let value = keyValue.count == 2 ? String(keyValue[1]) : ""
      let decodedKey = key.removingPercentEncoding ?? key
      let decodedValue =
        value.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? value
      if result[decodedKey] == nil { result[decodedKey] = decodedValue }
    }
    return result
  }

  private static func trimmed(_ text: Substring) -> String {
    var slice = text
    while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
    while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
    return String(slice)
  }
}
