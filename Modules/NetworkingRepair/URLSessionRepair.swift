/// Repairs swift-corelibs-foundation's `URLSession` on Linux for the whole process: an app opts
/// in with one call at start-up, before it makes its first session.
///
/// ```swift
/// URLSessionRepair.install()
/// ```
///
/// It redirects three of FoundationNetworking's imports of libcurl (`curl_multi_setopt`,
/// `curl_easy_setopt`, `curl_easy_cleanup`: entries of its global offset table, a read-only page
/// made writable for the store and read-only again) to wrappers that call them. Then:
/// - no session made after it burns a CPU core while a request waits for its answer (the
///   write `DispatchSource` Foundation keeps after libcurl stops asking for it is dropped);
/// - a transfer of `Networking`'s `HTTPTransport` refuses a head of more than 1 000 lines as it
///   arrives (`APIError.tooManyHeaderLines(limit:)`), before Foundation's quadratic cost of
///   keeping its lines grows; stops at its next chunk once its outcome is known (a body over
///   the size limit, a deadline passed); and never sends a request to a loopback host through
///   a proxy of the environment. The handles of a host's own sessions keep their options.
///
/// It changes another library's code paths for the whole process and clashes with anything
/// else that hooks those calls, so it is the app's choice, never a library's. On other
/// platforms, and where FoundationNetworking's table is not found, it does nothing. Docs/Platform.md has each bug, its reproduction and the fix
/// for swift-corelibs-foundation that makes the first one unneeded.
public enum URLSessionRepair {
  /// Installs the repair (once; later calls return the first one's answer).
  ///
  /// Returns whether it is in place: `false` on platforms that do not need it or where
  /// FoundationNetworking's imports were not found.
  @discardableResult
  public static func install() -> Bool {
    #if os(Linux) && (arch(x86_64) || arch(arm64))
      installation.isInstalled
    #else
      false
    #endif
  }

  /// The libcurl functions whose imports the repair redirects.
  static let redirectedFunctions = ["curl_multi_setopt", "curl_easy_setopt", "curl_easy_cleanup"]

  /// The functions among ``redirectedFunctions`` that FoundationNetworking no longer calls as
  /// the loader bound them, found by reading its table: empty in a process that never
  /// installed the repair (nor hooked them otherwise), and on other platforms.
  package static func redirectedImports() -> [String] {
    #if os(Linux) && (arch(x86_64) || arch(arm64))
      ImportTable.redirected(among: redirectedFunctions)
    #else
      []
    #endif
  }

  #if os(Linux) && (arch(x86_64) || arch(arm64))
    /// What installing did: the socket repair and the guards of `HTTPTransport`'s transfers.
    struct Installation {
      let isInstalled: Bool
      let guardsTransfers: Bool
    }

    static let installation: Installation = {
      guard SocketSourceRepair.install() else {
        return Installation(isInstalled: false, guardsTransfers: false)
      }
      return Installation(isInstalled: true, guardsTransfers: GuardedTransfers.install())
    }()
  #endif
}
