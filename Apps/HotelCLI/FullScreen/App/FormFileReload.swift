import Domain
import Presentation

/// `hotel run --form FILE` on a terminal: each save of FILE redraws Booking with its form.
///
/// A ``FileWatcher`` posts ``TerminalEvent/formFileChanged`` to the app's loop, which calls
/// ``apply(to:)``: a schema that loads replaces the form of the Booking screen (keeping what was
/// typed, ``BookingViewModel/replaceSchema(_:)``) and of every later one; one that does not
/// leaves the last good form, and its problem is said on the status line until a save loads.
@MainActor
final class FormFileReload {
  private let source: FormFileSource
  private let strings: CLIStrings
  private let watcher: FileWatcher?

  /// Watches `source`'s file; each save posts ``TerminalEvent/formFileChanged`` to `input`.
  init(source: FormFileSource, strings: CLIStrings, input: TerminalInput) {
    self.source = source
    self.strings = strings
    watcher = FileWatcher(path: source.path) { input.post(.formFileChanged) }
  }

  /// Reads FILE again and puts its form on the Booking screens of `coordinator`; returns what
  /// the status line says when it does not load (`nil` when it did).
  func apply(to coordinator: AppCoordinator) -> String? {
    let problem: String
    switch source.read(strings: strings) {
    case .failure(let failure):
      problem = failure.message
    case .success(let schema):
      do throws(SchemaRefusal) {
        for booking in coordinator.stack.compactMap(\.booking) {
          try booking.replaceSchema(schema)
        }
        source.adopt(schema)
        return nil
      } catch {
        problem = strings.formFileNotUsable(source.path, error.message)
      }
    }
    return strings.formFileReloadFailed(problem)
  }

  /// Stops watching FILE.
  func stop() { watcher?.stop() }
}
