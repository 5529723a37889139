import Foundation

/// Reads a script from a file or standard input and parses every line before any runs.
enum ScriptLoader {
  /// Scripts larger than this are refused (a script is typed by people, not generated data).
  static let sizeLimit = 4 * 1024 * 1024

  /// A script that cannot be read or parsed: one line for stderr (exit code 2).
  struct Failure: Error, Equatable {
    /// The message, without the `hotel:` prefix.
    var message: String
  }

  /// Loads and parses the script at `source`; `-` reads `standardInput`.
  static func load(
    _ source: ScriptSource, standardInput: FileHandle, strings: CLIStrings = .english
  ) throws(Failure)
    -> [ScriptLine]
  {
    let data: Data
    switch source {
    case .standardInput:
      data = try prefix(of: standardInput, shown: source.displayName, strings)
    case .file(let path):
      data = try read(path, strings)
    }
    guard data.count <= sizeLimit else {
      throw Failure(message: strings.scriptTooLarge(source.displayName))
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw Failure(message: strings.scriptNotUTF8(source.displayName))
    }
    do {
      return try ScriptParser.parse(script: text, strings: strings)
    } catch {
      throw Failure(message: error.message(in: TerminalText.neutralized(source.displayName)))
    }
  }

  private static func read(_ path: String, _ strings: CLIStrings) throws(Failure) -> Data {
    let shown = "'\(TerminalText.neutralized(path))'"
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw Failure(message: strings.cannotReadScript(shown, strings.noSuchFile))
    }
    guard !isDirectory.boolValue else {
      throw Failure(message: strings.cannotReadScript(shown, strings.isADirectory))
    }
    guard FileManager.default.isReadableFile(atPath: path),
      let handle = FileHandle(forReadingAtPath: path)
    else {
      throw Failure(message: strings.cannotReadScript(shown, strings.permissionDenied))
    }
    defer { try? handle.close() }
    return try prefix(of: handle, shown: shown, strings)
  }

  /// A read error as the system's words ("is a directory"), never Foundation's debug text
  /// ("NSCocoaErrorDomain error 256").
  static func plainWords(_ error: any Error) -> String {
    let error = error as NSError
    let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
    if let posix = [error, underlying].compactMap({ $0 }).first(where: {
      $0.domain == NSPOSIXErrorDomain
    }) {
      return Platform.SystemError.message(Int32(truncatingIfNeeded: posix.code))
    }
    return "it could not be read"
  }

  /// At most one byte more than ``sizeLimit``: enough to refuse a script that is too large
  /// without reading all of it (`/dev/zero`, an endless pipe).
  private static func prefix(
    of handle: FileHandle, shown: String, _ strings: CLIStrings
  ) throws(Failure) -> Data {
    var data = Data()
    do {
      while data.count <= sizeLimit,
        let chunk = try handle.read(upToCount: sizeLimit + 1 - data.count), !chunk.isEmpty
      {
        data.append(chunk)
      }
    } catch {
      throw Failure(message: strings.cannotReadScript(shown, Self.plainWords(error)))
    }
    return data
  }
}
