import Foundation
import Testing

extension EndToEnd {
  /// The built binary's command line: help, version, bad flags and values, bad scripts.
  @Suite struct UsageEndToEndTests {
    @Test func helpPrintsUsageAndExitsZero() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(["--help"])
      #expect(result.status == 0, "\(result)")
      #expect(result.stderr.isEmpty)
      Golden.assertMatches(result.stdout, matches: "help")
    }

    @Test func helpInRussian() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(["--help", "--lang", "ru"])
      #expect(result.status == 0, "\(result)")
      #expect(result.stderr.isEmpty)
      Golden.assertMatches(result.stdout, matches: "help-ru")
    }

    @Test(arguments: ["run", "replay", "test", "serve", "orders"])
    func commandHelp(command: String) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run([command, "--help"])
      #expect(result.status == 0, "\(result)")
      #expect(result.stdout.hasPrefix("Usage: hotel"))
      #expect(result.stderr.isEmpty)
      let russian = try await hotel.run(["help", command, "--lang", "ru"])
      #expect(russian.status == 0, "\(russian)")
      #expect(russian.stdout.hasPrefix("Использование: hotel"))
      #expect(russian.stdout.contains("Параметры:"))
    }

    @Test func journeyPathsAreToldInTheAskedLanguage() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let missing = hotel.dataDirectory.appendingPathComponent("missing").path
      let result = try await hotel.run(["test", missing, "--lang", "ru"])
      #expect(result.status == 2, "\(result)")
      #expect(result.stderrLines == ["hotel: test: нет такого файла или папки '\(missing)'"])
    }

    @Test func versionPrintsOneLine() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(["--version"])
      #expect(result.status == 0)
      #expect(result.stdout == "hotel 1.0.0\n")
    }

    @Test(arguments: [
      (
        ["--colour", "never"],
        "hotel: unknown option '--colour'; did you mean '--color'? (see 'hotel --help')"
      ),
      (
        ["--lang", "de"],
        "hotel: --lang: 'de' is not a supported language (en, ru) (see 'hotel --help')"
      ),
      (
        ["--today", "2027-02-30"],
        "hotel: --today: '2027-02-30' is not a real date (see 'hotel --help')"
      ),
      (
        ["--api", "http://example.com"],
        "hotel: --api: http:// is allowed only for loopback hosts; use https://example.com (see 'hotel --help')"
      ),
      (
        ["--api", "http://[::ffff:7f00:1]:8080"],
        Self.ipv6Refusal("[::ffff:7f00:1]")
      ),
      (
        ["serve", "--port", "99999"],
        "hotel: --port: 99999 is outside 0...65535 (see 'hotel --help')"
      ),
      (
        ["replay"],
        "hotel: replay needs a script: hotel replay FILE (or - for standard input) (see 'hotel --help')"
      ),
      (["orders", "--fresh"], "hotel: --fresh does not apply to 'orders' (see 'hotel --help')"),
    ])
    func badFlagsExitTwoWithOneLine(arguments: [String], expected: String) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(arguments)
      #expect(result.status == 2, "\(result)")
      #expect(result.stdout.isEmpty)
      #expect(result.stderrLines == [expected])
    }

    @Test func badScriptLineExitsTwoNamingTheLine() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let script = try hotel.file(
        "bad.hotel", "# a journey\nexpect screen hotel\ntapp hotel.chooseRoom\n")
      let result = try await hotel.run(["replay", script])
      #expect(result.status == 2, "\(result)")
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderrLines == ["hotel: \(script):3: unknown command 'tapp'; did you mean 'tap'?"])
    }

    @Test(arguments: [
      ("type booking.buyer.email \"open", "<stdin>:1: unterminated quote: add the closing \""),
      (
        "expect screen checkout",
        "<stdin>:1: unknown screen 'checkout' (screens: hotel, rooms, booking, paid)"
      ),
      ("show\ntap", "<stdin>:2: missing argument: tap ID"),
      ("back now", "<stdin>:1: unexpected argument 'now': back"),
    ])
    func badScriptFromStandardInput(script: String, expected: String) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(["replay", "-"], stdin: script)
      #expect(result.status == 2, "\(result)")
      #expect(result.stderrLines == ["hotel: " + expected])
    }

    @Test func missingScriptFileExitsTwo() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(["replay", "no-such.hotel"])
      #expect(result.status == 2, "\(result)")
      #expect(result.stderrLines == ["hotel: cannot read the script 'no-such.hotel': no such file"])
    }

    /// The `--api` refusal of an IPv6 host that is not loopback: on Linux the IPv6 one (no
    /// request to an IPv6 address can be made there), elsewhere the loopback rule, the address
    /// in brackets as a URL needs it.
    static func ipv6Refusal(_ host: String) -> String {
      #if canImport(FoundationNetworking)
        "hotel: --api: the IPv6 address \(host) cannot be reached: Foundation on Linux refuses"
          + " IPv6 addresses in URLs; use a host name for it (localhost for [::1]) (see 'hotel --help')"
      #else
        "hotel: --api: http:// is allowed only for loopback hosts; use https://\(host) (see 'hotel --help')"
      #endif
    }

    /// `http://[::1]` on Linux: refused at once (exit 2, in the person's language), not a
    /// "no connection" screen about a server that is up.
    @Test func anIPv6LoopbackAddressIsRefusedOnLinux() async throws {
      #if canImport(FoundationNetworking)
        let hotel = try HotelProcess()
        defer { hotel.cleanUp() }
        let result = try await hotel.run(
          ["replay", "--lang", "ru", "-"], stdin: "show\n",
          environment: ["HOTEL_API_URL": "http://[::1]:8080"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(
          result.stderrLines == [
            "hotel: HOTEL_API_URL: IPv6-адрес [::1] недоступен: Foundation в Linux не принимает"
              + " IPv6-адреса в URL; укажите имя хоста (localhost для [::1]) (см. 'hotel --help')"
          ])
      #endif
    }
  }

  /// `hotel orders` on its own data directory.
  @Suite struct OrdersEndToEndTests {
    @Test func noOrdersYet() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(["orders"])
      #expect(result.status == 0, "\(result)")
      #expect(result.stdout == "No saved orders in \(hotel.dataDirectory.path).\n")
      let json = try await hotel.run(["orders", "--json"])
      #expect(json.status == 0, "\(json)")
      #expect(json.stdout == "[]\n")
      let russian = try await hotel.run(["orders", "--lang", "ru"])
      #expect(russian.status == 0, "\(russian)")
      #expect(russian.stdout == "Нет сохранённых заказов в \(hotel.dataDirectory.path).\n")
    }
  }
}
