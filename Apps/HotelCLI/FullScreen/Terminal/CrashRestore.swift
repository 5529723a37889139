// The crash path of the terminal: async-signal-safe calls only (write, tcsetattr, signal,
// raise); the C library differs by platform only in its module's name.
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Gives the terminal back when the process crashes (SPEC 5.1): on SIGSEGV, SIGABRT, SIGBUS,
/// SIGILL and SIGTRAP a handler leaves the alternate screen, shows the cursor and restores the
/// saved modes at once, then ends the process as the signal would (its default action, raised
/// again), so no crash reporter (the Swift runtime's backtracer) waits for a key on a raw
/// terminal.
///
/// The handler reads only memory prepared before it is installed: the bytes to write, the
/// settings to restore and whether they apply, each behind a pointer made once.
enum CrashRestore {
  /// The signals a crash raises.
  static let signals = [SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGTRAP]

  /// The bytes that leave the app's screen (``TerminalDevice/leaveSequence``).
  nonisolated(unsafe) private static let leave: UnsafeMutableBufferPointer<UInt8> = {
    let bytes = Array(TerminalDevice.leaveSequence.utf8)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = buffer.initialize(from: bytes)
    return buffer
  }()
  /// The terminal's settings from before the app took it.
  nonisolated(unsafe) private static let settings: UnsafeMutablePointer<termios> = {
    let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    pointer.initialize(to: termios())
    return pointer
  }()
  /// Non-zero while the terminal is the app's (raw, on the alternate screen).
  nonisolated(unsafe) private static let armed: UnsafeMutablePointer<sig_atomic_t> = {
    let pointer = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
    pointer.initialize(to: 0)
    return pointer
  }()
  /// The size of the stack the handler runs on, so a stack overflow (SIGSEGV) is handled too.
  private static let handlerStackSize = 64 * 1024

  /// The handlers are installed once, on the first ``arm(_:)`` (on the main thread, where the
  /// app runs: the thread gets a stack of its own for the handler, unless it has one).
  private static let installed: Void = {
    // Made before any handler can read them.
    _ = (leave, settings, armed)
    var current = stack_t()
    if sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) != 0 {
      var stack = stack_t()
      stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: handlerStackSize, alignment: 16)
      stack.ss_size = handlerStackSize
      sigaltstack(&stack, nil)
    }
    for number in signals {
      var action = sigaction()
      #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handle
      #else
        action.__sigaction_handler.sa_handler = handle
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = Int32(SA_ONSTACK)
      sigaction(number, &action, nil)
    }
  }()

  /// From now on a crash restores `saved` and leaves the alternate screen.
  static func arm(_ saved: termios) {
    _ = installed
    armed.pointee = 0
    settings.pointee = saved
    armed.pointee = 1
  }

  /// The terminal is the shell's again: a crash now changes nothing of it.
  static func disarm() {
    armed.pointee = 0
  }

  /// The handler: the terminal given back if it is the app's, then the signal's default
  /// action, raised again (delivered when the handler returns).
  private static let handle: @convention(c) (Int32) -> Void = { number in
    if CrashRestore.armed.pointee != 0 {
      CrashRestore.armed.pointee = 0
      _ = write(1, CrashRestore.leave.baseAddress, CrashRestore.leave.count)
      _ = tcsetattr(0, TCSANOW, CrashRestore.settings)
    }
    signal(number, SIG_DFL)
    raise(number)
  }

  #if DEBUG
    /// The variable that makes a debug build crash once the app's first screen is drawn, for
    /// the end-to-end tests of this path: a signal's name (`SIGSEGV`), or `fatalError`.
    static let testVariable = "HOTEL_TEST_CRASH"

    /// Crashes as ``testVariable`` asks, if it is set (debug builds only).
    static func crashIfAsked() {
      guard let value = getenv(testVariable) else { return }
      switch String(cString: value) {
      case "fatalError": fatalError("crash asked by \(testVariable)")
      // As the C library aborts (SIGABRT unblocked first: libdispatch's threads block it).
      case "SIGABRT": abort()
      case "SIGSEGV": raise(SIGSEGV)
      case "SIGBUS": raise(SIGBUS)
      case "SIGILL": raise(SIGILL)
      case "SIGTRAP": raise(SIGTRAP)
      default: break
      }
    }
  #endif
}
