import Foundation
import Testing

/// Every Swift snippet in Docs/ and the README is copied from a test, so it compiles and runs with
/// `swift test`: a snippet that drifts from its test fails here.
///
/// A line `// ...` in a snippet leaves out what a reader does not need (the parts around it are
/// checked, in order). A snippet whose first line names a file of its own (`// spin.swift: ...`) is
/// a standalone program, built as it says: it is type-checked with `swiftc` instead.
@Suite struct DocsSnippetTests {
  /// The package's root, two folders above this file's.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The documents that may hold snippets.
  static var documents: [URL] {
    let docs = root.appendingPathComponent("Docs")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
    return names.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
      + [root.appendingPathComponent("README.md")]
  }

  /// The lines of `text` without their indentation, blank lines left out.
  static func normalised(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
      .joined(separator: "\n")
  }

  /// The ```swift blocks of `markdown`, each with the line it starts on.
  static func snippets(in markdown: String) -> [(line: Int, text: String)] {
    var found: [(Int, String)] = []
    var current: [Substring]?
    var start = 0
    for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if current == nil, trimmed == "```swift" {
        current = []
        start = index + 2
      } else if let lines = current, trimmed == "```" {
        found.append((start, lines.joined(separator: "\n")))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return found
  }

  /// Whether `snippet` is a standalone program (its first line names its file).
  static func isStandalone(_ snippet: String) -> Bool {
    guard let first = snippet.split(separator: "\n").first else { return false }
    return first.hasPrefix("// ") && first.contains(".swift:")
  }

  /// Whether `sources` holds `snippet`: its parts between `// ...` lines, in order, each as
  /// whole lines (a part's first line may not be the end of a longer line, nor its last line
  /// the start of one: a snippet that lost a word at either end is not in the tests).
  static func sources(_ sources: String, contain snippet: String) -> Bool {
    let sources = "\n" + sources + "\n"
    var rest = sources[...]
    var part: [String] = []
    let lines = normalised(snippet).split(separator: "\n").map(String.init)
    for line in lines + ["// ..."] {
      guard line.hasPrefix("// ...") else {
        part.append(line)
        continue
      }
      guard !part.isEmpty else { continue }
      let whole = "\n" + part.joined(separator: "\n") + "\n"
      guard let found = rest.range(of: whole) else { return false }
      rest = rest[rest.index(before: found.upperBound)...]
      part = []
    }
    return true
  }

  /// Every test source, normalised.
  static func sourcesOfTheTests() throws -> String {
    let tests = root.appendingPathComponent("Tests")
    let enumerator = FileManager.default.enumerator(atPath: tests.path)
    var sources: [String] = []
    while let path = enumerator?.nextObject() as? String {
      guard path.hasSuffix(".swift") else { continue }
      sources.append(
        try String(contentsOf: tests.appendingPathComponent(path), encoding: .utf8))
    }
    return normalised(sources.joined(separator: "\n"))
  }

  @Test func theReaderFindsBlocksAndTellsStandaloneProgramsApart() {
    let markdown =
      "text\n```swift\nlet a = 1\n  let b = 2\n```\n```sh\nls\n```\n"
      + "```swift\n// spin.swift: a program\nprint(1)\n```\n"
    let found = Self.snippets(in: markdown)
    #expect(found.map(\.line) == [3, 10])
    #expect(
      found.map { Self.normalised($0.text) } == [
        "let a = 1\nlet b = 2", "// spin.swift: a program\nprint(1)",
      ])
    #expect(found.map { Self.isStandalone($0.text) } == [false, true])
    let sources = "a\nb\nc\nd"
    #expect(Self.sources(sources, contain: "b\n  c"))
    #expect(Self.sources(sources, contain: "a\n// ... more\nd"))
    #expect(!Self.sources(sources, contain: "a\nc"))
    #expect(!Self.sources(sources, contain: "d\n// ...\na"))
    #expect(Self.sources(sources, contain: "a\n// ...\nb\n// ...\nc"))
    let code = "let a = f(1)\nlet b = g(2)"
    #expect(!Self.sources(code, contain: "a = f(1)\nlet b = g(2)"), "a word lost at the start")
    #expect(!Self.sources(code, contain: "let a = f(1)\nlet b = g"), "a word lost at the end")
  }

