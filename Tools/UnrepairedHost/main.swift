// A host of the library products that does not opt in to NetworkingRepair: it loads the
// Hotel and Rooms screens' data through `Networking` alone, then says which of
// FoundationNetworking's imports of libcurl are no longer as the loader bound them (none, for a
// host that did not opt in). NetworkingRepairTests runs it to check that `Networking` changes
// nothing outside itself; the benchmarks' waiting row runs it against a slow API, beside `hotel`.
//
//   UnrepairedHost http://127.0.0.1:8080
//   ok: hotel, rooms; redirected imports: none
import Domain
import Foundation
import Networking
import NetworkingRepair
import UseCases

guard CommandLine.arguments.count == 2, let baseURL = URL(string: CommandLine.arguments[1]) else {
  FileHandle.standardError.write(Data("usage: UnrepairedHost BASE_URL\n".utf8))
  exit(2)
}
let cache = ResponseCache(entry: { _ in nil }, store: { _, _ in })
do {
  let server = try LiveServer(
    baseURL: baseURL, timeout: .seconds(30), dependencies: .live(language: .en), cache: cache)
  _ = try await server.api.hotel(.en, .network)
  _ = try await server.api.rooms(.en, .network)
} catch {
  FileHandle.standardError.write(Data("failed: \(error)\n".utf8))
  exit(1)
}
let redirected = URLSessionRepair.redirectedImports()
print(
  "ok: hotel, rooms; redirected imports: \(redirected.isEmpty ? "none" : redirected.joined(separator: ", "))"
)
