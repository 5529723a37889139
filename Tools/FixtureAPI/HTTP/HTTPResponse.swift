/// An answer to write, and how to deliver it (faults change the delivery).
struct HTTPResponse: Sendable {
  /// How the response reaches the client.
  enum Delivery: Sendable, Equatable {
    /// Head and body, framed by `Content-Length`.
    case normal
    /// Nothing at all: the connection is closed.
    case drop
    /// The head with the full `Content-Length`, half the body, then the connection is closed.
    case truncate
    /// The head without `Content-Length`, the body, then the connection is closed.
    case closeDelimited
    /// The head without `Content-Length`, then the body again and again until the client goes
    /// away or the server stops.
    case endless
    /// A status line, then the body (header lines) again and again, never the blank line that
    /// ends a head, until the client goes away or the server stops.
    case endlessHead
    /// The head with this `Content-Length` as written, the body, then the connection is closed.
    case declaredLength(String)
    /// A line that is not HTTP, then the connection is closed.
    case notHTTP
  }

  var status: Int
  var headers: [(name: String, value: String)]
  var body: [UInt8]
  var delivery: Delivery = .normal

  init(
    status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
    delivery: Delivery = .normal
  ) {
    self.status = status
    self.headers = headers
    self.body = body
    self.delivery = delivery
  }

  /// A JSON answer.
  static func json(
    _ status: Int, _ body: [UInt8], headers: [(name: String, value: String)] = []
  )
    -> HTTPResponse
  {
    HTTPResponse(
      status: status, headers: [("Content-Type", "application/json; charset=utf-8")] + headers,
      body: body)
  }

  /// A JSON error answer: `{"error": message}`, with `"field": PATH` when `field` names the
  /// input the refusal is about.
  static func error(_ status: Int, _ message: String, field: String? = nil) -> HTTPResponse {
    guard let field else { return .json(status, Array(#"{"error":"\#(escape(message))"}"#.utf8)) }
    return .json(
      status, Array(#"{"error":"\#(escape(message))","field":"\#(escape(field))"}"#.utf8))
  }

  /// The bytes on the wire for `keepAlive`, or `nil` for ``Delivery/drop``.
  ///
  /// A connection kept alive is said only to an HTTP/1.0 client (`isHTTP10`): to HTTP/1.1 it is
  /// the default, and a line less is a callback less for the client (FoundationNetworking
  /// re-arms a timer for each header line).
  func serialized(keepAlive: Bool, isHTTP10: Bool = false) -> [UInt8]? {
    var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    let bodyAllowed = status != 204 && status != 304 && !(100..<200).contains(status)
    switch delivery {
    case .drop:
      return nil
    case .normal:
      if bodyAllowed { head += "Content-Length: \(body.count)\r\n" }
      if !keepAlive {
        head += "Connection: close\r\n"
      } else if isHTTP10 {
        head += "Connection: keep-alive\r\n"
      }
      return Array((head + "\r\n").utf8) + (bodyAllowed ? body : [])
    case .truncate:
      head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
      return Array(head.utf8) + body.prefix(body.count / 2)
    case .closeDelimited, .endless:
      head += "Connection: close\r\n\r\n"
      return Array(head.utf8) + body
    case .declaredLength(let length):
      head += "Content-Length: \(length)\r\nConnection: close\r\n\r\n"
      return Array(head.utf8) + body
    case .notHTTP:
      return Array("HELLO FROM NOT-HTTP\r\n\r\n".utf8)
    case .endlessHead:
      return Array("HTTP/1.1 \(status) \(Self.reason(status))\r\n".utf8) + body
    }
  }

  /// Whether the server sends ``body`` again and again after the serialized bytes.
  var repeatsBody: Bool { delivery == .endless || delivery == .endlessHead }

  /// Whether the connection must close after this response whatever the request asked.
  var closesConnection: Bool { delivery != .normal }

  static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 201: "Created"
    case 302: "Found"
    case 304: "Not Modified"
    case 400: "Bad Request"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 409: "Conflict"
    case 413: "Content Too Large"
    case 415: "Unsupported Media Type"
    case 422: "Unprocessable Content"
    case 429: "Too Many Requests"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 503: "Service Unavailable"
    case 505: "HTTP Version Not Supported"
    default: "Status"
    }
  }

  private static func escape(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case _ where scalar.value < 0x20: result += " "
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
