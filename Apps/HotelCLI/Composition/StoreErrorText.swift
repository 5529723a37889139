import Persistence
import Presentation
import UseCases

/// One readable line for a ``StoreError`` or a store's ``StoreReport``, in the language of
/// `strings`.
enum StoreErrorText {
  /// What went wrong, for stderr.
  static func describe(_ error: StoreError, strings: CLIStrings = .english) -> String {
    let text: String
    switch error {
    case .directoryUnavailable(let path, let reason):
      if let file = fileInThePlaceOfAFolder(on: path) {
        text = strings.dataDirectoryIsAFile(file)
      } else {
        text = strings.dataDirectoryUnusable(path, reason: strings.directoryProblem(reason))
      }
    case .unsupportedVersion(let path, let version):
      text = strings.writtenByNewerVersion(path, version: version)
    case .corrupt(let path, let movedTo):
      text = strings.movedAside(path, to: movedTo)
    case .invalidIdentifier(let identifier):
      text = strings.notAFileName(identifier)
    case .cannotSave(let problem):
      text = strings.couldNotSave(problem)
    case .noFileNameLeft(let number, let slots):
      text = strings.noFileNameLeft(number, slots: slots)
    case .notRegularFile(let path):
      text = strings.notARegularFile(path)
    case .io(let operation, let path, let cause):
      text = strings.systemCallFailed(operation, path, strings.ioCause(cause))
    }
    return TerminalText.neutralized(text)
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
