// The terminal's own calls (termios, ioctl, poll); the C library differs by platform only in
// its module's name.
import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal the full-screen app takes over: raw mode (termios) and the alternate screen on
/// ``enter()``, both undone by ``restore()``, which any thread may call at any time, any number
/// of times: the normal way out, a stop signal's hook while the main actor is busy, Ctrl-Z,
/// and the process's normal end (``Platform/ProcessEnd``) all call it.
final class TerminalDevice: Sendable {
  private struct State {
    var saved: termios?
    var isRaw = false
    /// Given back for good (the process is ending): never taken over again.
    var isFinished = false
  }

  private let state = Mutex(State())

  /// The bytes that set the screen up: the alternate screen, the cursor hidden, bracketed
  /// paste on.
  static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[H\u{1B}[2J"
  /// The bytes that put it back: bracketed paste off, styles reset, the cursor shown, the
  /// normal screen.
  static let leaveSequence = "\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

  /// A device over standard input and output; it is restored when a stop signal arrives and
  /// when the process exits.
  init() {
    Platform.StopSignals.onExit { [self] in giveBack() }
    Self.latest.withLock { $0 = self }
    _ = Self.exitHandler
  }

  /// The device the process's normal end restores.
  private static let latest = Mutex<TerminalDevice?>(nil)
  private static let exitHandler: Void = {
    Platform.ProcessEnd.register { TerminalDevice.latest.withLock { $0 }?.giveBack() }
  }()

  /// Saves the terminal's settings (the first time), switches to raw mode and the alternate screen.
  ///
  /// Returns `false` when standard input is not a terminal. Started in the background (`hotel run
  /// &`), the process first stops as a background job that sets the terminal's modes does (SIGTTOU:
  /// "Stopped (tty output)"), until `fg`. The thread that sets the modes blocks SIGTTOU, so the
  /// stop is asked for explicitly.
  @discardableResult
  func enter() -> Bool {
    guard waitForForeground() else { return false }
    return state.withLock { Self.enter(&$0) }
  }

  /// Stops the process (SIGTTOU, as a background job that touches the terminal is stopped)
  /// until its group is the terminal's foreground group; `false` when it never can be (no job
  /// control: no shell could bring it to the foreground).
  private func waitForForeground() -> Bool {
    // SIGTTOU ignored (inherited): the kernel lets a background job set the modes, and the
    // signal would not stop it.
    let previous = signal(SIGTTOU, SIG_IGN)
    signal(SIGTTOU, previous)
    if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
      return true
    }
    while !Self.isForeground {
      // A stop signal's way out (`kill %1` sends SIGTERM and SIGCONT) is not stopped again.
      guard Self.hasJobControl, !state.withLock({ $0.isFinished }), !Platform.StopSignals.isEnding
      else { return false }
      kill(getpid(), SIGTTOU)
      // The stop takes effect on another thread; no busy loop meanwhile.
      _ = poll(nil, 0, 100)
      // Continued: a stop signal sent with the continue gets to its way out first.
      _ = poll(nil, 0, 300)
    }
    return true
  }

  private static func enter(_ state: inout State) -> Bool {
    guard !state.isRaw else { return true }
    guard !state.isFinished else { return false }
    var current = termios()
    guard tcgetattr(0, &current) == 0 else { return false }
    if state.saved == nil { state.saved = current }
    var raw = state.saved ?? current
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    // A crash from here on gives the terminal back (SIGSEGV, SIGABRT, ...).
    CrashRestore.arm(state.saved ?? current)
    guard tcsetattr(0, TCSANOW, &raw) == 0 else {
      CrashRestore.disarm()
      return false
    }
    state.isRaw = true
    output(enterSequence)
    return true
  }

  /// After the process continued from a stop: raw mode and the alternate screen are set up again
  /// even if they were, because the shell that stopped the job may have put the terminal back to
  /// its own modes (`kill -STOP`, then `fg`: keys were echoed and held until Enter).
  ///
  /// Continued in the background (`bg`), the terminal is the shell's: it is left alone and nothing
  /// is drawn (`false`) until `fg` continues the process again.
  @discardableResult
  func reenter() -> Bool {
    state.withLock { state in
      guard Self.isForeground else {
        Self.restore(&state)
        return false
      }
      state.isRaw = false
      return Self.enter(&state)
    }
  }

  /// Whether this process's group is the terminal's foreground group (a job in the
  /// background that sets the terminal's modes is stopped by SIGTTOU, one that draws garbles
  /// the shell's screen).
  private static var isForeground: Bool {
    let foreground = tcgetpgrp(0)
    return foreground < 0 || foreground == getpgrp()
  }

  /// Restores the terminal for good, as the process ends (a stop signal, its normal end): a
  /// continue or a key handled after this does not take it over again.
  func giveBack() {
    state.withLock { state in
      Self.restore(&state)
      state.isFinished = true
    }
  }

  /// Whether the terminal is in raw mode on the alternate screen (not restored).
  var isActive: Bool { state.withLock { $0.isRaw } }

  /// Leaves the alternate screen and restores the settings saved by ``enter()``; does nothing
  /// when they are restored already.
  func restore() {
    state.withLock { Self.restore(&$0) }
  }

  private static func restore(_ state: inout State) {
    guard state.isRaw, var saved = state.saved else { return }
    CrashRestore.disarm()
    output(leaveSequence)
    _ = tcsetattr(0, TCSANOW, &saved)
    state.isRaw = false
  }

  /// Writes a frame (`text`) while the terminal is the app's, and only then: returns `false`,
  /// writing nothing, once it is restored.
  ///
  /// The check and the write are one step under the lock ``restore()`` and ``giveBack()`` take, so
  /// a stop signal's hook, which restores the terminal from another thread while the main actor
  /// draws, never has a frame written after it on the normal screen.
  @discardableResult
  func draw(_ text: String) -> Bool {
    state.withLock { state in
      guard state.isRaw, !state.isFinished else { return false }
      Self.output(text)
      return true
    }
  }

  /// The window's size (columns, rows), or `nil` when standard output is not a terminal.
  static func size() -> (columns: Int, rows: Int)? {
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
      return nil
    }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Writes `text` to standard output whole (retrying after interruptions and short writes).
  static func output(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { buffer in
        systemWrite(1, buffer.baseAddress, buffer.count)
      }
      if written > 0 {
        bytes = bytes.dropFirst(written)
      } else if written < 0, errno == EINTR || errno == EAGAIN {
        continue
      } else {
        return
      }
    }
  }

