import Foundation
import Testing

extension EndToEnd {
  /// What `hotel` makes of an `--api` address with more in it than a scheme, host and port.
  @Suite struct APIAddressEndToEndTests {
    /// A password in `--api` (`http://user:secret@host`) is never printed: the usage error about
    /// the address shows `***` in its place, in both languages, in the terminal and the CI log.
    @Test(arguments: ["99999", "0"], ["en", "ru"])
    func aPasswordInABadAddressIsNotPrinted(port: String, language: String) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(
        ["replay", "-", "--lang", language, "--api", "http://user:s3cret@127.0.0.1:\(port)"],
        stdin: "expect screen hotel\n")
      #expect(result.status == 2, "\(result)")
      #expect(result.stderr.contains("http://user:***@127.0.0.1:\(port)"), "\(result)")
      #expect(!(result.stdout + result.stderr).contains("s3cret"), "\(result)")
    }
  }
}
