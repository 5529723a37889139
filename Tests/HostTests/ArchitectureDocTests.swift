import Foundation
import Testing

/// Docs/Architecture.md's table of targets is the manifest's: every target of `Package.swift`,
/// with what it depends on, and nothing else.
@Suite struct ArchitectureDocTests {
  /// Each target's dependencies, by name.
  typealias Graph = [String: Set<String>]

  /// The targets `Package.swift` declares (`.target`, `.executableTarget`, `.testTarget`), with
  /// the target names in their `dependencies:` lists.
  static func manifestGraph(_ manifest: String) -> Graph {
    let starts = [".target(", ".executableTarget(", ".testTarget("]
      .flatMap { marker in manifest.ranges(of: marker).map(\.lowerBound) }
      .sorted()
    var graph: Graph = [:]
    for (index, start) in starts.enumerated() {
      let end = index + 1 < starts.count ? starts[index + 1] : manifest.endIndex
      let declaration = manifest[start..<end]
      guard let name = quoted(in: declaration, after: "name:").first else { continue }
      graph[name] = Set(quoted(in: declaration, after: "dependencies:", upTo: "]"))
    }
    return graph
  }

  /// The `"..."` strings in `text` after `label`, up to `terminator` (or only the first when
  /// there is none).
  static func quoted(
    in text: Substring, after label: String, upTo terminator: Character? = nil
  ) -> [String] {
    guard let labelled = text.range(of: label) else { return [] }
    var rest = text[labelled.upperBound...]
    if let terminator, let stop = rest.firstIndex(of: terminator) { rest = rest[..<stop] }
    let parts = rest.split(separator: "\"", omittingEmptySubsequences: false)
    let strings = stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) }
    return terminator == nil ? Array(strings.prefix(1)) : strings
  }

  /// The rows of the document's table of targets: `| `Name` | kind | `A`, `B` |`.
  static func documentedGraph(_ markdown: String) -> Graph {
    var graph: Graph = [:]
    for line in markdown.split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count == 3 else { continue }
      let name = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      let dependencies = cells[2].split(separator: ",")
        .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "` ")) }
        .filter { !$0.isEmpty && $0 != "—" }
      graph[name] = Set(dependencies)
    }
    return graph
  }

  @Test func theReadersFindTargetsAndTheirDependencies() {
    let manifest = """
      .target(name: "A", path: "A"),
      .target(
        name: "B", dependencies: ["A"], path: "B"),
      .executableTarget(
        name: "C",
        dependencies: [
          "A", "B",
        ],
        path: "C"
      ),
      .testTarget(name: "CTests", dependencies: ["C"], exclude: ["Golden"]),
      """
    #expect(
      Self.manifestGraph(manifest) == ["A": [], "B": ["A"], "C": ["A", "B"], "CTests": ["C"]])
    let markdown = """
      | target | kind | depends on |
      |---|---|---|
      | `A` | module | — |
      | `C` | tool (executable, a helper) | `A`, `B` |
      """
    #expect(Self.documentedGraph(markdown) == ["A": [], "C": ["A", "B"]])
  }

  @Test func theTableOfTargetsIsTheManifest() throws {
    let root = DocsSnippetTests.root
    let manifest = try String(
      contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let document = try String(
      contentsOf: root.appendingPathComponent("Docs/Architecture.md"), encoding: .utf8)
    let declared = Self.manifestGraph(manifest)
    let documented = Self.documentedGraph(document)
    #expect(declared.count >= 20, "the manifest's targets were not found")
    for name in Set(declared.keys).union(documented.keys).sorted() {
      let said = (declared[name].map { $0.sorted() } ?? [], documented[name].map { $0.sorted() })
      #expect(
        declared[name] == documented[name],
        "\(name): Package.swift says \(said.0), Architecture.md says \(said.1 ?? [])")
    }
  }
}