  @Test func everySnippetIsCopiedFromATest() throws {
    let sources = try Self.sourcesOfTheTests()
    var checked = 0
    for document in Self.documents {
      let markdown = try String(contentsOf: document, encoding: .utf8)
      for snippet in Self.snippets(in: markdown) where !Self.isStandalone(snippet.text) {
        checked += 1
        let copied = Self.sources(sources, contain: snippet.text)
        #expect(
          copied, "\(document.lastPathComponent):\(snippet.line): this snippet is not in any test")
      }
    }
    #expect(checked >= 10, "the documents' snippets were not found")
  }

  /// The members `HostTests` adds to a library type in an extension, each with the type:
  /// `("SectionModel", "fields")` for `extension SectionModel { var fields: ... }`.
  ///
  /// Only the extension's own declarations (indented two spaces) count.
  static func membersAdded(in source: String) -> [(type: String, member: String)] {
    var found: [(String, String)] = []
    var type: String?
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      let words = line.split(separator: " ")
      if !line.hasPrefix(" "), let keyword = words.firstIndex(of: "extension"),
        words[..<keyword].allSatisfy({ $0.hasPrefix("@") }), keyword + 1 < words.count
      {
        type = String(words[keyword + 1].prefix { !":<{".contains($0) })
        continue
      }
      if line.hasPrefix("}") { type = nil }
      guard let type, line.hasPrefix("  "), !line.hasPrefix("   "),
        !line.dropFirst(2).hasPrefix("//")
      else { continue }
      guard let keyword = words.firstIndex(where: { $0 == "var" || $0 == "func" }),
        keyword + 1 < words.count
      else { continue }
      let name = words[keyword + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      if !name.isEmpty { found.append((type, String(name))) }
    }
    return found
  }

  /// Whether `snippet` uses `member` (`.member` or `\.member`, as a whole word).
  static func snippet(_ snippet: String, uses member: String) -> Bool {
    var rest = snippet[...]
    while let found = rest.range(of: "." + member) {
      let after = rest[found.upperBound...].first
      if !(after.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false) { return true }
      rest = rest[found.upperBound...]
    }
    return false
  }

  @Test func theExtensionReaderFindsWhatATestAddsToALibraryType() {
    let source = """
      import Presentation

      @MainActor extension AppCoordinator.Screen {
        var hotel: HotelViewModel? { nil }
        /// A comment with var inside.
        func openBooking(roomID: Int) {
          let local = 1
        }
      }
      /// An extension of nothing: a comment.
      struct Mine {
        var notAnExtension: Int
      }
      """
    #expect(
      Self.membersAdded(in: source).map { "\($0.type).\($0.member)" } == [
        "AppCoordinator.Screen.hotel", "AppCoordinator.Screen.openBooking",
      ])
    #expect(Self.snippet("let phone = buyer.fields.first", uses: "fields"))
    #expect(Self.snippet("sections.flatMap(\\.buttons)", uses: "buttons"))
    #expect(!Self.snippet("let f = buyer.fieldsCount", uses: "fields"))
  }

  /// A snippet in the documents is what a host writes against the library products: it uses
  /// no member that only `HostTests` gives a library type (a host following the snippet would
  /// not compile), unless the documents show the host writing that extension too.
  @Test func noSnippetLeansOnAnExtensionOnlyTheHostTestsHave() throws {
    let folder = Self.root.appendingPathComponent("Tests/HostTests")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    var added: [(type: String, member: String)] = []
    for name in names where name.hasSuffix(".swift") {
      let source = try String(
        contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      added += Self.membersAdded(in: source)
    }
    #expect(added.contains { $0.type == "AppCoordinator" }, "the reader found nothing")
    for document in Self.documents {
      let markdown = try String(contentsOf: document, encoding: .utf8)
      let snippets = Self.snippets(in: markdown).filter { !Self.isStandalone($0.text) }
      let shown = Set(
        snippets.flatMap { Self.membersAdded(in: Self.normalisedKeepingIndent($0.text)) }
          .map(\.type))
      for snippet in snippets {
        for (type, member) in added where !shown.contains(type) {
          #expect(
            !Self.snippet(snippet.text, uses: member),
            """
            \(document.lastPathComponent):\(snippet.line): uses `.\(member)`, which only \
            HostTests' `extension \(type)` declares: make it public API or show the extension
            """)
        }
      }
    }
  }

  /// `snippet` with the indentation of its first line taken off every line, so an extension in
  /// it reads as it would in a file.
  static func normalisedKeepingIndent(_ snippet: String) -> String {
    let lines = snippet.split(separator: "\n", omittingEmptySubsequences: false)
    let indent = lines.first { !$0.allSatisfy(\.isWhitespace) }?.prefix { $0 == " " }.count ?? 0
    return lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
      .joined(separator: "\n")
  }

  /// The compiler beside the `swift` on `PATH` (the toolchain the tests were built with).
  static func swiftc() -> URL? {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    return paths.map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// Type-checks `file` with `compiler`: `nil` when it compiles, else the compiler's output.
  ///
  /// Waits on the process's termination handler (not on a thread of the test pool), killing it
  /// after two minutes. The compiler's module cache is a folder of its own under `.build` (kept
  /// between runs), never under `XDG_CACHE_HOME`, which the CLI's in-process tests point at
  /// temporary folders they remove while this runs.
  static func typeCheck(_ file: URL, with compiler: URL) async throws -> String? {
    let cache = root.appendingPathComponent(".build/docs-programs-module-cache")
    let process = Process()
    process.executableURL = compiler
    process.arguments = ["-typecheck", "-module-cache-path", cache.path, file.path]
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CACHE_HOME"] = cache.path
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    let status = try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Int32, any Error>) in
      process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
        return
      }
      DispatchQueue.global().asyncAfter(deadline: .now() + 120) {
        if process.isRunning { process.terminate() }
      }
    }
    guard status != 0 else { return nil }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return "exit \(status): " + text.prefix(2_000)
  }

  /// A standalone program in the documents (a reproduction the reader builds with `swiftc`)
  /// compiles against today's toolchain.
  @Test func everyStandaloneProgramCompiles() async throws {
    let compiler = try #require(Self.swiftc(), "no swiftc on PATH")
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("docs-programs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var checked = 0
    for document in Self.documents {
      let markdown = try String(contentsOf: document, encoding: .utf8)
      for snippet in Self.snippets(in: markdown) where Self.isStandalone(snippet.text) {
        checked += 1
        let file = folder.appendingPathComponent("program\(checked).swift")
        try Data(snippet.text.utf8).write(to: file)
        let problem = try await Self.typeCheck(file, with: compiler)
        #expect(problem == nil, "\(document.lastPathComponent):\(snippet.line): \(problem ?? "")")
      }
    }
    #expect(checked >= 1, "the documents' standalone programs were not found")
  }
}
