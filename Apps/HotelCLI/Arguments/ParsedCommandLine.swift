/// What the command line asks for: do something, or print help or the version.
enum ParsedCommandLine: Equatable, Sendable {
  /// Run a command.
  case invoke(Invocation)
  /// Print this help text and exit 0.
  case help(String)
  /// Print the version and exit 0.
  case version
}
