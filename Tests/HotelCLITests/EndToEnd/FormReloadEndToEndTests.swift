import Domain
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension EndToEnd {
  /// The designer's loop (SPEC section 6): `hotel run --form FILE` shows FILE's form and redraws
  /// Booking when FILE is saved, by an editor's rename or a write in place, keeping what was
  /// typed; a save that does not load keeps the form and says why on the status line.
  @Suite struct FormReloadEndToEndTests {
    /// The built-in form, with `extra` (a field's label) as a new optional buyer field.
    static func schema(adding extra: String? = nil) throws -> Data {
      var schema = FormSchema.booking(language: .en)
      if let extra {
        let buyer = try #require(schema.sections.firstIndex { $0.id == "buyer" })
        schema.sections[buyer].fields.append(
          FormField(id: "extra", label: extra, inputType: .string))
      }
      return try JSONEncoder().encode(schema)
    }

    /// Saves `data` as an editor does: a temporary file renamed over `path`.
    static func saveByRename(_ data: Data, to path: String) throws {
      let temporary = path + ".swp"
      try data.write(to: URL(fileURLWithPath: temporary))
      #expect(rename(temporary, path) == 0)
    }

    /// Saves `data` into `path` itself (truncated, written, closed).
    static func saveInPlace(_ data: Data, to path: String) throws {
      let handle = try #require(FileHandle(forWritingAtPath: path))
      try handle.truncate(atOffset: 0)
      try handle.write(contentsOf: data)
      try handle.close()
    }

    @Test(.enabled(if: Tmux.executable != nil, "tmux is not installed (.ci/run installs it)"))
    func savesRedrawBookingKeepingWhatWasTyped() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let form = hotel.dataDirectory.appendingPathComponent("form.json").path
      try Self.schema().write(to: URL(fileURLWithPath: form))
      try await Pane.session(hotel, ["--form", form]) { tmux, _ in
        try await tmux.openBooking()
        try await tmux.press("Tab", "Tab", "Tab")
        try await tmux.type("Ivan")
        try await tmux.waitFor("Ivan")

        try Self.saveByRename(try Self.schema(adding: "Loyalty card"), to: form)
        var screen = try await tmux.waitFor("Loyalty card", seconds: 10)
        #expect(screen.contains("Ivan"), "\(screen)")

        try Self.saveInPlace(Data("{\"version\": 1, ".utf8), to: form)
        // The status line (wrapped: the path is long) names the file's problem.
        screen = try await tmux.waitFor("✗ --form: ", seconds: 10)
        #expect(screen.contains("Loyalty card") && screen.contains("Ivan"), "\(screen)")

        try Self.saveInPlace(try Self.schema(adding: "Room wishes"), to: form)
        screen = try await tmux.waitFor("Room wishes", seconds: 10)
        #expect(screen.contains("Ivan"), "\(screen)")
        #expect(!screen.contains("Loyalty card"), "\(screen)")
        #expect(!screen.contains("✗ --form: "), "\(screen)")
        try await tmux.type("x")
        try await tmux.waitFor("Ivanx")
      }
    }

    @Test func replayUsesTheFormInTheFile() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let form = try hotel.file(
        "form.json", String(decoding: try Self.schema(adding: "Loyalty card"), as: UTF8.self))
      let script = """
        tap hotel.chooseRoom
        tap rooms.room.2.choose
        type booking.buyer.extra "A-17"
        expect value booking.buyer.extra A-17
        expect text "Loyalty card"
        """
      let result = try await hotel.run(
        ["replay", "-", "--form", form, "--today", "2026-06-01"], stdin: script)
      #expect(result.status == 0, "\(result)")
    }

    @Test(arguments: [
      ("{", "form.json:1:2: "),
      ("{\"version\": 1, \"sections\": []}", "form.json:1:1: "),
    ])
    func aFileThatCannotBeUsedEndsTheRunAtOnce(text: String, message: String) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let form = try hotel.file("form.json", text)
      for command in ["run", "replay"] {
        let result = try await hotel.run(
          [command] + (command == "replay" ? ["-"] : []) + ["--form", form], stdin: "")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
      }
      let missing = try await hotel.run(["run", "--form", form + ".gone"])
      #expect(missing.status == 2, "\(missing)")
      #expect(missing.stderr.contains("no such file"), "\(missing)")
    }
  }
}
