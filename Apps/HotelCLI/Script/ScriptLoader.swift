import Foundation

/// Reads a script from a file or standard input, expands its `include`s, replaces its
/// `${NAME}`s and parses every line before any runs; every bad line is reported, each as
/// `file:line`, the lines of an included file under that file's name.
enum ScriptLoader {
  /// Scripts larger than this are refused (a script is typed by people, not generated data).
  static let sizeLimit = 4 * 1024 * 1024
  /// The most lines a script may have once its includes are expanded.
  static let lineLimit = 100_000
  /// The deepest chain of includes (a script that includes one that includes ...).
  static let depthLimit = 32
  /// The bad lines of a script run or given to `hotel test` told one by one; past them, one line
  /// tells how many more there are and asks whether the file is a script at all (a log).
  ///
  /// An included file's bad lines are not shown: its first one is named by number.
  static let badLinesShown = 20

  /// A script that cannot be read or parsed: one line per problem for stderr (exit code 2).
  struct Failure: Error, Equatable {
    /// The messages, without the `hotel:` prefix, in the order of the lines.
    var messages: [String]

    /// A failure with one message.
    init(message: String) { messages = [message] }

    /// A failure with several messages.
    init(messages: [String]) { self.messages = messages }

    /// The messages, one per line.
    var message: String { messages.joined(separator: "\n") }
  }

  /// A script with its includes expanded.
  struct Script: Equatable, Sendable {
    /// The lines to run, in order.
    var lines: [ScriptLine]
    /// The tags of its `tags` lines (those of included files are not the journey's).
    var tags: [String]
  }

  /// Loads and parses the script at `source`; `-` reads `standardInput`.
  static func load(
    _ source: ScriptSource, standardInput: FileHandle, strings: CLIStrings = .english,
    variables: ScriptVariables = ScriptVariables()
  ) throws(Failure) -> [ScriptLine] {
    try script(source, standardInput: standardInput, strings: strings, variables: variables).lines
  }

  /// Loads and parses the script at `source` with its tags; `-` reads `standardInput`.
  static func script(
    _ source: ScriptSource, standardInput: FileHandle, strings: CLIStrings = .english,
    variables: ScriptVariables = ScriptVariables()
  ) throws(Failure) -> Script {
    let text: String
    switch source {
    case .standardInput:
      text = try decode(
        try prefix(of: standardInput, shown: source.displayName, strings),
        shown: source.displayName, strings)
    case .file(let path):
      text = try decode(try read(path, strings), shown: source.displayName, strings)
    }
    var expansion = Expansion(variables: variables, strings: strings)
    let name = source.displayName
    let top: ScriptFile
    switch source {
    case .standardInput: top = ScriptFile(shown: name, path: nil)
    case .file(let path): top = ScriptFile(shown: name, path: path)
    }
    var lines: [ScriptLine] = []
    var tags: [String] = []
    expansion.expand(
      expansion.parse(text, in: top), of: top, chain: [top], into: &lines, tags: &tags)
    guard expansion.problems.isEmpty else { throw Failure(messages: expansion.problems) }
    return Script(lines: lines, tags: tags)
  }

  // MARK: - Expanding includes

  /// A script file as messages name it, and its path (`nil` for standard input).
  struct ScriptFile {
    /// How messages name it (`journeys/_login.hotel`, `<stdin>`).
    var shown: String
    /// The path to read it from, relative to the current directory or absolute.
    var path: String?

    /// The path of an `include`d file, relative to this file's folder.
    func including(_ target: String) -> ScriptFile {
      let folder = path.map { ($0 as NSString).deletingLastPathComponent } ?? ""
      let joined = target.hasPrefix("/") || folder.isEmpty ? target : folder + "/" + target
      let normalized = Self.normalized(joined)
      return ScriptFile(shown: normalized, path: normalized)
    }

