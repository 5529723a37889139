import Domain
import Foundation
import UseCases

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension APIClient {
  /// `POST {action_url}` for a field computed by the server (SPEC section 6).
  ///
  /// `action_url` is resolved against the base URL as a link would be (RFC 3986: `/path` from
  /// the host, `path` from the base's last `/`); it must stay on the base URL's origin (scheme,
  /// host and port), so a schema cannot send form data elsewhere, and the loopback rule holds.
  /// Tried again as a `GET` is (up to ``APIConfiguration/maxRetries`` times on a connection
  /// error, a 5xx or a 429, with backoff and jitter or the server's `Retry-After`, on the
  /// injected clock): it has no side effect. What still fails shows on the field with a retry.
  func calculate(
    _ request: RemoteCalculationRequest, language: Language
  ) async throws(RemoteCalculationError) -> FormValue {
    let url = try Self.resolve(request.url, against: configuration.baseURL)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let body: Data
    do {
      body = try encoder.encode(
        CalculationRequestDTO(
          field: request.path.rawValue, inputs: request.inputs.mapValues(JSONScalar.init)))
    } catch {
      throw .failed(.undecodable(.invalidValue(path: nil)))
    }
    var urlRequest = URLRequest(url: url)
    urlRequest.httpMethod = "POST"
    urlRequest.httpBody = body
    urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
    urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
    urlRequest.setValue(language.rawValue, forHTTPHeaderField: "Accept-Language")
    // A calculation changes nothing on the server: it is tried again as a GET is (a 5xx, a
    // 429, a dropped connection). A stale answer is still dropped by the caller's generation
    // counter (`RemoteFieldCoordinator`), however many tries it took.
    let response: HTTPResponseData
    do throws(APIError) {
      response = try await send(urlRequest, repeatable: true)
    } catch {
      throw .failed(error)
    }
    switch response.status {
    case let status where APIClient.isWholeAnswer(status):
      guard !response.body.isEmpty else { throw .failed(.emptyAnswer(status: response.status)) }
      guard Self.isJSON(response) else {
        throw .failed(.wrongContentType(APIClient.contentType(of: response)))
      }
      do throws(APIError) {
        return try PayloadDecoder.decode(CalculationAnswerDTO.self, from: response.body).value
          .formValue
      } catch {
        throw .failed(error)
      }
    case 400..<500:
      guard let message = ServerRefusal.message(in: response) else {
        throw .failed(APIClient.statusError(response))
      }
      throw .refused(message, field: ServerRefusal.field(in: response))
    default:
      throw .failed(APIClient.statusError(response))
    }
  }

  /// `actionURL` resolved against `baseURL`, when it stays on the base's origin and passes the
  /// base URL's check (``APIConfiguration/validate(baseURL:)``).
  /// - Throws: ``UseCases/RemoteCalculationError/failed(_:)`` with
  ///   ``UseCases/APIError/ipv6Literal(_:)`` for an IPv6 address on Linux (said for what it is,
  ///   not as another origin), ``UseCases/APIError/insecureURL(_:)`` naming `actionURL` otherwise.
  static func resolve(
    _ actionURL: String, against baseURL: URL
  ) throws(RemoteCalculationError) -> URL {
    let trimmed = actionURL.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, trimmed.count <= 2_048,
      let url = URL(string: trimmed, relativeTo: baseURL)?.absoluteURL
    else { throw .failed(.insecureURL(actionURL)) }
    do throws(APIError) {
      try APIConfiguration.validate(baseURL: url)
    } catch {
      if case .ipv6Literal = error { throw .failed(error) }
      throw .failed(.insecureURL(actionURL))
    }
    guard url.scheme?.lowercased() == baseURL.scheme?.lowercased(),
      url.host?.lowercased() == baseURL.host?.lowercased(),
      effectivePort(url) == effectivePort(baseURL), url.user == nil, url.password == nil
    else { throw .failed(.insecureURL(actionURL)) }
    return url
  }

  private static func effectivePort(_ url: URL) -> Int? {
    if let port = url.port { return port }
    switch url.scheme?.lowercased() {
    case "http": return 80
    case "https": return 443
    default: return nil
    }
  }

  /// Whether `response` says its body is JSON (`application/json` or a `+json` type).
  static func isJSON(_ response: HTTPResponseData) -> Bool {
    let value = response.header("Content-Type") ?? ""
    let mediaType = value.split(separator: ";", maxSplits: 1).first.map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    }
    guard let mediaType else { return false }
    return mediaType == "application/json" || mediaType.hasSuffix("+json")
  }
}

extension RemoteCalculator {
  /// The form's server calculations over HTTP through `client` (SPEC section 6): `POST
  /// {action_url}` on the API's origin; a 4xx `{"error": "message", "field": PATH}` is
  /// ``UseCases/RemoteCalculationError/refused(_:)``, anything else that fails is
  /// ``UseCases/RemoteCalculationError/failed(_:)``.
  public static func live(client: APIClient) -> RemoteCalculator {
    RemoteCalculator { request, language throws(RemoteCalculationError) in
      try await client.calculate(request, language: language)
    }
  }
}
