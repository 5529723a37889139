import Domain
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension EndToEnd {
  /// SPEC section 8: what is personal is decided by a field's rule, not its ID.
  ///
  /// A server form that adds `buyer.mobile` (rule phone) and `tourist.docNumber` (rule passport
  /// number) gets them masked in failure lines, `--json` failures, `hotel test`'s output and its
  /// JUnit report (failure texts and screens).
  @Suite struct PersonalDataEndToEndTests {
    static let today = ["--today", "2026-06-01"]

    /// The built-in form plus a second phone and a document number, named as the built-in
    /// form never names them.
    static func schema() throws -> String {
      var schema = FormSchema.booking(language: .en)
      let buyer = try #require(schema.sections.firstIndex { $0.id == "buyer" })
      schema.sections[buyer].fields.append(
        FormField(id: "mobile", label: "Mobile", inputType: .phone, rules: [.phone]))
      let tourist = try #require(schema.sections.firstIndex { $0.id == "tourist" })
      schema.sections[tourist].fields.append(
        FormField(
          id: "docNumber", label: "Document number", inputType: .string,
          rules: [.passportNumber]))
      return String(decoding: try JSONEncoder().encode(schema), as: UTF8.self)
    }

    static let toBooking = """
      tap hotel.chooseRoom
      tap rooms.room.2.choose
      type booking.buyer.mobile 9161234567
      type booking.tourist.1.docNumber "45 12 345678"

      """

    static let secrets = ["123-45-67", "9161234567", "345678", "45 12"]

    @Test func failureLinesAndJSONFailuresMaskFieldsByTheirRule() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let form = try hotel.file("personal.json", try Self.schema())
      let (result, _) = try await hotel.replay(
        Self.toBooking + "expect value booking.buyer.mobile \"+7 (916) 000-00-00\"\n",
        serving: ["--form", form], options: Self.today)
      #expect(result.status == 1, "\(result)")
      #expect(result.stderr.contains("the field shows '•••• 4567', not '•••• 0000'"), "\(result)")
      for secret in Self.secrets { #expect(!result.stderr.contains(secret), "\(result)") }

      let (json, _) = try await hotel.replay(
        Self.toBooking + "expect error booking.tourist.1.docNumber\n",
        serving: ["--form", form], options: Self.today + ["--json"])
      #expect(json.status == 1, "\(json)")
      let last = try #require(json.stdout.split(separator: "\n").last)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
      let failure = try #require(object["failure"] as? String)
      #expect(failure.contains("•••• 5678"), "\(failure)")
      for secret in Self.secrets { #expect(!failure.contains(secret), "\(failure)") }
    }

    @Test func theJUnitReportMasksFieldsByTheirRuleInTextsAndScreens() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let form = try hotel.file("personal.json", try Self.schema())
      let folder = hotel.dataDirectory.appendingPathComponent("journeys", isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(
        (Self.toBooking + EndToEnd.filledIn
          + "expect value booking.tourist.1.docNumber \"4512 000000\"\n").utf8
      ).write(to: folder.appendingPathComponent("personal.hotel"))
      let errors = hotel.dataDirectory.appendingPathComponent("serve.err").path
      let server = try BackgroundProcess(
        try HotelProcess.binary().path, ["serve", "--port", "0", "--form", form],
        environment: hotel.environment, errorPath: errors)
      let url = try #require(await server.readLine())
      let junit = hotel.dataDirectory.appendingPathComponent("report.xml")
      let result = try await hotel.run(
        ["test", folder.path, "--api", url, "--junit", junit.path] + Self.today)
      #expect(await server.stop(SIGTERM) == 0)
      #expect(result.status == 1, "\(result)")
      #expect(result.stdout.contains("'•••• 5678', not '•••• 0000'"), "\(result)")
      let report = try String(contentsOf: junit, encoding: .utf8)
      #expect(report.contains("•••• 5678"), "\(report)")
      #expect(report.contains("The screen at that line"), "\(report)")
      for secret in Self.secrets + ["4512 000000"] {
        #expect(!report.contains(secret), "\(secret): \(report)")
        #expect(!result.stdout.contains(secret), "\(secret): \(result)")
      }
    }
  }
}
