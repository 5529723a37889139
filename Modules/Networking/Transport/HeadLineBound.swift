import Synchronization
import UseCases

/// Refuses an answer whose head has more than ``maxLines`` lines, on Linux, as libcurl passes
/// them, before swift-corelibs-foundation's cost of keeping them grows: Foundation 6.3 copies
/// its array of the head's lines for every line libcurl passes
/// (`_ParsedResponseHeader.byAppending(headerLine:)`), so a head of n lines costs O(n²) CPU
/// (measured: 10 000 short lines 2.2 s, 20 000 lines 8.8 s, release build) before any code of
/// ours sees a line. Docs/Platform.md, "Thousands of header lines", has the figures.
///
/// The bound is on lines, not bytes: the cost is per line (libcurl already caps a head's bytes,
/// and a head of a few long lines costs nothing much), and a real API sends tens of lines; 1 000
/// cost a few milliseconds. A refused transfer ends with
/// ``UseCases/APIError/tooManyHeaderLines(limit:)``, which is not tried again (it is the
/// server's answer).
///
/// How: ``SocketSourceRepair`` already redirects FoundationNetworking's import of
/// `curl_easy_setopt`. When a transfer of an ``HTTPTransport`` is resumed (inside
/// ``watching(_:_:)``), FoundationNetworking makes its easy handle synchronously on the calling
/// thread and sets its header callback; the redirect then gives libcurl this file's callback in
/// its place for that handle only, and records the handle's user data (its
/// `CURLOPT_HEADERDATA`, FoundationNetworking's easy handle object) with the transfer's
/// ``Watch``. The callback counts the lines of each head (a blank line ends one: a `100
/// Continue` or a followed redirect starts again at 0), hands each to FoundationNetworking's
/// callback, and at line ``maxLines`` + 1 finishes the transfer's outcome with the refusal and
/// returns 0 bytes taken, so libcurl aborts the transfer (`CURLE_WRITE_ERROR`) and closes its
/// connection. The watch ends when the task completes (``Watch/end()``).
///
/// Every other session of the process (a host's own `URLSession`, an ``HTTPTransport`` made with
/// `repairsSocketSources: false`, which never installs the redirect) keeps FoundationNetworking's
/// header callback itself: its handles are made outside ``watching(_:_:)``. Where the redirect
/// is not installed (other platforms, a build without FoundationNetworking's table) nothing is
/// bounded and URLSession behaves as before.
///
/// Remove it once swift-corelibs-foundation keeps a head's lines in linear time (Docs/Platform.md
/// has the reproduction to check).
enum HeadLineBound {
  /// The most lines a head may have (its status line and header lines, not the blank line that
  /// ends it).
  static let maxLines = 1_000

  /// One transfer of an ``HTTPTransport``, watched from the moment its easy handle is made until
  /// its task completes.
  final class Watch: Sendable {
    private let completion: TransferCompletion
    /// The user data of the transfer's easy handle; 0 until it is made.
    fileprivate let key = Atomic<Int>(0)

    /// A watch whose refusal finishes `completion`.
    init(completion: TransferCompletion) {
      self.completion = completion
    }

    fileprivate func refuse() {
      completion.finish(.failure(.tooManyHeaderLines(limit: HeadLineBound.maxLines)))
    }

    /// The task completed: its handle is no longer watched (unless another transfer's handle,
    /// made since at the same address, took the entry: then it stays that transfer's).
    func end() {
      let key = key.load(ordering: .acquiring)
      guard key != 0 else { return }
      HeadLineBound.watched.withLock { watched in
        guard watched[key]?.watch === self else { return }
        watched[key] = nil
        HeadLineBound.watchedCount.store(watched.count, ordering: .relaxed)
      }
    }
  }

  /// Runs `body` (a task's `resume()`) with `watch` as the watch of the easy handle
  /// FoundationNetworking makes inside it; with `nil`, just runs `body`.
  static func watching<T>(_ watch: Watch?, _ body: () -> T) -> T {
    guard let watch else { return body() }
    return $scope.withValue(watch) { body() }
  }

  /// The watch on the handle with `userData`, if any (tests check that none is left behind).
  static func watch(of userData: UnsafeMutableRawPointer) -> Watch? {
    watched.withLock { $0[Int(bitPattern: userData)]?.watch }
  }

  // MARK: - The redirected `curl_easy_setopt`'s side

