import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension EndToEnd {
  /// A QA engineer points `hotel` at a staging server over `https` whose certificate this machine
  /// does not trust (self-signed, as `openssl s_server` serves it): the Hotel screen says why and
  /// what to do, in the `--lang` language, at once (not retried), never "No connection".
  @Suite(.enabled(if: OpenSSL.executable != nil, "openssl is not installed (.ci/run installs it)"))
  struct CertificateEndToEndTests {
    @Test(arguments: [
      ("en", "has a self-signed certificate, which this computer does not trust"),
      ("ru", "самоподписанный сертификат, которому этот компьютер не доверяет"),
    ])
    func aSelfSignedServerIsNamedAsNotTrusted(language: String, words: String) async throws {
      let openssl = try #require(OpenSSL.executable)
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let key = hotel.dataDirectory.appendingPathComponent("key.pem").path
      let certificate = hotel.dataDirectory.appendingPathComponent("cert.pem").path
      let made = try await hotel.run(
        executable: openssl,
        [
          "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
          "-keyout", key, "-out", certificate, "-days", "2", "-subj", "/CN=127.0.0.1",
          "-addext", "subjectAltName=IP:127.0.0.1",
        ])
      try #require(made.status == 0, "\(made)")
      let server = try BackgroundProcess(
        openssl.path,
        ["s_server", "-cert", certificate, "-key", key, "-accept", "127.0.0.1:0", "-www"],
        environment: hotel.environment,
        errorPath: hotel.dataDirectory.appendingPathComponent("s_server.err").path)
      let lines = await server.readLines { $0.hasPrefix("ACCEPT ") }
      let address = try #require(lines.last?.split(separator: " ").last, "\(lines)")
      let result = try await hotel.run(
        ["replay", "-", "--api", "https://\(address)", "--lang", language],
        stdin: "expect text \"Makadi\"\n")
      _ = await server.stop(SIGTERM)
      #expect(result.status == 3, "\(result)")
      #expect(result.stderr.contains(words), "\(result)")
      #expect(result.stderr.contains(String(address)), "\(result)")
      #expect(!result.stderr.contains("No connection"), "\(result)")
    }
  }
}

/// Where openssl is, if installed.
enum OpenSSL {
  /// The openssl executable, or `nil`.
  static let executable: URL? = ["/usr/bin/openssl", "/usr/local/bin/openssl"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }
    .map { URL(fileURLWithPath: $0) }
}
