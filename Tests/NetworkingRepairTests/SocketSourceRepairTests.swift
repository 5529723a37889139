import Domain
import FixtureAPI
import Foundation
import Testing
import UseCases

@testable import NetworkingRepair

/// The repair is the app's choice: installing it redirects FoundationNetworking's imports of
/// libcurl; a host that does not opt in keeps them as the loader bound them, requests and all.
@Suite("The repair is installed by the app, and only then")
struct SocketSourceRepairTests {
  @Test func installingRedirectsFoundationNetworkingsImports() {
    #expect(URLSessionRepair.install() == RepairHarness.platformNeedsRepair)
    #expect(URLSessionRepair.install() == RepairHarness.platformNeedsRepair, "once, and again")
    let expected = RepairHarness.platformNeedsRepair ? URLSessionRepair.redirectedFunctions : []
    #expect(URLSessionRepair.redirectedImports() == expected)
  }

  @Test func aRepairedSessionServesRequests() async throws {
    try await withRepairedAPI { harness in
      for _ in 0..<3 {
        let hotel = try await harness.api.hotel(.en, .network)
        #expect(hotel.value.name == "The best five-star hotel in Hurghada, Egypt")
      }
    }
  }

  /// `UnrepairedHost` loads data through `Networking` alone (a process of its own: this one has
  /// the repair installed by the other tests), then reads FoundationNetworking's table.
  @Test func aHostThatDoesNotOptInIsLeftUnpatched() async throws {
    let fixture = FixtureServer()
    let baseURL = try fixture.start()
    let run = try await UnrepairedHost.run([baseURL.absoluteString])
    await fixture.stop()
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output == "ok: hotel, rooms; redirected imports: none\n")
    #expect(fixture.receivedRequests.map(\.path) == ["/hotel", "/rooms"])
  }
}

/// The `UnrepairedHost` executable (built beside the test binary), run as a child process.
enum UnrepairedHost {
  /// Where the executable is: next to the test binary, or a few folders up (macOS bundles).
  static func location() throws -> URL {
    let starts = [
      Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0]),
    ].compactMap { $0?.resolvingSymlinksInPath().deletingLastPathComponent() }
    for start in starts {
      var folder = start
      for _ in 0..<5 {
        let candidate = folder.appendingPathComponent("UnrepairedHost")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        folder = folder.deletingLastPathComponent()
      }
    }
    throw CocoaError(.fileNoSuchFile)
  }

  /// Runs it with `arguments` to its end, waited for on a thread of its own.
  static func run(
    _ arguments: [String]
  ) async throws -> (status: Int32, output: String, errors: String) {
    let process = Process()
    process.executableURL = try location()
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    return await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        let written = output.fileHandleForReading.readDataToEndOfFile()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        continuation.resume(
          returning: (
            process.terminationStatus, String(decoding: written, as: UTF8.self),
            String(decoding: said, as: UTF8.self)
          ))
      }
    }
  }
}
