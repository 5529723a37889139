import Domain
import Presentation

/// `hotel run --form FILE` on a terminal: each save of FILE redraws Booking with its form.
///
/// A ``FileWatcher`` posts ``TerminalEvent/formFileChanged`` to the app's loop, which calls
/// ``apply(to:)``: a schema that loads replaces the form of the Booking screen (keeping what was
/// typed, ``BookingViewModel/replaceSchema(_:)``) and of every later one; one that does not
/// leaves the last good form and puts its problem on the status line (``problem``) until a
/// save loads.
@MainActor
final class FormFileReload {
  private let source: FormFileSource
  private let strings: CLIStrings
  private let watcher: FileWatcher?
  /// What the status line says while the last save of FILE did not load; `nil` otherwise.
  private(set) var problem: String?

  /// Watches `source`'s file; each save posts ``TerminalEvent/formFileChanged`` to `input`.
  init(source: FormFileSource, strings: CLIStrings, input: TerminalInput) {
    self.source = source
    self.strings = strings
    watcher = FileWatcher(path: source.path) { input.post(.formFileChanged) }
  }

  /// Reads FILE again and puts its form on the Booking screens of `coordinator`.
  func apply(to coordinator: AppCoordinator) {
    switch source.read(strings: strings) {
    case .failure(let failure):
      problem = strings.formFileReloadFailed(failure.message, count: 1)
    case .success(let schema):
      do throws(SchemaRefusal) {
        for booking in coordinator.stack.compactMap(\.booking) {
          try booking.replaceSchema(schema)
        }
      } catch {
        problem = strings.formFileReloadFailed(
          strings.formFileNotUsable(
            TerminalText.neutralized(source.path), TerminalText.neutralized(error.message)),
          count: 1)
        return
      }
      source.adopt(schema)
      problem = nil
    }
  }

  /// Stops watching FILE.
  func stop() { watcher?.stop() }
}
