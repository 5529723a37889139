// The one file with platform differences (Glibc on Linux, Darwin on macOS).
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the CLI asks of the operating system.
enum Platform {
  /// Whether standard output is a terminal.
  static var standardOutputIsTerminal: Bool { isatty(1) == 1 }

  /// Whether standard input is a terminal.
  static var standardInputIsTerminal: Bool { isatty(0) == 1 }

  /// Ignores SIGPIPE, so writing to a closed pipe is an error instead of killing the process.
  static func ignoreBrokenPipes() {
    signal(SIGPIPE, SIG_IGN)
  }
}
