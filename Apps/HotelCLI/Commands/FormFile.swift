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

  /// Why the file cannot be served.
  struct Problem: Error {
    /// One line for stderr, without the `hotel:` prefix.
    var message: String
  }

  /// Why a form file's bytes could not be had.
  enum ReadProblem: Error, Equatable {
    /// Nothing at the path.
    case missing
    /// A symbolic link to nothing.
    case danglingLink
    /// A folder.
    case folder
    /// It exists but cannot be opened or read (no permission, an I/O error).
    case unreadable
    /// Larger than ``maxBytes``.
    case tooLarge
    /// A FIFO or a device that gave nothing (no writer had it open).
    case nothingWritten
  }

  /// The bytes of the form file at `path` (at most ``maxBytes``), without waiting for a
  /// writer of a FIFO.
  static func read(_ path: String) -> Result<Data, ReadProblem> {
    let kind = FileKind.of(path)
    if kind == .folder { return .failure(.folder) }
    guard let handle = FileKind.openForReading(path) else {
      if FileManager.default.fileExists(atPath: path) { return .failure(.unreadable) }
      let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
      return .failure(isLink ? .danglingLink : .missing)
    }
    defer { try? handle.close() }
    let data: Data
    do {
      data = try handle.read(upToCount: maxBytes + 1) ?? Data()
    } catch {
      return .failure(.unreadable)
    }
    guard data.count <= maxBytes else { return .failure(.tooLarge) }
    if data.isEmpty, kind == .special { return .failure(.nothingWritten) }
    return .success(data)
  }

  /// Reads and checks the file at `path`; the messages follow `strings`.
  ///
  /// `port` is the one `hotel serve` was given, for the `curl` line that saves the fixture's form
  /// when the file is missing (0, a port picked at start, names the default 8080).
  static func load(
    _ path: String, strings: CLIStrings = .english, port: Int = 8080
  ) -> Result<FormFile, Problem> {
    let data: Data
    switch read(path) {
    case .success(let bytes): data = bytes
    case .failure(.folder): return .failure(Problem(message: strings.formFileIsAFolder(path)))
    case .failure(.unreadable):
      return .failure(Problem(message: strings.formFileUnreadable(path)))
    case .failure(.missing), .failure(.danglingLink):
      let saveTo = ScriptRecorder.shellQuoted(path)
      return .failure(
        Problem(
          message: strings.formFileMissing(path, saveTo: saveTo, port: port == 0 ? 8080 : port)))
    case .failure(.tooLarge): return .failure(Problem(message: strings.formFileTooLarge(path)))
    case .failure(.nothingWritten):
      return .failure(Problem(message: strings.formFileNothingWritten(path)))
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
        if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
          return .failure(Problem(message: strings.formFileEmpty(path)))
        }
        // Too deep for the JSON reader: the same rule the app applies to a server's answer.
        if case .invalidJSON(_, .tooDeep(let depth, let limit))? = refusal {
          return .failure(Problem(message: strings.formFileTooDeep(path, depth, limit: limit)))
        }
        return .failure(Problem(message: strings.formFileNotJSON(path)))
      }
    }
    let warning =
      refusal.map { error in
        strings.formFileRefused(
          Localizer(language: strings.language).formSchemaProblem(error))
      } ?? orderProblem.map { strings.formFileRefused($0) }
    return .success(FormFile(body: Array(data), warning: warning))
  }

  /// The booking constants of a typical offer (room 2), for checking a schema compiles.
  static let sampleConstants: [String: FormValue] = [
    FormSchema.BookingConstant.tourPrice: .number(289_400),
    FormSchema.BookingConstant.fuelCharge: .number(9_300),
    FormSchema.BookingConstant.serviceCharge: .number(2_150),
    FormSchema.BookingConstant.minTourists: .number(1),
    FormSchema.BookingConstant.maxTourists: .number(4),
  ]
}

extension FormFile {
  /// A form file as `hotel form check` reports it: the schema when the app would use it, and
  /// every problem found, worded in the `--lang` language and safe to print.
  struct Check {
    /// One problem, at its line and column.
    struct Problem: Equatable {
      /// Where in the file.
      var location: JSONLocation
      /// Whether the app refuses the form for it (else a warning).
      var isError: Bool
      /// The message, naming the field; terminal controls neutralised.
      var message: String
    }

    /// The schema, when the app uses it (no errors; warnings allowed).
    var schema: FormSchema?
    /// The problems told, in the order of the file.
    var problems: [Problem]
    /// How many errors there were, told or not.
    var errorCount: Int
    /// How many warnings there were, told or not.
    var warningCount: Int
    /// How many problems were not told (beyond ``FormSchema/maximumToldProblems``).
    var untoldCount: Int
  }

  /// Reads the form file at `path` and checks it as the app loads a server's form: every
  /// problem with its place, or why the file could not be read.
  ///
  /// A schema that compiles but could never place an order is refused by the app too: that is
  /// an error at the schema's start.
  static func check(_ path: String, strings: CLIStrings) -> Result<Check, ReadProblem> {
    read(path).map { data in check(data, strings: strings) }
  }

  /// Checks the bytes of a form file (``check(_:strings:)``).
  static func check(_ data: Data, strings: CLIStrings) -> Check {
    let found = FormSchema.check(data, constants: sampleConstants)
    let words = Localizer(language: strings.language)
    var problems = found.problems.map { problem in
      let message: String =
        switch problem.kind {
        case .error(let error): words.formSchemaProblem(error)
        case .warning(let warning): words.formSchemaWarning(warning)
        }
      return Check.Problem(
        location: problem.location, isError: problem.isError,
        message: message)
    }
    var schema = found.schema
    var errorCount = found.errorCount
    if let loaded = schema, let orderProblem = words.orderProblem(in: loaded) {
      let start = JSONLocator.locate([JSONPath()], in: data).locations[0]
      problems.insert(
        Check.Problem(
          location: start, isError: true, message: orderProblem),
        at: 0)
      errorCount += 1
      schema = nil
    }
    return Check(
      schema: schema, problems: problems, errorCount: errorCount,
      warningCount: found.warningCount, untoldCount: found.untoldCount)
  }
}
