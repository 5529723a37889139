import Domain
import Foundation
import Testing
import UseCases

@testable import Persistence

/// A stored file is parsed once (``VersionedFile``: its `schema_version`, then what that version
/// holds), and every outcome of reading it is what it was when the version was probed first:
/// current, older (migrated), newer (left as it is, whatever it holds), and each kind of damage
/// named as the first thing wrong.
@Suite("One parse of a stored file")
struct VersionedFileTests {
  /// An order file whose `order` is `payload`, at schema `version`.
  static func orderFile(version: String, payload: String) -> Data {
    Data(#"{"schema_version": \#(version), "order": \#(payload)}"#.utf8)
  }

  static let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)

  static let damaged: [(text: Data, reason: StoreReport.Reason)] = [
    (Data("this is not JSON".utf8), .undecodable(.notJSON)),
    (Data(), .undecodable(.notJSON)),
    (Data(#"{"schema_version": 2, "order": {"number": 7, "#.utf8), .undecodable(.notJSON)),
    (Data(#"{"order": {}}"#.utf8), .undecodable(.missingKey(path: "schema_version"))),
    (
      Data(#"{"schema_version": "2", "order": {}}"#.utf8),
      .undecodable(.wrongType(path: "schema_version", expected: .wholeNumber))
    ),
    (orderFile(version: "0", payload: "{}"), .badSchemaVersion(0)),
    (orderFile(version: "-3", payload: #""not an order""#), .badSchemaVersion(-3)),
    (Data(#"{"schema_version": 2}"#.utf8), .undecodable(.missingKey(path: "order"))),
    (orderFile(version: "2", payload: deep), .undecodable(.tooDeep(depth: 601, limit: 512))),
    (
      Data(#"{"schema_version": 2, "schema_version": 2, "order": {}}"#.utf8),
      .undecodable(.duplicateKey(path: "schema_version"))
    ),
  ]

  @Test(arguments: damaged.indices)
  func aDamagedFileIsNamedAsTheFirstThingWrong(index: Int) {
    let (text, reason) = Self.damaged[index]
    guard case .failure(.undecodable(let found)) = FileStore.decode(OrderFormat.self, text) else {
      Issue.record("\(String(decoding: text, as: UTF8.self)) decoded")
      return
    }
    #expect(found == reason)
  }

  /// The version is read before what it holds: a newer file is told as newer even when what it
  /// holds is nothing today's program could decode.
  @Test(arguments: [#""a string""#, #"{"loyalty": {"tier": "gold"}}"#, "[1, 2]"])
  func aNewerFileIsNewerWhateverItHolds(payload: String) {
    let result = FileStore.decode(OrderFormat.self, Self.orderFile(version: "3", payload: payload))
    guard case .failure(.newer(let version)) = result else {
      Issue.record("\(result) for a version 3 file")
      return
    }
    #expect(version == 3)
  }

  @Test func aFileTooLargeIsRefusedUnread() {
    let text = Data(count: FileStore.maximumFileSize + 1)
    guard case .failure(.undecodable(let reason)) = FileStore.decode(DraftFormat.self, text) else {
      Issue.record("a file larger than the limit decoded")
      return
    }
    #expect(reason == .tooLarge(limit: FileStore.maximumFileSize))
  }

  /// The one parse reads the current version and migrates the older one, as the probe did.
  @Test func theCurrentAndTheOlderVersionBothDecode() throws {
    let order = try Samples.order(4, second: 4)
    let current = try OrderFormat.encode(order)
    guard case .success(let read) = FileStore.decode(OrderFormat.self, current) else {
      Issue.record("the current version did not decode")
      return
    }
    #expect(read == order)

    let older = Data(OrderMigrationTests.version1.utf8)
    guard case .success(let migrated) = FileStore.decode(OrderFormat.self, older) else {
      Issue.record("version 1 did not decode")
      return
    }
    #expect(migrated.number == 104893)
  }
}