  /// Ctrl-Z (a key in raw mode): the terminal restored, then SIGTSTP to the process group as the
  /// terminal would send it; this process stops in ``stopOnSuspendSignal(queue:)``'s handler, and
  /// SIGCONT (`fg`) sets the terminal up again (``reenter()``).
  ///
  /// Returns `false`, doing nothing, when no shell could continue the process (``hasJobControl``).
  func suspend() -> Bool {
    guard Self.hasJobControl else { return false }
    restore()
    kill(0, SIGTSTP)
    return true
  }

  /// Whether a stopped process would be continued by a shell: a process of this group (this one, or
  /// a parent that shares its group) has a parent in another group of the same session.
  ///
  /// Otherwise the group is orphaned (`exec hotel` as a terminal window's command, a tmux pane's):
  /// the kernel discards the terminal's stop signals, and a stop would never end.
  static var hasJobControl: Bool {
    let group = getpgrp()
    let session = getsid(0)
    var pid = getpid()
    for _ in 0..<64 {
      guard let parent = parent(of: pid), parent > 1 else { return false }
      if getpgid(parent) != group { return getsid(parent) == session }
      pid = parent
    }
    return false
  }

  /// The parent of `pid`: `getppid()` for this process, else from `/proc/PID/stat` (Linux;
  /// elsewhere `nil`, so a parent that shares the group ends the walk).
  private static func parent(of pid: pid_t) -> pid_t? {
    if pid == getpid() { return getppid() }
    // "pid (name) state ppid ...": the name may hold spaces and parentheses.
    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
      data.count < 4096
    else { return nil }
    let text = String(decoding: data, as: UTF8.self)
    guard let close = text.lastIndex(of: ")") else { return nil }
    let fields = text[text.index(after: close)...].split(separator: " ")
    return fields.count > 1 ? pid_t(fields[1]) : nil
  }

  /// Catches SIGTSTP, whoever sends it (Ctrl-Z through ``suspend()``, or `kill -TSTP` from outside,
  /// which would stop the process with the terminal raw and the shell's prompt drawn over the app):
  /// the terminal is restored first, then the process stops (SIGSTOP, which cannot be caught);
  /// without job control (``hasJobControl``) the signal is ignored.
  ///
  /// The source is returned to be kept alive as long as the app runs.
  func stopOnSuspendSignal(queue: DispatchQueue) -> any DispatchSourceSignal {
    let source = DispatchSource.makeSignalSource(signal: SIGTSTP, queue: queue)
    source.setEventHandler { [self] in
      // Orphaned, the stop would never end: ignored, as the kernel ignores the terminal's. On
      // a stop signal's way out, it would hold the way out until `fg`.
      guard Self.hasJobControl, !Platform.StopSignals.isEnding else { return }
      restore()
      kill(getpid(), SIGSTOP)
    }
    source.resume()
    return source
  }
}

/// `write(2)`, under a name the device's own `output` does not hide.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(fd, buffer, count)
}
