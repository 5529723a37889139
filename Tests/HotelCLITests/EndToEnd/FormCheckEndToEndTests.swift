import Domain
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension EndToEnd {
  /// `hotel form check FILE` (SPEC section 6, the designer's loop): every problem of a form
  /// schema file as `FILE:LINE:COLUMN: error: MESSAGE`, a count, exit 0 when the form loads.
  @Suite struct FormCheckEndToEndTests {
    /// The built-in form, pretty-printed, with `change` made to it: a form the app uses.
    static func bookingForm(_ change: (inout FormSchema) -> Void = { _ in }) throws -> String {
      var schema = FormSchema.booking(language: .en)
      change(&schema)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      return String(decoding: try encoder.encode(schema), as: UTF8.self)
    }

    /// Line and column (from 1) of the first `needle` in `text` (ASCII before it on its line).
    static func place(of needle: String, in text: String) throws -> String {
      let lines = text.components(separatedBy: "\n")
      let line = try #require(lines.firstIndex { $0.contains(needle) })
      let column = try #require(lines[line].range(of: needle)).lowerBound
      return "\(line + 1):\(lines[line].distance(from: lines[line].startIndex, to: column) + 1)"
    }

    @Test func everyProblemIsPrintedWithItsPlaceAndTheCountFollows() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let path = try hotel.file(
        "form.json",
        [
          #"{"version": 1, "sections": ["#,
          #"  {"id": "extras", "title": "Extras", "fields": ["#,
          ##"    {"id": "code", "style": {"foreground": "red", "background": "#FFFFFF"}},"##,
          #"    {"id": "bad", "rules": ["requird", {"pattern": "(?=a)"}]},"#,
          #"    {"id": "fee", "input_type": "none", "compute": "1 + feee"},"#,
          #"    {"id": "kind", "input_type": "slider"},"#,
          #"    {"id": "a", "input_type": "none", "compute": "b"},"#,
          #"    {"id": "b", "input_type": "none", "compute": "a", "depends_on": ["nowhere"]}"#,
          "  ]}",
          "]}",
        ].joined(separator: "\n"))
      let result = try await hotel.run(["form", "check", path])
      #expect(result.status == 1, "\(result)")
      #expect(result.stderr.isEmpty, "\(result)")
      let lines = result.stdoutLines
      #expect(lines.count == 8, "\(result)")
      guard lines.count == 8 else { return }
      #expect(
        lines[0]
          == "\(path):3:44: error: Invalid style in extras.code: style.foreground 'red' is not #RRGGBB"
      )
      #expect(
        lines[1] == "\(path):4:29: error: Unknown validation rule 'requird' in field extras.bad")
      #expect(
        lines[2]
          == "\(path):4:53: error: Invalid pattern '(?=a)' in field extras.bad: position 1: lookaround assertions are not supported"
      )
      #expect(
        lines[3]
          == "\(path):5:57: error: extras.fee.compute, position 5: unknown field or constant 'feee'"
      )
      #expect(
        lines[4].hasPrefix(
          "\(path):6:34: warning: Unknown input type 'slider' in field extras.kind"))
      #expect(
        lines[5]
          == "\(path):7:5: error: Fields depend on each other in a cycle: extras.a -> extras.b -> extras.a"
      )
      #expect(lines[6] == "\(path):8:70: error: extras.b.depends_on: unknown field 'nowhere'")
      #expect(lines[7] == "6 errors, 1 warning")

      let russian = try await hotel.run(["form", "check", path, "--lang", "ru"])
      #expect(russian.status == 1)
      #expect(
        russian.stdoutLines.first
          == "\(path):3:44: error: неверный стиль в extras.code: style.foreground 'red' не #RRGGBB")
      #expect(russian.stdoutLines.last == "ошибок: 6, предупреждений: 1")
    }

    @Test func aFormWithWarningsOnlyLoads() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let text = try Self.bookingForm { schema in
        schema.sections[0].fields[0].style = FormStyle(
          foreground: RGBColor(hex: "#777777"), background: RGBColor(hex: "#888888"))
      }
      let path = try hotel.file("warned.json", text)
      let result = try await hotel.run(["form", "check", path])
      #expect(result.status == 0, "\(result)")
      let style = try Self.place(of: "\"style\" : {", in: text)
      let column = try #require(Int(style.split(separator: ":")[1])) + "\"style\" : ".count
      let line = style.split(separator: ":")[0]
      #expect(
        result.stdoutLines == [
          "\(path):\(line):\(column): warning: Poor contrast in buyer.phone: style.foreground on style.background is 1.2:1, under the 3:1 a text needs to be read",
          "0 errors, 1 warning",
        ], "\(result)")
      let clean = try hotel.file("clean.json", try Self.bookingForm())
      let fine = try await hotel.run(["form", "check", clean])
      #expect(fine.status == 0 && fine.stdoutLines == ["0 errors, 0 warnings"], "\(fine)")
    }

    /// A form the app refuses because it could never place an order is an error too.
    @Test func aFormThatCannotPlaceAnOrderDoesNotLoad() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let path = try hotel.file(
        "small.json", #"  {"version": 1, "sections": [{"id": "s", "fields": [{"id": "a"}]}]}"#)
      let result = try await hotel.run(["form", "check", path])
      #expect(result.status == 1, "\(result)")
      #expect(
        result.stdoutLines == [
          "\(path):1:3: error: the form has no field tourist, which an order needs",
          "1 error, 0 warnings",
        ], "\(result)")
    }

    @Test func crlfLineEndsAndTabsArePlacedAsAnEditorShowsThem() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let path = try hotel.file(
        "tabs.json",
        "{\"version\": 1,\r\n\"sections\": [{\"id\": \"s\", \"fields\": [\r\n\t{\"id\":\t\"ё\", \"label\": \"x\"}]}]}\r\n"
      )
      let result = try await hotel.run(["form", "check", path])
      #expect(result.status == 1)
      #expect(
        result.stdoutLines.first
          == "\(path):3:9: error: Invalid identifier at s.ё: use Latin letters (a-z, A-Z), digits and _, not starting with a digit",
        "\(result)")
    }

    @Test func hostileFilesAreToldInOneLineAndNeverHang() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let deep = try hotel.file(
        "deep.json", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
      )
      let nul = hotel.dataDirectory.appendingPathComponent("nul.json").path
      try Data(Array(#"{"version": 1, "sections": [{"id": "a"#.utf8) + [0] + Array(#""}]}"#.utf8))
        .write(to: URL(fileURLWithPath: nul))
      let latin1 = hotel.dataDirectory.appendingPathComponent("latin1.json").path
      try Data(
        Array("{\n  \"version\": 1, \"sections\": [{\"id\": \"caf".utf8) + [0xE9]
          + Array("\"}]}".utf8)
      )
      .write(to: URL(fileURLWithPath: latin1))
      let expectations = [
        (
          deep,
          "\(deep):1:513: error: Invalid form schema: it is not valid JSON: arrays and objects nested more than 512 levels deep"
        ),
        (
          nul,
          "\(nul):1:38: error: Invalid form schema: it is not valid JSON: a control character (U+0000) in a string; write it as an escape (\\n, \\t, \\u0000)"
        ),
        (
          latin1,
          "\(latin1):2:41: error: Invalid form schema: it is not valid JSON: bytes that are not UTF-8 text, which JSON must be"
        ),
      ]
      for (path, said) in expectations {
        let result = try await hotel.run(["form", "check", path], timeLimit: 30)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdoutLines == [said, "1 error, 0 warnings"], "\(result)")
      }
    }

    /// A file that cannot be read is one line on stderr, exit 1, whatever it is.
    @Test func anUnreadableFileIsOneLine() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let directory = hotel.dataDirectory.path
      let big = try hotel.file("big.json", String(repeating: " ", count: 1_048_577))
      let fifo = hotel.dataDirectory.appendingPathComponent("fifo").path
      #expect(mkfifo(fifo, 0o600) == 0)
      let dangling = hotel.dataDirectory.appendingPathComponent("dangling.json").path
      try FileManager.default.createSymbolicLink(
        atPath: dangling, withDestinationPath: "/nowhere/x")
      let missing = hotel.dataDirectory.appendingPathComponent("missing.json").path
      let cases = [
        (directory, "it is a directory"),
        (big, "it is larger than 1 MiB, a form schema's limit"),
        ("/dev/zero", "it is larger than 1 MiB, a form schema's limit"),
        (fifo, "it is a FIFO or a device and nothing was written to it"),
        (dangling, "it is a link to nothing"),
        (missing, "no such file"),
      ]
      for (path, why) in cases {
        let result = try await hotel.run(["form", "check", path], timeLimit: 20)
        #expect(result.status == 1 && !result.timedOut, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(
          result.stderrLines == ["hotel: form check: cannot read \(path): \(why)"], "\(result)")
      }
      let russian = try await hotel.run(["form", "check", directory, "--lang", "ru"])
      #expect(
        russian.stderrLines == ["hotel: form check: нельзя прочитать \(directory): это каталог"])
    }

    @Test(.enabled(if: getuid() != 0, "root reads a file whatever its mode"))
    func aFileWithoutPermissionIsOneLine() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let path = try hotel.file("locked.json", "{}")
      #expect(chmod(path, 0) == 0)
      let result = try await hotel.run(["form", "check", path])
      #expect(result.status == 1)
      #expect(
        result.stderrLines == [
          "hotel: form check: cannot read \(path): it cannot be read (no permission?)"
        ])
    }

    /// Tens of thousands of problems: the first 100 are printed, the rest counted, at once.
    @Test func aFileOfFiftyThousandProblemsStaysBounded() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let rules = Array(repeating: #""x""#, count: 50_000).joined(separator: ",")
      let path = try hotel.file(
        "many.json",
        #"{"version": 1, "sections": [{"id": "s", "fields": [{"id": "a", "rules": ["# + rules
          + "]}]}]}")
      let result = try await hotel.run(["form", "check", path], timeLimit: 60)
      #expect(result.status == 1 && !result.timedOut, "\(result.stderr)")
      #expect(result.stdoutLines.count == 101)
      #expect(result.stdoutLines.last == "50000 errors, 0 warnings (49900 not shown)")
      #expect(
        result.stdoutLines.first?.hasSuffix(
          ":1:74: error: Unknown validation rule 'x' in field s.a") == true)
    }

    /// Control characters in the file's names never reach the terminal as such.
    @Test func terminalControlsFromTheFileAreNeutralised() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let path = try hotel.file(
        "escape.json", #"{"version": 1, "sections": [{"id": "s\u001b[2J", "fields": []}]}"#)
      let result = try await hotel.run(["form", "check", path])
      #expect(result.status == 1)
      #expect(!result.stdout.contains("\u{1B}"), "\(result)")
      #expect(result.stdout.contains("Invalid identifier at s"), "\(result)")
    }

    @Test(arguments: [
      (["form"], "hotel: form: say what to do: hotel form check FILE"),
      (["form", "check"], "hotel: form check: name the form schema file: hotel form check FILE"),
      (
        ["form", "lint", "x.json"],
        "hotel: form: unknown subcommand 'lint'; there is only check (hotel form check FILE)"
      ),
      (["form", "check", "a.json", "b.json"], "hotel: unexpected argument 'b.json'"),
    ])
    func aMissingFileOrAnotherSubcommandIsAUsageError(
      arguments: [String], said: String
    )
      async throws
    {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(arguments)
      #expect(result.status == 2, "\(result)")
      #expect(result.stderrLines.first?.hasPrefix(said) == true, "\(result)")
      let option = try await hotel.run(["form", "check", "a.json", "--port", "1"])
      #expect(option.status == 2, "\(option)")
    }

    @Test func helpTellsTheCommandInBothLanguages() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let english = try await hotel.run(["form", "--help"])
      #expect(english.status == 0)
      #expect(english.stdout.hasPrefix("Usage: hotel form check FILE"), "\(english)")
      let russian = try await hotel.run(["help", "form", "--lang", "ru"])
      #expect(russian.stdout.hasPrefix("Использование: hotel form check FILE"), "\(russian)")
      let tool = try await hotel.run(["--help", "--lang", "ru"])
      #expect(tool.stdout.contains("hotel form check FILE       проверить файл схемы формы"))
    }
  }
}
