import Domain
import Foundation
import TestSupport
import Testing
import UseCases

@testable import Persistence

/// A file that does not decode is reported as what is wrong and where, as data (never
/// Foundation's debug text): not JSON, a missing key, a wrong type, a number out of range.
@Suite("Typed decoding failures of files")
struct TypedDecodingTests {
  /// An order file as written, with `target` replaced by `replacement`.
  static func orderFile(_ target: String, _ replacement: String) throws -> String {
    let text = String(decoding: try OrderFormat.encode(try Samples.order(7)), as: UTF8.self)
    #expect(text.contains(target), "the sample order file holds \(target)")
    return text.replacingOccurrences(of: target, with: replacement)
  }

  @Test(arguments: [
    (
      #""number" : 7"#, #""number" : 99999999999999999999"#,
      DecodingProblem.outOfRange(path: "order.number", value: "99999999999999999999")
    ),
    (#""number" : 7"#, #""number" : 1e400"#, .outOfRange(path: "order.number", value: "1e400")),
    (#""number" : 7"#, #""number" : -1e400"#, .outOfRange(path: "order.number", value: "-1e400")),
    (
      #""number" : 7"#, #""number" : 7.5"#, .wrongType(path: "order.number", expected: .wholeNumber)
    ),
    (
      #""number" : 7"#, #""number" : "7""#, .wrongType(path: "order.number", expected: .wholeNumber)
    ),
    (
      #""number" : 7"#, #""number" : null"#,
      .wrongType(path: "order.number", expected: .wholeNumber)
    ),
    (#""idempotencyKey""#, #""key""#, .missingKey(path: "order.idempotencyKey")),
    // A key twice (the second spelled with an escape): before, the first value was kept.
    (
      #""number" : 7"#, #""number" : 7, "num\u0062er" : 8"#,
      .duplicateKey(path: "order.number")
    ),
    (
      #""schema_version" : 2"#, #""schema_version" : "2""#,
      .wrongType(path: "schema_version", expected: .wholeNumber)
    ),
    (
      #""rating" : 5"#, #""rating" : 9"#,
      .outOfRange(path: "order.request.offer.rating", value: "9")
    ),
    (
      #""birthDate" : "1990-05-17""#, #""birthDate" : "2027-09-20""#,
      .invalidValue(path: "order.request.tourists[0].birthDate")
    ),
    (
      #""passportExpiry" : "2030-01-01""#, #""passportExpiry" : "2027-09-27""#,
      .invalidValue(path: "order.request.tourists[0].passportExpiry")
    ),
    (
      #""numberOfNights" : 7"#, #""numberOfNights" : -7"#,
      .outOfRange(path: "order.request.offer.numberOfNights", value: "-7")
    ),
  ])
  func anOrderFileNamesWhatIsWrongAndWhere(
    target: String, replacement: String, problem: DecodingProblem
  ) async throws {
    try await TemporaryDirectory.with { temp in
      let log = ReportLog()
      let store = FileStore(directory: temp.dataDirectory, report: log.report)
      let orders = OrderStore.files(store)
      try await orders.save(Samples.order(8))
      let path = store.path("orders", "7.json")
      try Data(try Self.orderFile(target, replacement).utf8).write(
        to: URL(fileURLWithPath: path))

      #expect(try await orders.all().map(\.number) == [8], "the good order is still listed")
      #expect(
        log.events == [
          .movedAside(path: path, movedTo: path + ".corrupt", reason: .undecodable(problem))
        ])
      #expect(!log.all.joined().contains("CodingKeys"))
      #expect(!log.all.joined().contains("Expected to decode"))
    }
  }

  /// Saved orders that no server would have accepted are moved aside and reported, naming the
  /// value; the others are listed.
  ///
  /// Nothing traps, however large the numbers.
  @Test func absurdSavedOrdersAreNotListed() async throws {
    try await TemporaryDirectory.with { temp in
      let log = ReportLog()
      let store = FileStore(directory: temp.dataDirectory, report: log.report)
      let orders = OrderStore.files(store)
      var negative = try Samples.order(1)
      negative.serverTotal = Money(-300_850)
      var crowd = try Samples.order(2)
      crowd.request.tourists = Array(repeating: try Samples.tourist(), count: 5000)
      var huge = try Samples.order(3)
      huge.serverTotal = Money(Int.max)
      var shown = try Samples.order(4)
      shown.request.form = ["price.total": "-1"]
      var priced = try Samples.order(5)
      priced.request.offer.prices.tourPrice = Money(-289_400)
      // Written as files: the store refuses to save what its reader refuses.
      try store.prepare(subdirectory: OrderFiles.folderName)
      for order in [negative, crowd, huge, shown, priced, try Samples.order(6)] {
        try store.writeAtomically(
          OrderFormat.encode(order), to: store.path("orders", "\(order.number).json"))
      }

      #expect(try await orders.all().map(\.number) == [6])
      let reasons = log.events.compactMap { event -> DecodingProblem? in
        guard case .movedAside(_, _, .undecodable(let problem)) = event else { return nil }
        return problem
      }
      #expect(
        reasons == [
          .outOfRange(path: "order.serverTotal.amount", value: "-300850"),
          .outOfRange(path: "order.request.tourists", value: "5000"),
          .outOfRange(path: "order.serverTotal.amount", value: String(Int.max)),
          .outOfRange(path: "order.request.form.price.total", value: "-1"),
          .outOfRange(path: "order.request.offer.prices.tourPrice", value: "-289400"),
        ])
      #expect(
        try FileSystem.live.list(store.path("orders"))?.sorted()
          == [
            "1.json.corrupt", "2.json.corrupt", "3.json.corrupt", "4.json.corrupt",
            "5.json.corrupt", "6.json",
          ])
    }
  }