  /// `CURLOPT_HEADERDATA` of a new easy handle: `userData` is watched when the handle is made
  /// inside ``watching(_:_:)``; otherwise an entry left at its address (a handle of ours freed
  /// before its task's completion reached the delegate) is dropped. Returns whether the handle
  /// is one made for a transfer of an ``HTTPTransport`` (inside ``watching(_:_:)``).
  @discardableResult
  static func handleTakesHeaderData(_ userData: UnsafeMutableRawPointer?) -> Bool {
    let key = Int(bitPattern: userData)
    guard key != 0 else { return false }
    if let watch = scope {
      watch.key.store(key, ordering: .releasing)
      watched.withLock { watched in
        watched[key] = Entry(watch: watch)
        watchedCount.store(watched.count, ordering: .relaxed)
      }
      return true
    } else if watchedCount.load(ordering: .relaxed) > 0 {
      watched.withLock { watched in
        watched[key] = nil
        watchedCount.store(watched.count, ordering: .relaxed)
      }
    }
    return false
  }

  /// `CURLOPT_HEADERFUNCTION` of a new easy handle: inside ``watching(_:_:)``, the counting
  /// callback to give libcurl instead of `foundation` (which it calls); `nil` outside, where
  /// FoundationNetworking's callback goes to libcurl as it is.
  static func headerFunction(
    replacing foundation: UnsafeMutableRawPointer
  ) -> UnsafeMutableRawPointer? {
    guard scope != nil else { return nil }
    foundationHeader.store(Int(bitPattern: foundation), ordering: .releasing)
    return unsafeBitCast(countingHeader, to: UnsafeMutableRawPointer.self)
  }

  /// The counting callback's side: whether to hand this line of the head (`bytes` long, at
  /// `data`) of the transfer with `userData` to FoundationNetworking. `false` once the head has
  /// more than ``maxLines`` lines (the transfer's outcome is then the refusal).
  fileprivate static func admits(
    _ data: UnsafeMutablePointer<CChar>?, bytes: Int, userData: UnsafeMutableRawPointer?
  ) -> Bool {
    let key = Int(bitPattern: userData)
    let endsHead =
      data.map { line in
        (bytes == 2 && line[0] == 13 && line[1] == 10) || (bytes == 1 && line[0] == 10)
      } ?? false
    let verdict = watched.withLock { watched -> Verdict in
      guard var entry = watched[key] else { return .pass }
      guard entry.lines <= maxLines else { return .stop }
      entry.lines = endsHead ? 0 : entry.lines + 1
      watched[key] = entry
      return entry.lines > maxLines ? .refuse(entry.watch) : .pass
    }
    switch verdict {
    case .pass: return true
    case .stop: return false
    case .refuse(let watch):
      watch.refuse()
      return false
    }
  }

  // MARK: - State

  /// What becomes of one line of a head.
  private enum Verdict {
    /// Handed to FoundationNetworking (a line within the bound, or of a handle not watched).
    case pass
    /// The line past the bound: the transfer is refused.
    case refuse(Watch)
    /// A line after the refusal (libcurl passes none; kept refused all the same).
    case stop
  }

  private struct Entry {
    let watch: Watch
    /// Lines of the current head so far; over ``maxLines`` once refused.
    var lines = 0
  }

  /// The transfer being resumed inside ``watching(_:_:)`` on this task.
  @TaskLocal private static var scope: Watch?
  /// The watched handles, by their user data.
  private static let watched = Mutex<[Int: Entry]>([:])
  /// How many handles are watched: a handle made outside a watch reads it, and takes the lock
  /// only when one is.
  private static let watchedCount = Atomic<Int>(0)
  /// FoundationNetworking's header callback (one function for every handle).
  fileprivate static let foundationHeader = Atomic<Int>(0)
}

/// `size_t header_callback(char *buffer, size_t size, size_t nitems, void *userdata)`.
private typealias HeaderCallback =
  @convention(c) (
    UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?
  ) -> Int

/// The header callback of a watched handle: FoundationNetworking's, until the head passes
/// ``HeadLineBound/maxLines`` lines; then a count other than the one given (libcurl aborts).
private let countingHeader: HeaderCallback = { data, size, count, userData in
  let bytes = size &* count
  guard HeadLineBound.admits(data, bytes: bytes, userData: userData) else {
    return bytes == 0 ? 1 : 0
  }
  let foundation = unsafeBitCast(
    HeadLineBound.foundationHeader.load(ordering: .acquiring), to: HeaderCallback.self)
  return foundation(data, size, count, userData)
}
