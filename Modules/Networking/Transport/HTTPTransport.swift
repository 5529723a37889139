import Foundation
import UseCases

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One `URLSession` (so connections are kept alive and reused) and the rules Linux needs:
/// an overall deadline raced against the injected clock, never cancelling an in-flight
/// transfer (swift-corelibs-foundation issue 5412), and the size limit as bytes arrive.
///
/// Making one is the slowest step of a client on Linux (about 2 ms: `URLSessionConfiguration`
/// sets up the shared cookie storage and URL cache, `URLSession` sets up libcurl), and it needs
/// no base URL, so a host that learns its base URL late (the CLI starts its fixture API first)
/// can make the transport on another thread at once and hand it to
/// ``APIClient/init(configuration:dependencies:cache:transport:)``.
///
/// ```swift
/// let making = Task.detached { HTTPTransport(timeout: .seconds(10)) }
/// // ... start the server, learn its URL ...
/// let client = APIClient(configuration: configuration, dependencies: dependencies,
///                        cache: cache, transport: await making.value)
/// ```
public final class HTTPTransport: Sendable {
  private let session: URLSession
  private let delegate: SessionDelegate
  private let deadlines = TransferDeadlines()
  /// Where transfers are made and resumed.
  private static let starting = DispatchQueue(label: "Networking.HTTPTransport.start")
  /// The longest attempt this transport was made for (its `URLSession`'s backstop follows it).
  let timeout: Duration
  /// The largest body accepted, in bytes.
  let maxResponseBytes: Int

  /// Makes the session for attempts of at most `timeout` (the deadline itself is raced in each
  /// send; the session's own timeout is a backstop 2 s behind it) and bodies of at most
  /// `maxResponseBytes`.
  ///
  /// Use the values of the ``APIConfiguration`` it will serve.
  ///
  /// The session is URLSession as it is: nothing of FoundationNetworking is changed. On Linux
  /// that means swift-corelibs-foundation's bugs are the host's unless it opts in to
  /// `NetworkingRepair` (`URLSessionRepair.install()` at start-up): without it a request on a
  /// new connection keeps a CPU core busy while it waits for its answer, a head of thousands of
  /// lines costs CPU quadratic in their number before it is read, a refused body is read on
  /// until the cancellation gets through, and a proxy in the environment also takes requests to
  /// loopback hosts. Docs/Platform.md has the details.
  public init(
    timeout: Duration, maxResponseBytes: Int = APIConfiguration.defaultMaxResponseBytes
  ) {
    self.timeout = timeout
    let configuration = URLSessionConfiguration.ephemeral
    // URLSession's own timeout is whole seconds and reset by every byte on Linux: only a
    // backstop behind the deadline raced in `send`.
    let seconds = Double(timeout.components.seconds) + 2
    configuration.timeoutIntervalForRequest = seconds
    configuration.timeoutIntervalForResource = seconds
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.httpMaximumConnectionsPerHost = 6
    #if canImport(FoundationNetworking)
      // swift-corelibs-foundation: each delegate call at once, on libcurl's thread (DelegateQueue).
      let queue: OperationQueue = DelegateQueue(label: "Networking.HTTPTransport")
    #else
      // Apple's URLSession may add operations rather than blocks: Foundation's queue as it is.
      let queue = OperationQueue()
      queue.maxConcurrentOperationCount = 1
      queue.name = "Networking.HTTPTransport"
    #endif
    let delegate = SessionDelegate()
    self.delegate = delegate
    self.maxResponseBytes = maxResponseBytes
    session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
  }

  deinit {
    session.finishTasksAndInvalidate()
  }

  /// Sends `request` and returns its response, or the first of: a transport error, the deadline
  /// `timeout` on `clock` passing (``APIError/timeout``), the body exceeding the size limit, a
  /// guard's refusal (``TransferCompletion/resuming``), or the calling task being cancelled
  /// (``APIError/cancelled``).
  ///
  /// A transfer that loses the race runs to its end in the background and its result is dropped.
  ///
  /// libcurl sends a request again on its own, on a new connection, when a kept-alive connection
  /// it reused closes before any answer. A body given as `httpBody` cannot be sent again
  /// (Foundation 6.3 sends the head alone and the transfer waits for the deadline), so a body
  /// goes as a stream with its `Content-Length`, and the delegate gives it again when asked
  /// if `mayResend` (a `GET`, or a `POST` with its idempotency key); otherwise that attempt
  /// fails at once as ``APIError/connectionFailed(_:)``.
  func send(
    _ request: URLRequest, timeout: Duration, clock: any Clock<Duration>, mayResend: Bool = true
  ) async -> Result<
    HTTPResponseData, APIError
  > {
    if Task.isCancelled { return .failure(.cancelled) }
    var request = request
    var upload: SessionDelegate.Upload?
    if let body = request.httpBody {
      upload = SessionDelegate.Upload(body: body, mayResend: mayResend)
      request.httpBody = nil
      request.httpBodyStream = InputStream(data: body)
      request.setValue(String(body.count), forHTTPHeaderField: "Content-Length")
      // A header of blanks only is not sent; it stops libcurl from choosing chunked encoding
      // for a body of unknown length.
      request.setValue(" ", forHTTPHeaderField: "Transfer-Encoding")
    }
    let completion = TransferCompletion()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        guard completion.install(continuation) else { return }
        deadlines.schedule(completion, after: timeout, on: clock)
        // Making and resuming a task wait for URLSession's work queue, which is busy with every
        // other transfer: on a queue of their own, not on a thread of the cooperative pool.
        Self.starting.async { [self, request, upload] in
          guard !completion.isFinished else { return }
          let task = session.dataTask(with: request)
          delegate.register(task, limit: maxResponseBytes, completion: completion, upload: upload)
          // FoundationNetworking makes the transfer's libcurl handle in `resume()`, on this
          // thread.
          TransferCompletion.$resuming.withValue(completion) { task.resume() }
        }
      }
    } onCancel: {
      completion.finish(.failure(.cancelled))
    }
  }
}
