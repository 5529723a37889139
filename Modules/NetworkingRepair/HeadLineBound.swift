#if os(Linux) && (arch(x86_64) || arch(arm64))
  import Networking
  import Synchronization
  import UseCases

  /// Refuses an answer whose head has more than ``maxLines`` lines, on Linux, as libcurl passes
  /// them, before swift-corelibs-foundation's cost of keeping them grows.
  ///
  /// Foundation 6.3 copies its array of the head's lines for every line libcurl passes
  /// (`_ParsedResponseHeader.byAppending(headerLine:)`), so a head of n lines costs O(n²) CPU
  /// before any code of `Networking` sees a line (Docs/Platform.md, "Thousands of header
  /// lines"). The bound is on lines, not bytes: the cost is per line, libcurl already caps a
  /// head's bytes, and a real API sends tens of lines.
  ///
  /// A guarded transfer's header callback is this file's: it counts the lines of each head (a
  /// blank line ends one: a `100 Continue` or a followed redirect starts again at 0), hands each
  /// to FoundationNetworking's callback, and at line ``maxLines`` + 1 refuses the transfer with
  /// `APIError.tooManyHeaderLines(limit:)` and takes 0 bytes, so libcurl aborts it and closes
  /// its connection. The refusal is not a connection failure, so a `GET` is not tried again.
  enum HeadLineBound {
    /// The most lines a head may have (its status line and header lines, not the blank line
    /// that ends it).
    static let maxLines = 1_000

    /// The header callback to give libcurl for a guarded handle instead of `foundation` (which
    /// it calls).
    static func headerFunction(
      replacing foundation: UnsafeMutableRawPointer
    ) -> UnsafeMutableRawPointer {
      foundationHeader.store(Int(bitPattern: foundation), ordering: .releasing)
      return unsafeBitCast(countingHeader, to: UnsafeMutableRawPointer.self)
    }

    /// Whether to hand this line of a head (`bytes` long, at `data`) of the transfer with
    /// `userData` to FoundationNetworking: `false` once the transfer's outcome is known, or
    /// when this line is past the bound (the transfer is then refused).
    fileprivate static func admits(
      _ data: UnsafeMutablePointer<CChar>?, bytes: Int, userData: UnsafeMutableRawPointer?
    ) -> Bool {
      let endsHead =
        data.map { line in
          (bytes == 2 && line[0] == 13 && line[1] == 10) || (bytes == 1 && line[0] == 10)
        } ?? false
      let verdict = GuardedTransfers.withEntry(userData) { entry -> Bool in
        guard !entry.completion.isFinished else { return false }
        entry.lines = endsHead ? 0 : entry.lines + 1
        guard entry.lines <= maxLines else {
          entry.completion.refuse(.tooManyHeaderLines(limit: maxLines))
          return false
        }
        return true
      }
      return verdict ?? true
    }

    /// FoundationNetworking's header callback (one function for every handle).
    fileprivate static let foundationHeader = Atomic<Int>(0)
  }

  /// The header callback of a guarded handle: FoundationNetworking's, until the head passes
  /// ``HeadLineBound/maxLines`` lines or the transfer's outcome is known; then a count other
  /// than the one given (libcurl aborts).
  private let countingHeader: DataCallback = { data, size, count, userData in
    let bytes = size &* count
    guard HeadLineBound.admits(data, bytes: bytes, userData: userData) else {
      return bytes == 0 ? 1 : 0
    }
    let foundation = unsafeBitCast(
      HeadLineBound.foundationHeader.load(ordering: .acquiring), to: DataCallback.self)
    return foundation(data, size, count, userData)
  }
#endif