    /// The same file whichever way it was named (for cycles and the cache).
    var identity: String {
      guard let path else { return "<stdin>" }
      return URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// `a/./b/../c` as `a/c`; a leading `..` is kept; `.` and `a/..` as `.` (never empty).
    static func normalized(_ path: String) -> String {
      var parts: [Substring] = []
      for part in path.split(separator: "/", omittingEmptySubsequences: true) {
        if part == "." { continue }
        if part == "..", let last = parts.last, last != ".." {
          parts.removeLast()
          continue
        }
        parts.append(part)
      }
      let joined = parts.joined(separator: "/")
      if path.hasPrefix("/") { return "/" + joined }
      return joined.isEmpty ? "." : joined
    }
  }

  /// The state of one script's expansion: what was parsed, what is wrong, how much there is.
  private struct Expansion {
    let variables: ScriptVariables
    let strings: CLIStrings
    var problems: [String] = []
    var seenProblems: Set<String> = []
    var parsed: [String: [(number: Int, text: String, entry: ScriptEntry)]] = [:]
    var lineCount = 0
    var tooLong = false

    init(variables: ScriptVariables, strings: CLIStrings) {
      self.variables = variables
      self.strings = strings
    }

    /// The identities of the files met, by path: resolving links each time a chain was
    /// checked made 100 000 includes take half a minute.
    var identities: [String: String] = [:]

    /// `file`'s identity, resolved once per path.
    mutating func identity(of file: ScriptFile) -> String {
      let key = file.path ?? ""
      if let known = identities[key] { return known }
      let identity = file.identity
      identities[key] = identity
      return identity
    }

    mutating func report(_ message: String) {
      if seenProblems.insert(message).inserted { problems.append(message) }
    }

    /// Parses every line of `text`, reporting each bad one; for a file included at `place`
    /// (`a.hotel:3: include x`), only the first bad line's number: an included file may be
    /// anything (`include /etc/shadow`), and none of its text is echoed into a log.
    mutating func parse(
      _ text: String, in file: ScriptFile, includedAt place: String? = nil
    ) -> [(number: Int, text: String, entry: ScriptEntry)] {
      var entries: [(number: Int, text: String, entry: ScriptEntry)] = []
      var badLines = 0
      for (number, line) in ScriptParser.lines(of: text) {
        do {
          if let entry = try ScriptParser.entry(
            line: line, number: number, variables: variables, strings: strings)
          {
            entries.append((number, line, entry))
          }
        } catch {
          badLines += 1
          if let place {
            if badLines == 1 { report("\(place): \(strings.includedNotAScript(line: number))") }
          } else if badLines <= ScriptLoader.badLinesShown {
            report(error.message(in: file.shown))
          }
        }
      }
      if place == nil, badLines > ScriptLoader.badLinesShown {
        report(strings.moreBadLines(badLines - ScriptLoader.badLinesShown, in: file.shown))
      }
      return entries
    }

    /// Appends the lines of `entries` (of `file`, reached through `chain`), expanding includes.
    mutating func expand(
      _ entries: [(number: Int, text: String, entry: ScriptEntry)], of file: ScriptFile,
      chain: [ScriptFile], via includes: [String] = [], into lines: inout [ScriptLine],
      tags: inout [String]
    ) {
      let isTop = chain.count == 1
      for (number, text, entry) in entries {
        guard !tooLong else { return }
        // Every line counts, `include` and `tags` too: includes that add no command (a file
        // with only a bad line, ten files each including the next ten times) expanded 10^10
        // times without end.
        lineCount += 1
        guard lineCount <= ScriptLoader.lineLimit else {
          tooLong = true
          report(strings.scriptTooLong(chain[0].shown, limit: ScriptLoader.lineLimit))
          return
        }
        switch entry {
        case .command(let command):
          lines.append(
            ScriptLine(
              number: number, text: text, command: command, source: isTop ? nil : file.shown,
              includedAt: includes))
        case .tags(let names):
          if isTop { tags += names.filter { !tags.contains($0) } }
        case .include(let target):
          let place = "\(file.shown):\(number): include \(ArgumentParser.shown(target))"
          let included = file.including(target)
          let identity = self.identity(of: included)
          var start: Int?
          for (index, link) in chain.enumerated() where self.identity(of: link) == identity {
            start = index
            break
          }
          if let start {
            let names = (chain[start...].map(\.shown) + [included.shown])
            report("\(place): \(strings.includeCycle(names))")
            continue
          }
          guard chain.count < ScriptLoader.depthLimit else {
            report("\(place): \(strings.includesTooDeep(ScriptLoader.depthLimit))")
            continue
          }
          let entries: [(number: Int, text: String, entry: ScriptEntry)]
          if let cached = parsed[identity] {
            entries = cached
          } else {
            do {
              let data = try ScriptLoader.read(
                included.path ?? "", strings, onlyRegularFile: true)
              entries = parse(
                try ScriptLoader.decode(data, shown: included.shown, strings), in: included,
                includedAt: place)
            } catch {
              for message in error.messages { report("\(place): \(message)") }
              parsed[identity] = []
              continue
            }
            parsed[identity] = entries
          }
          expand(
            entries, of: included, chain: chain + [included],
            via: includes + ["\(file.shown):\(number)"], into: &lines, tags: &tags)
        }
      }
    }
  }

