import Persistence
import Presentation
import UseCases

/// One readable line for a ``StoreError`` or a store's ``StoreReport``, in the language of
/// `strings`: the `Localizer`'s words (every host's, the only ones there are), lower case after
/// `hotel: `, with the app's own hints added (`--data-dir`).
enum StoreErrorText {
  /// What went wrong, for stderr.
  static func describe(_ error: StoreError, strings: CLIStrings = .english) -> String {
    let text: String
    if case .directoryUnavailable(let path, _) = error, let file = fileInThePlaceOfAFolder(on: path)
    {
      text = strings.dataDirectoryIsAFile(file)
    } else if case .directoryUnavailable(_, .noHomeDirectory) = error {
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

  /// The first path on the way to `path` (itself included) that is there but is not a folder
  /// (`--data-dir` naming a file, or a file where one of its parents should be); `nil` when
  /// every one there is a folder. Then "ENOTDIR from mkdir" is told as what it means.
  static func fileInThePlaceOfAFolder(on path: String) -> String? {
    var prefix = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
      prefix += "/" + part
      switch FileKind.of(prefix) {
      case .folder: continue
      case .missing: return nil
      case .regular, .special: return path.hasPrefix("/") ? prefix : String(prefix.dropFirst(2))
      }
    }
    return nil
  }
}
