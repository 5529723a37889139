import Presentation
import UseCases

/// One readable line for a ``StoreError`` or a store's ``StoreReport``, in the language of
/// `strings`: the `Localizer`'s words (every host's, the only ones there are), lower case after
/// `hotel: `, with the app's own hint added where there is no directory to name (`--data-dir`).
/// A data directory that cannot be used (a file, a FIFO or a link in the place of it or of its
/// `orders/` folder, a folder that cannot be written) is said in the `Localizer`'s words only:
/// Persistence tells what is wrong (`DirectoryProblem`), as it does for every host.
enum StoreErrorText {
  /// What went wrong, for stderr.
  static func describe(_ error: StoreError, strings: CLIStrings = .english) -> String {
    let text: String
    if case .directoryUnavailable(_, .noHomeDirectory) = error {
      text = words(error, strings) + "; " + strings.noHomeDirectoryHint
    } else {
      text = words(error, strings)
    }
    return TerminalText.neutralized(text)
  }

  /// The `Localizer`'s sentence for `error`, its first letter in lower case.
  private static func words(_ error: StoreError, _ strings: CLIStrings) -> String {
    let sentence = Localizer(language: strings.language).storeError(error)
    guard let first = sentence.first, first.isUppercase else { return sentence }
    return first.lowercased() + sentence.dropFirst()
  }

  /// What a store reports and got past (a corrupt file moved aside, a draft not saved), for
  /// stderr: the `Localizer`'s words (every host's), with the store errors inside worded as
  /// ``describe(_:strings:)`` words them.
  static func describe(_ report: StoreReport, strings: CLIStrings = .english) -> String {
    TerminalText.neutralized(
      Localizer(language: strings.language).storeReport(report) { error in
        describe(error, strings: strings)
      })
  }
}
