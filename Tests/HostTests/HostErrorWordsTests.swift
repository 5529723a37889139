import Domain
import Foundation
import Networking
import Persistence
import Presentation
import Synchronization
import Testing
import UseCases

/// The two errors a host could not word before (SPEC section 10: a host writes only its views; no
/// rule, localisation among them, is implemented twice): what a store reports and got past, and a
/// base URL that cannot be used.
///
/// Both are typed values of UseCases that Persistence and Networking produce, worded by the
/// `Localizer` in both languages, as the `hotel` app words them. Public API only.
@MainActor @Suite struct HostErrorWordsTests {
  let english = Localizer(language: .en)
  let russian = Localizer(language: .ru)

  /// A real store meets a corrupt draft, moves it aside and reports it; the host says so.
  @Test func aStoreReportIsWordedInBothLanguages() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("host-report-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("{\"schema_version\": 1, \"draft\": {".utf8)
      .write(to: directory.appendingPathComponent("draft.json"))
    let reports = Mutex<[StoreReport]>([])
    let stores = LocalStores(
      directory: DataDirectory(path: directory.path), clock: ContinuousClock(),
      report: { report in reports.withLock { $0.append(report) } })
    #expect(try await stores.drafts.load() == nil)
    let path = directory.path + "/draft.json"
    let report = try #require(reports.withLock { $0.first })
    #expect(
      report == .movedAside(path: path, movedTo: path + ".corrupt", reason: .undecodable(.notJSON)))
    #expect(
      english.storeReport(report)
        == "\(path) could not be read (it is not valid JSON); it was moved aside to \(path).corrupt"
    )
    #expect(
      russian.storeReport(report)
        == "\(path) не удалось прочитать (это не JSON); файл перемещён в \(path).corrupt")
  }

  @Test func everyStoreReportHasItsOwnWordsInBothLanguages() {
    let reports: [StoreReport] = [
      .movedAside(path: "/d/o/1.json", movedTo: "/d/o/1.json.corrupt", reason: .notRegularFile),
      .movedAside(path: "/d/o/1.json", movedTo: "/d/o/1.json.corrupt", reason: .tooLarge(limit: 9)),
      .movedAside(
        path: "/d/o/1.json", movedTo: "/d/o/1.json.corrupt", reason: .badSchemaVersion(0)),
      .newerVersionSkipped(path: "/d/o/7.json", version: 99),
      .unreadable(
        path: "/d/o/8.json",
        error: .io(operation: "read", path: "/d/o/8.json", cause: .permissionDenied)),
      .draftNotSaved(.cannotSave("the draft cannot be encoded")),
    ]
    for localizer in [english, russian] {
      let texts = reports.map { localizer.storeReport($0) }
      #expect(Set(texts).count == reports.count, "each report has words of its own")
      #expect(texts.allSatisfy { !$0.contains("StoreReport") && !$0.contains("(path:") })
    }
    #expect(
      english.storeReport(reports[5])
        == "could not save the unfinished booking: could not save: the draft cannot be encoded")
    #expect(
      russian.storeReport(reports[4])
        == "/d/o/8.json пропущен, его не удалось прочитать: read не удался для /d/o/8.json (нет доступа);"
        + " проверьте права доступа к файлу и его папке"
    )
  }

  /// Networking's rule refuses an address; the host says why, in the setting's terms.
  @Test(arguments: [
    (
      "http://example.com", "http:// is allowed only for loopback hosts; use https://example.com",
      "http:// допустим только для этого компьютера; используйте https://example.com"
    ),
    (
      "ftp://127.0.0.1", "'ftp://127.0.0.1' is not an http:// or https:// URL",
      "'ftp://127.0.0.1' — не адрес http:// или https://"
    ),
    (
      "http://127.0.0.1:70000",
      "70000 in 'http://127.0.0.1:70000' is not a port number (1...65535)",
      "70000 в 'http://127.0.0.1:70000' — не номер порта (1...65535)"
    ),
  ])
  func aBaseURLProblemIsWordedInBothLanguages(
    url: String, english text: String, russian: String
  )
    throws
  {
    let problem = try #require(throws: BaseURLProblem.self) {
      try APIConfiguration.checkedBaseURL(url)
    }
    #expect(english.baseURLProblem(problem, in: url) == text)
    #expect(self.russian.baseURLProblem(problem, in: url) == russian)
  }

  /// An IPv6 address literal (refused on Linux, where Foundation cannot reach one) is named,
  /// with what to type instead.
  @Test func anIPv6AddressIsWordedInBothLanguages() {
    let url = "http://[::1]:8080"
    #expect(
      english.baseURLProblem(.ipv6Literal("[::1]"), in: url)
        == "the IPv6 address [::1] cannot be reached: Foundation on Linux refuses IPv6 addresses"
        + " in URLs; use a host name for it (localhost for [::1])")
    #expect(
      russian.baseURLProblem(.ipv6Literal("[::1]"), in: url)
        == "IPv6-адрес [::1] недоступен: Foundation в Linux не принимает IPv6-адреса в URL;"
        + " укажите имя хоста (localhost для [::1])")
  }
}
