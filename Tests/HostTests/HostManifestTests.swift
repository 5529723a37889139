import Foundation
import Testing

/// What a host writes in its own `Package.swift` to use the library products (the README's "Use
/// the modules in an app" shows it): the products it names are this package's library products,
/// named by the package's identity (the last component of its path or URL), and nothing a
/// dependent builds carries `unsafeFlags`, which SwiftPM refuses in a package that is not the
/// root.
@Suite struct HostManifestTests {
  /// The host manifest's part the README shows, as a host writes it.
  static let hostManifest = """
    // In a host's Package.swift, `package:` is the identity, the path's (or URL's) last
    // component, not this package's name (HotelBooking).
    dependencies: [.package(path: "../hotel-booking")],
    targets: [
      .executableTarget(
        name: "MyHost",
        dependencies: [
          .product(name: "Domain", package: "hotel-booking"),
          .product(name: "UseCases", package: "hotel-booking"),
          .product(name: "Networking", package: "hotel-booking"),
          .product(name: "NetworkingRepair", package: "hotel-booking"),
          .product(name: "Persistence", package: "hotel-booking"),
          .product(name: "Presentation", package: "hotel-booking"),
          .product(name: "FixtureAPI", package: "hotel-booking"),
        ])
    ]
    """

  /// This package's `Package.swift`.
  static func manifest() throws -> String {
    try String(
      contentsOf: DocsSnippetTests.root.appendingPathComponent("Package.swift"), encoding: .utf8)
  }

  /// The `"..."` strings that follow each `marker` in `text`.
  static func strings(after marker: String, in text: String) -> [String] {
    text.ranges(of: marker).compactMap { range in
      let rest = text[range.upperBound...]
      guard rest.first == "\"", let end = rest.dropFirst().firstIndex(of: "\"") else {
        return nil
      }
      return String(rest[rest.index(after: rest.startIndex)..<end])
    }
  }

  @Test func theHostNamesThisPackagesLibraryProductsByItsIdentity() throws {
    let libraries = Set(Self.strings(after: ".library(name: ", in: try Self.manifest()))
    #expect(libraries.contains("Presentation"), "the reader found no library product")
    let products = Self.strings(after: ".product(name: ", in: Self.hostManifest)
    #expect(Set(products) == libraries, "the host names every library product, and only those")
    let path = try #require(Self.strings(after: ".package(path: ", in: Self.hostManifest).first)
    let identity = URL(fileURLWithPath: path).lastPathComponent
    #expect(Self.strings(after: "package: ", in: Self.hostManifest).allSatisfy { $0 == identity })
    let readme = try String(
      contentsOf: DocsSnippetTests.root.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(
      DocsSnippetTests.sources(
        DocsSnippetTests.normalised(readme), contain: DocsSnippetTests.normalised(Self.hostManifest)
      ),
      "the README shows the host's manifest")
  }

  @Test func nothingADependentBuildsCarriesUnsafeFlags() throws {
    #expect(!(try Self.manifest()).contains("unsafeFlags"))
  }
}
