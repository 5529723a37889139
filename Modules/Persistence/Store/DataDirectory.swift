import Foundation
import UseCases

/// Where `hotel` keeps its files (SPEC section 7): the `--data-dir` option, else
/// `HOTEL_DATA_DIR`, else `$XDG_DATA_HOME/hotel`, else `~/.local/share/hotel`.
///
/// ```swift
/// let directory = try DataDirectory.resolve()   // the process's environment and directory
/// let chosen = try DataDirectory.resolve(option: arguments.dataDir)
/// ```
public struct DataDirectory: Hashable, Sendable {
  /// The absolute path, without a trailing slash.
  public let path: String

  /// A directory at `path`; a relative path is taken relative to `currentDirectory`.
  public init(path: String, currentDirectory: String = "/") {
    self.path = Self.absolute(path, in: currentDirectory)
  }

  /// Chooses the data directory from the option, the environment and the home directory, in that
  /// order.
  ///
  /// Empty values count as unset; `XDG_DATA_HOME` is ignored unless absolute, as the XDG
  /// specification says. - Throws: ``StoreError/directoryUnavailable(path:reason:)`` when nothing
  /// gives a directory (no option, no variables, no home directory).
  public static func resolve(
    option: String? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    homeDirectory: String? = nil,
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) throws(StoreError) -> DataDirectory {
    if let option, !option.isEmpty {
      return DataDirectory(path: option, currentDirectory: currentDirectory)
    }
    if let explicit = environment["HOTEL_DATA_DIR"], !explicit.isEmpty {
      return DataDirectory(path: explicit, currentDirectory: currentDirectory)
    }
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      return DataDirectory(path: xdg + "/hotel")
    }
    let home = homeDirectory.flatMap { $0.isEmpty ? nil : $0 } ?? environment["HOME"] ?? ""
    guard home.hasPrefix("/") else {
      throw .directoryUnavailable(path: "~/.local/share/hotel", reason: .noHomeDirectory)
    }
    return DataDirectory(path: home + "/.local/share/hotel")
  }

  /// `path` made absolute against `base`, with `.` and empty components and trailing slashes
  /// removed (`..` is kept: it is the user's own path, resolved by the system).
  private static func absolute(_ path: String, in base: String) -> String {
    let joined = path.hasPrefix("/") ? path : base + "/" + path
    let parts = joined.split(separator: "/").filter { $0 != "." }
    return "/" + parts.joined(separator: "/")
  }
}
