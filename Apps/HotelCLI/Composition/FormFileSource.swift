import Domain
import Foundation
import Presentation
import Synchronization
import UseCases

/// The booking form of `hotel run --form FILE` and `hotel replay --form FILE`: the schema in
/// FILE, used instead of the server's `GET /booking/form` (calculations still go to the API its
/// `action_url`s name), and the last good one kept while the file is edited.
final class FormFileSource: Sendable {
  /// The file, as given.
  let path: String
  private let current: Mutex<FormSchema>

  private init(path: String, schema: FormSchema) {
    self.path = path
    current = Mutex(schema)
  }

  /// The last schema of FILE that loaded.
  var schema: FormSchema { current.withLock { $0 } }

  /// Makes `schema` the one later Booking screens are built from.
  func adopt(_ schema: FormSchema) { current.withLock { $0 = schema } }

  /// Reads FILE at the start of a session; a file that cannot be used ends it with one line.
  static func open(_ path: String, strings: CLIStrings) -> Result<FormFileSource, FormFile.Problem>
  {
    read(path, strings: strings).map { FormFileSource(path: path, schema: $0) }
  }

  /// Reads FILE again: its schema, or why it cannot be used (as at the start).
  func read(strings: CLIStrings) -> Result<FormSchema, FormFile.Problem> {
    Self.read(path, strings: strings)
  }

  private static func read(
    _ path: String, strings: CLIStrings
  ) -> Result<FormSchema, FormFile.Problem> {
    switch FormFile.check(path, strings: strings) {
    case .failure:
      // Said as `serve --form` says it (with the next step for a missing file).
      if case .failure(let problem) = FormFile.load(path, strings: strings) {
        return .failure(problem)
      }
      return .failure(FormFile.Problem(message: strings.formFileUnreadable(path)))
    case .success(let check):
      if let schema = check.schema { return .success(schema) }
      // The first error, where it is, and how many there are (`hotel form check` lists them).
      guard let first = check.problems.first(where: \.isError) else {
        return .failure(
          FormFile.Problem(message: strings.formFileNotUsable(path, "hotel form check " + path)))
      }
      return .failure(
        FormFile.Problem(
          message: strings.formFileProblem(
            path, at: first.location.description, first.message, count: check.errorCount)))
    }
  }
}

extension BookingAPI {
  /// This API with its booking form taken from `source` (the server is not asked for one).
  func withBookingForm(from source: FormFileSource) -> BookingAPI {
    var api = self
    api.bookingForm = { _, _ in Loaded(source.schema, origin: .network) }
    return api
  }
}

extension Options {
  /// The `--form` file of `run` and `replay`: the one given for the session's language
  /// (`--form ru=FILE`), else the one for every language.
  var formFilePath: String? { serve.formPathsByLanguage[language] ?? serve.formPath }
}