  // MARK: - Reading

  /// `data` as text; refused when larger than ``sizeLimit``, not UTF-8, or holding a NUL byte
  /// (a binary file: a script never has one).
  private static func decode(
    _ data: Data, shown: String, _ strings: CLIStrings
  ) throws(Failure) -> String {
    guard data.count <= sizeLimit else { throw Failure(message: strings.scriptTooLarge(shown)) }
    guard !data.contains(0) else { throw Failure(message: strings.scriptIsBinary(shown)) }
    guard let text = String(data: data, encoding: .utf8) else {
      throw Failure(message: strings.scriptNotUTF8(shown))
    }
    return text
  }

  /// The bytes of the script at `path`, at most one more than ``sizeLimit``.
  ///
  /// A script named on the command line may be a pipe (`hotel replay <(...)`); an included one must
  /// be a regular file (`onlyRegularFile`), so a FIFO left among the journeys cannot block the run.
  private static func read(
    _ path: String, _ strings: CLIStrings, onlyRegularFile: Bool = false
  ) throws(Failure) -> Data {
    let shown = "'\(path)'"
    let kind = FileKind.of(path)
    switch kind {
    case .missing: throw Failure(message: strings.cannotReadScript(shown, strings.noSuchFile))
    case .folder: throw Failure(message: strings.cannotReadScript(shown, strings.isADirectory))
    case .special where onlyRegularFile:
      throw Failure(message: strings.cannotReadScript(shown, strings.notARegularFile))
    case .regular, .special: break
    }
    // A FIFO is opened without waiting for a writer: one that nothing writes to is named.
    guard FileManager.default.isReadableFile(atPath: path),
      let handle = FileKind.openForReading(path)
    else {
      throw Failure(message: strings.cannotReadScript(shown, strings.permissionDenied))
    }
    defer { try? handle.close() }
    let data = try prefix(of: handle, shown: shown, strings)
    if data.isEmpty, kind == .special {
      throw Failure(message: strings.cannotReadScript(shown, strings.nothingWritten))
    }
    return data
  }

  /// A read error as the system's words ("is a directory"), never Foundation's debug text
  /// ("NSCocoaErrorDomain error 256").
  static func plainWords(_ error: any Error) -> String {
    systemErrorCode(error).map(Platform.SystemError.message) ?? "it could not be read"
  }

  /// The `errno` behind a Foundation error, if there is one.
  ///
  /// On Linux the underlying error is a `POSIXError` value, which does not cast to `NSError`; on
  /// Darwin it is an `NSError`.
  static func systemErrorCode(_ error: any Error) -> Int32? {
    let object = error as NSError
    let underlying = object.userInfo[NSUnderlyingErrorKey]
    if let posix = (error as? POSIXError) ?? (underlying as? POSIXError) {
      return posix.code.rawValue
    }
    let posix = [object, underlying as? NSError].compactMap { $0 }.first {
      $0.domain == NSPOSIXErrorDomain
    }
    return posix.map { Int32(truncatingIfNeeded: $0.code) }
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