  @Test(arguments: [
    (#"{"schema_version": 1, "draft": {"stack": [{"hotel""#, DecodingProblem.notJSON),
    (#"{"schema_version": 1}"#, .missingKey(path: "draft")),
    (
      #"{"schema_version": 1e400, "draft": {}}"#,
      .outOfRange(path: "schema_version", value: "1e400")
    ),
    (
      #"{"schema_version": 1, "draft": {"stack": 5}}"#,
      .wrongType(path: "draft.stack", expected: .list)
    ),
    ("[1, 2]", .wrongType(path: nil, expected: .object)),
    // Before: "draft.stack[0] is not an object" for a screen this version does not know.
    (
      #"{"schema_version": 1, "draft": {"stack": [{"spaceship": {}}]}}"#,
      .invalidValue(path: "draft.stack[0]")
    ),
    (
      #"{"schema_version": 1, "draft": {"stack": [{"hotel": {}, "rooms": {}}]}}"#,
      .invalidValue(path: "draft.stack[0]")
    ),
    (
      #"{"schema_version": 1, "draft": {"stack": [{"booking": {}}]}}"#,
      .missingKey(path: "draft.stack[0].booking.roomID")
    ),
  ])
  func aDraftNamesWhatIsWrong(text: String, problem: DecodingProblem) async throws {
    try await TemporaryDirectory.with { temp in
      let log = ReportLog()
      let store = FileStore(directory: temp.dataDirectory, report: log.report)
      try store.prepare()
      let path = store.path("draft.json")
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))

      #expect(try DraftFiles(store: store).load() == nil)
      #expect(
        log.events == [
          .movedAside(path: path, movedTo: path + ".corrupt", reason: .undecodable(problem))
        ])
    }
  }

  @Test(arguments: [
    (
      #"{"schema_version": 1, "key": "GET /hotel en"}"#,
      DecodingProblem.missingKey(path: "response")
    ),
    (
      #"{"schema_version": 1, "key": 99999999999999999999}"#,
      .wrongType(path: "key", expected: .text)
    ),
    (
      #"{"schema_version": 1, "key": "GET /hotel en", "response": {"body": 5, "storedAt": "x"}}"#,
      .wrongType(path: "response.body", expected: .text)
    ),
  ])
  func aCacheEntryNamesWhatIsWrong(text: String, problem: DecodingProblem) async throws {
    try await TemporaryDirectory.with { temp in
      let log = ReportLog()
      let store = FileStore(directory: temp.dataDirectory, report: log.report)
      try store.prepare(subdirectory: "cache")
      let path = store.path("cache", CacheFormat.fileName(for: "GET /hotel en"))
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))

      #expect(await ResponseCache.files(store).entry("GET /hotel en") == nil)
      #expect(
        log.events == [
          .movedAside(path: path, movedTo: path + ".corrupt", reason: .undecodable(problem))
        ])
    }
  }

  /// `EMFILE` while saving an order is told as too many open files, not as "every file name is
  /// taken".
  @Test func tooManyOpenFilesWhileSavingIsToldAsSuch() async throws {
    try await TemporaryDirectory.with { temp in
      let live = FileSystem.live
      var failing = live
      failing.read = { path, _ throws(StoreError) in
        throw .io(operation: "open", path: path, cause: IOCause(code: EMFILE))
      }
      let store = FileStore(directory: temp.dataDirectory, fileSystem: failing)
      try store.prepare(subdirectory: "orders")
      let orders = OrderStore.files(store)
      await #expect(
        throws: StoreError.io(
          operation: "open", path: store.path("orders", "7.json"), cause: .tooManyOpenFiles)
      ) {
        try await orders.save(Samples.order(7))
      }
    }
  }

  @Test(arguments: [
    (EMFILE, IOCause.tooManyOpenFiles), (ENFILE, .tooManyOpenFiles), (ENOSPC, .noSpace),
    (EACCES, .permissionDenied), (EPERM, .permissionDenied), (EROFS, .readOnlyFileSystem),
    (ENOENT, .notFound), (ENOTDIR, .notADirectory), (EEXIST, .alreadyExists),
    (EISDIR, .isADirectory), (ELOOP, .symbolicLinkLoop), (ENAMETOOLONG, .nameTooLong),
  ])
  func errnoBecomesATypedCause(code: Int32, cause: IOCause) {
    #expect(IOCause(code: code) == cause)
  }

  @Test func anyOtherErrnoKeepsItsCodeAndTheSystemsWords() {
    guard case .other(let code, let description) = IOCause(code: EIO) else {
      Issue.record("EIO has no case of its own")
      return
    }
    #expect(code == EIO)
    #expect(description.lowercased().contains("input/output"))
  }

  /// Every slot of an order number really taken by other orders: the typed error, not
  /// a sentence.
  @Test func noFileNameLeftIsTyped() async throws {
    try await TemporaryDirectory.with { temp in
      let live = FileSystem.live
      var crowded = live
      let other = try OrderFormat.encode(try Samples.order(7, key: "someone else"))
      crowded.read = { _, _ throws(StoreError) in other }
      let store = FileStore(directory: temp.dataDirectory, fileSystem: crowded)
      await #expect(throws: StoreError.noFileNameLeft(orderNumber: 7, slots: 1000)) {
        try await OrderStore.files(store).save(Samples.order(7))
      }
    }
  }
}

/// The steps of a draft keep the form Swift's synthesized coding gave them, both ways.
@Suite struct DraftStepFormTests {
  static let saved = #"""
    {"schema_version": 1, "draft": {"fields": {}, "touristCount": 1, "stack": [
      {"hotel": {}}, {"rooms": {}}, {"booking": {"roomID": 2}}, {"paid": {"orderNumber": 104893}}
    ]}}
    """#

  @Test func aDraftSavedBeforeReadsAsItWasWritten() throws {
    let draft = try DraftFormat.decode(Data(Self.saved.utf8), version: 1)
    #expect(draft.stack == [.hotel, .rooms, .booking(roomID: 2), .paid(orderNumber: 104_893)])
  }

  @Test func aDraftIsWrittenInTheSameForm() throws {
    let draft = try DraftFormat.decode(Data(Self.saved.utf8), version: 1)
    let written = try JSONSerialization.jsonObject(with: DraftFormat.encode(draft)) as? NSDictionary
    let expected = try JSONSerialization.jsonObject(with: Data(Self.saved.utf8)) as? NSDictionary
    #expect(written != nil && written == expected)
  }
}
