import Foundation

/// The journeys that failed in the last `hotel test` of the same paths, for `--last-failed`
/// (SPEC section 5.4): a small JSON file in the user's cache folder (`$XDG_CACHE_HOME/hotel`,
/// else `~/.cache/hotel`), never in a data directory, one per list of paths (named by a hash of
/// their absolute forms, which the file also holds, so another list never reads it).
///
/// A run updates it as it ends: the journeys it ran leave it, those of them that failed (after
/// their retries) enter it; journeys it did not run (another shard's, or left out by `--tags`)
/// keep their entry. A record left empty is removed, so a suite that passes leaves no file. It
/// is written atomically (a temporary file, then `rename`), and read bounded.
struct LastFailedRecord: Equatable, Sendable {
  /// The paths given to `hotel test`, absolute and standardised.
  var paths: [String]
  /// The journeys that failed, absolute and standardised, sorted.
  var failed: [String]

  /// The most bytes of a record read (10 000 journeys of long paths fit).
  static let sizeLimit = 16 * 1024 * 1024

  /// The folder of the records: `$XDG_CACHE_HOME/hotel` when that is an absolute path, else
  /// `$HOME/.cache/hotel`; `nil` when neither is set.
  static func folder(environment: [String: String]) -> String? {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return cache + "/hotel"
    }
    if let home = environment["HOME"], !home.isEmpty { return home + "/.cache/hotel" }
    return nil
  }

  /// `path` as an absolute, standardised path (`./a/../b` from `/w` is `/w/b`).
  static func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }

  /// The file of the record of `paths` in `folder`.
  static func file(for paths: [String], in folder: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in paths.map(absolute).joined(separator: "\n").utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return folder + "/last-failed-" + String(repeating: "0", count: 16 - hex.count) + hex + ".json"
  }

  /// Why a record could not be read or written.
  struct Failure: Error {
    /// What went wrong.
    enum Kind: Equatable {
      /// The system's reason (in its words), or the file could not be opened.
      case system(String)
      /// Larger than ``LastFailedRecord/sizeLimit``.
      case tooLarge
      /// Not the JSON of a record.
      case notARecord
    }

    /// What went wrong.
    var kind: Kind

    init(reason: String) { kind = .system(reason) }
    init(_ kind: Kind) { self.kind = kind }
  }

  /// The record of `paths` in `file`; `nil` when there is none (or it is another list's).
  static func read(_ file: String, paths: [String]) throws(Failure) -> LastFailedRecord? {
    guard FileManager.default.fileExists(atPath: file) else { return nil }
    guard let handle = FileHandle(forReadingAtPath: file) else {
      throw Failure(reason: String(cString: strerror(errno)))
    }
    defer { try? handle.close() }
    let data: Data
    do {
      data = try handle.read(upToCount: sizeLimit + 1) ?? Data()
    } catch {
      throw Failure(reason: ScriptLoader.plainWords(error))
    }
    guard data.count <= sizeLimit else { throw Failure(.tooLarge) }
    guard let record = try? JSONDecoder().decode(LastFailedRecord.Stored.self, from: data) else {
      throw Failure(.notARecord)
    }
    let wanted = paths.map(absolute)
    guard record.paths == wanted else { return nil }
    return LastFailedRecord(paths: record.paths, failed: record.failed)
  }

  /// The record after a run of `ran` journeys (absolute paths) of which `failedNow` failed:
  /// `ran` leave it, `failedNow` enter it.
  func updated(ran: Set<String>, failedNow: Set<String>) -> LastFailedRecord {
    let kept = failed.filter { !ran.contains($0) }
    return LastFailedRecord(paths: paths, failed: Set(kept).union(failedNow).sorted())
  }

  /// Writes the record to `file` atomically (its folder made, for the user only), or removes
  /// the file when nothing failed.
  func write(to file: String) throws(Failure) {
    let manager = FileManager.default
    guard !failed.isEmpty else {
      guard manager.fileExists(atPath: file) else { return }
      do {
        try manager.removeItem(atPath: file)
      } catch {
        throw Failure(reason: ScriptLoader.plainWords(error))
      }
      return
    }
    let folder = (file as NSString).deletingLastPathComponent
    let temporary = folder + "/.last-failed-" + UUID().uuidString + ".tmp"
    do {
      try manager.createDirectory(
        atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      let data = try encoder.encode(Stored(paths: paths, failed: failed))
      try data.write(to: URL(fileURLWithPath: temporary))
      guard rename(temporary, file) == 0 else {
        throw Failure(reason: String(cString: strerror(errno)))
      }
    } catch let failure as Failure {
      try? manager.removeItem(atPath: temporary)
      throw failure
    } catch {
      try? manager.removeItem(atPath: temporary)
      throw Failure(reason: ScriptLoader.plainWords(error))
    }
  }

  private struct Stored: Codable {
    var paths: [String]
    var failed: [String]
  }
}
