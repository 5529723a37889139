import Foundation
import Synchronization
import UseCases

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The session's delegate: collects each transfer's response and body, enforces the size
/// limit as bytes arrive, and decides redirects.
///
/// Redirects: only a `GET` to the same scheme, host and port is followed (URLSession would
/// otherwise copy every header to any host and turn a `POST` into a `GET`). Any other redirect
/// is refused, so the `3xx` response itself is the answer and the client reports its status.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
  private struct Transfer {
    var completion: TransferCompletion
    var limit: Int
    var response: HTTPURLResponse?
    var body = Data()
  }

  private let transfers = Mutex<[Int: Transfer]>([:])

  /// Tracks `task` (before it is resumed); its outcome goes to `completion`.
  func register(_ task: URLSessionTask, limit: Int, completion: TransferCompletion) {
    transfers.withLock { $0[task.taskIdentifier] = Transfer(completion: completion, limit: limit) }
  }

  // MARK: - URLSessionDataDelegate

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let id = dataTask.taskIdentifier
    let tooLarge = transfers.withLock { transfers -> (TransferCompletion, Int)? in
      guard var transfer = transfers[id] else { return nil }
      transfer.response = response as? HTTPURLResponse
      if response.expectedContentLength > Int64(transfer.limit) {
        transfers[id] = nil
        return (transfer.completion, transfer.limit)
      }
      transfers[id] = transfer
      return nil
    }
    if let (completion, limit) = tooLarge {
      completion.finish(.failure(.tooLarge(limit: limit)))
      completionHandler(.cancel)
      return
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let id = dataTask.taskIdentifier
    let overflow = transfers.withLock { transfers -> (TransferCompletion, Int)? in
      guard var transfer = transfers[id] else { return nil }
      guard transfer.body.count + data.count <= transfer.limit else {
        transfers[id] = nil
        return (transfer.completion, transfer.limit)
      }
      transfer.body.append(data)
      transfers[id] = transfer
      return nil
    }
    if let (completion, limit) = overflow {
      completion.finish(.failure(.tooLarge(limit: limit)))
      dataTask.cancel()
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) })
    else { return }
    if let error {
      transfer.completion.finish(.failure(Self.apiError(for: error)))
      return
    }
    guard let response = transfer.response ?? (task.response as? HTTPURLResponse) else {
      transfer.completion.finish(.failure(.noConnection))
      return
    }
    var headers: [String: String] = [:]
    for (name, value) in response.allHeaderFields {
      if let name = name as? String, let value = value as? String {
        headers[name.lowercased()] = value
      }
    }
    transfer.completion.finish(
      .success(HTTPResponseData(status: response.statusCode, headers: headers, body: transfer.body))
    )
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    guard let original = task.originalRequest, original.httpMethod == "GET",
      let from = original.url, let to = request.url, Self.sameOrigin(from, to)
    else {
      completionHandler(nil)
      return
    }
    completionHandler(request)
  }

  // MARK: - Private

  static func sameOrigin(_ lhs: URL, _ rhs: URL) -> Bool {
    lhs.scheme?.lowercased() == rhs.scheme?.lowercased()
      && lhs.host?.lowercased() == rhs.host?.lowercased() && lhs.port == rhs.port
  }

  /// The typed error for a transport failure.
  static func apiError(for error: any Error) -> APIError {
    guard let urlError = error as? URLError else { return .noConnection }
    switch urlError.code {
    case .timedOut: return .timeout
    case .cancelled: return .cancelled
    default: return .noConnection
    }
  }
}
