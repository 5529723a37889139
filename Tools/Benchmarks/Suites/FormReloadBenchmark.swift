import Domain
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// SPEC section 9: a saved schema change in `hotel run --form FILE` -> the new Booking screen
/// drawn.
///
/// `hotel run --form FILE` runs on a 120×40 pseudo-terminal, on Booking; each iteration saves
/// FILE as an editor does (a temporary file renamed over it) with a field of a new label, and
/// times the rename until the terminal has received that label.
enum FormReloadBenchmark {
  static let name = "form-reload"

  static func run(_ options: Options, _ workspace: Workspace) throws -> [ResultRow] {
    let hotel = try ChildProcess.sibling("hotel")
    let form = workspace.path("form-reload.json")
    try schema(label: nil).write(to: URL(fileURLWithPath: form))
    let terminal = try PseudoTerminal(columns: 120, rows: 40)
    defer { terminal.closeBoth() }
    let child = try terminal.spawn(
      hotel,
      [
        "run", "--data-dir", workspace.path("form-reload"), "--today", "2026-05-01", "--fresh",
        "--form", form,
      ], errorFile: workspace.path("form-reload.err"))
    defer { terminal.stop(child) }
    try terminal.send("", until: "Choose a room")
    try terminal.send("\t\r", until: "Deluxe room")
    try terminal.send("\t\t\t\r", until: "Booking details")
    try terminal.send("Ivan", until: nil)

    var sample = Sample(name: "form reload")
    let clock = ContinuousClock()
    let warmUp = options.iterations(5)
    for index in 0..<(warmUp + options.iterations(50)) {
      let label = "Loyalty card \(index)"
      let data = try schema(label: label)
      let temporary = form + ".swp"
      try data.write(to: URL(fileURLWithPath: temporary))
      let start = clock.now
      guard rename(temporary, form) == 0 else {
        throw ChildProcess.Failure(description: "rename failed (errno \(errno))")
      }
      try terminal.waitFor(label)
      let elapsed = clock.now - start
      guard index >= warmUp else { continue }
      sample.durations.append(elapsed)
    }
    print(
      "form-reload: 120×40, rename over FILE -> new label on the terminal; median "
        + "\(sample.median.formatted), p99 \(sample.p99.formatted), slowest "
        + "\((sample.durations.max() ?? .zero).formatted)")
    return [
      ResultRow(
        what: "a saved schema change in `hotel run --form FILE` -> the new Booking screen drawn",
        target: "<= 200 ms",
        measured:
          "median \(sample.median.formatted), p99 \(sample.p99.formatted) (rename to frame)",
        meetsTarget: sample.p99.microseconds <= 200_000)
    ]
  }

  /// The built-in form, with a buyer field labelled `label` when one is given.
  private static func schema(label: String?) throws -> Data {
    var schema = FormSchema.booking(language: .en)
    if let label, let buyer = schema.sections.firstIndex(where: { $0.id == "buyer" }) {
      schema.sections[buyer].fields.append(
        FormField(id: "loyalty", label: label, inputType: .string))
    }
    return try JSONEncoder().encode(schema)
  }
}
