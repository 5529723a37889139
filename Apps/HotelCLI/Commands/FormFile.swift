import Domain
import Foundation
import Presentation

/// The form schema file of `hotel serve --form FILE`: read whole (at most ``maxBytes``), checked to
/// be JSON, and checked against the app's rules, so a form designer hears at once what the app will
/// say about it.
///
/// A schema the app refuses is still served: the point is to see how the app shows the refusal.
struct FormFile {
  /// The largest file accepted: 1 MiB.
  static let maxBytes = 1_024 * 1_024

  /// The bytes to serve.
  var body: [UInt8]
  /// What the app will refuse in it, or `nil` when it is a usable schema.
  var warning: String?
  /// The problem ``warning`` names, on its own (neutralised), or `nil`.
  var refusal: String?

  /// Why the file cannot be served.
  struct Problem: Error {
    /// One line for stderr, without the `hotel:` prefix.
    var message: String
  }

  /// Reads and checks the file at `path`; the messages follow `strings`.
  ///
  /// `port` is the one `hotel serve` was given, for the `curl` line that saves the fixture's form
  /// when the file is missing (0, a port picked at start, names the default 8080).
  static func load(
    _ path: String, strings: CLIStrings = .english, port: Int = 8080
  ) -> Result<FormFile, Problem> {
    let shown = TerminalText.neutralized(path)
    let kind = FileKind.of(path)
    if kind == .folder {
      return .failure(Problem(message: strings.formFileIsAFolder(shown)))
    }
    guard let handle = FileKind.openForReading(path) else {
      guard !FileManager.default.fileExists(atPath: path) else {
        return .failure(Problem(message: strings.formFileUnreadable(shown)))
      }
      let saveTo = TerminalText.neutralized(ScriptRecorder.shellQuoted(path))
      return .failure(
        Problem(
          message: strings.formFileMissing(shown, saveTo: saveTo, port: port == 0 ? 8080 : port)))
    }
    defer { try? handle.close() }
    let data: Data
    do {
      data = try handle.read(upToCount: maxBytes + 1) ?? Data()
    } catch {
      return .failure(Problem(message: strings.formFileUnreadable(shown)))
    }
    guard data.count <= maxBytes else {
      return .failure(Problem(message: strings.formFileTooLarge(shown)))
    }
    let isObject = (try? JSONSerialization.jsonObject(with: data)) is [String: Any]
    var refusal: FormSchemaError?
    // A schema that compiles but could never place an order is refused by the app too.
    var orderProblem: String?
    do throws(FormSchemaError) {
      let schema = try FormSchema.decode(from: data)
      _ = try FormEngine(schema: schema, constants: sampleConstants)
      orderProblem = Localizer(language: strings.language).orderProblem(in: schema)
    } catch {
      refusal = error
    }
    // A number too large to read (`1e400`) fails Foundation's JSON parser too: that is a
    // schema the app refuses, naming the number, not a file that is not JSON.
    if !isObject {
      guard case .invalidJSON(_, let problem)? = refusal, problem.path != nil else {
        if data.isEmpty, kind == .special {
          return .failure(Problem(message: strings.formFileNothingWritten(shown)))
        }
        if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
          return .failure(Problem(message: strings.formFileEmpty(shown)))
        }
        // Too deep for the JSON reader: the same rule the app applies to a server's answer.
        if case .invalidJSON(_, .tooDeep(let depth, let limit))? = refusal {
          return .failure(Problem(message: strings.formFileTooDeep(shown, depth, limit: limit)))
        }
        return .failure(Problem(message: strings.formFileNotJSON(shown)))
      }
    }
    let problem =
      (refusal.map { Localizer(language: strings.language).formSchemaProblem($0) }
      ?? orderProblem).map { TerminalText.neutralized($0) }
    return .success(
      FormFile(body: Array(data), warning: problem.map(strings.formFileRefused), refusal: problem))
  }

  /// The booking constants of a typical offer (room 2), for checking a schema compiles.
  private static let sampleConstants: [String: FormValue] = [
    FormSchema.BookingConstant.tourPrice: .number(289_400),
    FormSchema.BookingConstant.fuelCharge: .number(9_300),
    FormSchema.BookingConstant.serviceCharge: .number(2_150),
    FormSchema.BookingConstant.minTourists: .number(1),
    FormSchema.BookingConstant.maxTourists: .number(4),
  ]
}
