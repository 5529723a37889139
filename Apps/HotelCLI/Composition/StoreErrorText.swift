import Presentation
import UseCases

/// One readable line for a ``StoreError`` or a store's ``StoreReport``, in the language of
/// `strings`: the `Localizer`'s words (every host's, the only ones there are), lower case after
/// `hotel: `, with the app's own hint added where there is no directory to name (`--data-dir`).
///
/// A data directory that cannot be used (a file, a FIFO or a link in the place of it or of its
/// `orders/` folder, a folder that cannot be written) is said in the `Localizer`'s words
/// (Persistence tells what is wrong, `DirectoryProblem`, as it does for every host); when a command
/// refuses to start for it, ``describeRefusal(_:strings:)`` adds the one thing only the app knows:
/// how to give it another directory (`--data-dir`, `HOTEL_DATA_DIR`).
enum StoreErrorText {
  /// What went wrong, for stderr.
  static func describe(_ error: StoreError, strings: CLIStrings = .english) -> String {
    let text: String
    if case .directoryUnavailable(_, .noHomeDirectory) = error {
      text = words(error, strings) + "; " + strings.noHomeDirectoryHint
    } else {
      text = words(error, strings)
    }
    return text
  }

  /// What stopped a command at its start (`run`, `replay`, `test`, `orders`: exit 4), for stderr:
  /// ``describe(_:strings:)``, and, when another data directory would do (something in the place of
  /// the directory or of its `orders/` folder, a folder that cannot be written, a call on it that
  /// failed), the app's hint naming `--data-dir` and `HOTEL_DATA_DIR`.
  ///
  /// Only there: a store error met later (a full disk while saving, a directory removed during the
  /// flow) is said by ``describe(_:strings:)`` alone, as a new directory would not save what is
  /// being saved.
  static func describeRefusal(_ error: StoreError, strings: CLIStrings = .english) -> String {
    let text = describe(error, strings: strings)
    switch error {
    case .directoryUnavailable(_, .noHomeDirectory):
      return text  // ``describe(_:strings:)`` already says to pass one.
    case .directoryUnavailable:
      return text + "; " + strings.anotherDataDirectoryHint
    case .unsupportedVersion, .corrupt, .invalidIdentifier, .cannotSave, .noFileNameLeft,
      .notRegularFile, .io:
      return text
    }
  }

  private static func words(_ error: StoreError, _ strings: CLIStrings) -> String {
    let sentence = Localizer(language: strings.language).storeError(error)
    guard let first = sentence.first, first.isUppercase else { return sentence }
    return first.lowercased() + sentence.dropFirst()
  }

  /// What a store reports and got past (a corrupt file moved aside, a draft not saved), for
  /// stderr: the `Localizer`'s words (every host's), with the store errors inside worded as
  /// ``describe(_:strings:)`` words them.
  static func describe(_ report: StoreReport, strings: CLIStrings = .english) -> String {

    Localizer(language: strings.language).storeReport(report) { error in
      describe(error, strings: strings)
    }
  }
}
