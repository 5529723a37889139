import Synchronization

/// Message lines while the app has the terminal (a store's problem, say): said on
/// the status line, kept, and written to standard error once the terminal is given back
/// (also on a stop signal's way out).
final class DivertedErrors: Sendable {
  private let input: TerminalInput
  private let lines = Mutex<[String]>([])
  private let exitHook = Mutex<Int?>(nil)
  private let written = Mutex<[String]>([])

  init(input: TerminalInput) { self.input = input }

  func start() {
    Console.errorDiversion.withLock { divert in
      divert = { [self] line in
        // Each distinct line once (a draft that cannot be written says so on every save).
        lines.withLock { lines in
          if lines.count < 50, !lines.contains(line) { lines.append(line) }
        }
        input.post(.message(line))
      }
    }
    let hook = Platform.StopSignals.onExit { [self] in stop() }
    exitHook.withLock { $0 = hook }
  }

  /// Ends the diversion and writes what it kept to standard error.
  ///
  /// A line written so is not written again afterwards: the exit's last flush of a draft that
  /// cannot be saved says what the status line said, and standard error showed it twice.
  func stop() {
    if let hook = exitHook.withLock({ $0.take() }) { Platform.StopSignals.removeExitHook(hook) }
    let kept = lines.withLock { lines in
      defer { lines = [] }
      return lines
    }
    let said = written.withLock { written in
      written.append(contentsOf: kept)
      return written
    }
    let filter: (@Sendable (String) -> Void)? =
      said.isEmpty
      ? nil
      : { @Sendable line in
        if !said.contains(line) { _ = Platform.write(Array(Console.errorLine(line).utf8), to: 2) }
      }
    Console.errorDiversion.withLock { $0 = filter }
    for line in kept {
      _ = Platform.write(Array(Console.errorLine(line).utf8), to: 2)
    }
  }
}
