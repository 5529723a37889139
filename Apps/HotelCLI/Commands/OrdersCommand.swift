import Foundation
import Persistence
import UseCases

/// `hotel orders [--json]`: the saved orders, oldest first, personal data masked, the text's
/// words in the `--lang` language.
enum OrdersCommand {
  /// Lists the orders; returns the exit code.
  ///
  /// Colour follows `--color` (and, for `auto`, `environment`'s `NO_COLOR` and `TERM`).
  static func run(
    _ options: Options, console: Console, environment: [String: String] = [:]
  ) async -> ExitCode {
    let directory = DataDirectory(
      path: options.dataDirectory, currentDirectory: FileManager.default.currentDirectoryPath)
    let strings = CLIStrings(language: options.language)
    let files = FileStore(
      directory: directory,
      report: { console.error(StoreErrorText.describe($0, strings: strings)) })
    do {
      let orders = try await OrderStore.files(files).all()
      if options.json {
        console.line(OrderListing.json(orders))
      } else {
        console.lines(
          OrderListing.lines(
            orders, dataDirectory: directory.path, language: options.language,
            color: ColorPolicy.usesColor(
              options.color, standardOutputIsTerminal: Platform.standardOutputIsTerminal,
              environment: environment)))
      }
      return .success
    } catch {
      console.error(StoreErrorText.describeRefusal(error, strings: strings))
      if case .directoryUnavailable = error { return .environment }
      return .failure
    }
  }
}
