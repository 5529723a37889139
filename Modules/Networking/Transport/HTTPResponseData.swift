import Foundation

/// A complete HTTP response as the transport received it, whatever its status.
struct HTTPResponseData: Sendable {
  /// The status code.
  var status: Int
  /// The headers by lowercased name.
  var headers: [String: String]
  /// The body (within the size limit).
  var body: Data
  /// The address that answered (the request's, or where a followed redirect led), when known.
  var url: URL? = nil

  /// The header `name` (case-insensitive).
  func header(_ name: String) -> String? { headers[name.lowercased()] }
}
