/// The `--help` texts of the tool and each command, in the language of `strings` (`--lang`):
/// the words are ``CLIStrings``', the list of options is ``OptionSpec/all``.
enum HelpText {
  /// The version `--version` prints.
  static let version = "hotel 1.0.0"

  /// `hotel --help`.
  static func tool(_ strings: CLIStrings = .english) -> String {
    strings.helpToolHead + "\n\n" + strings.helpOptionsHeading + "\n"
      + options(for: ["run", "replay", "test", "serve", "orders"], strings) + "\n"
      + line("-h, --help", strings.helpHelpOption) + "\n"
      + line("--version", strings.helpVersionOption) + "\n\n" + strings.helpToolTail
  }

  /// `hotel COMMAND --help`, or `nil` for an unknown command.
  static func command(_ name: String, _ strings: CLIStrings = .english) -> String? {
    guard let head = strings.helpCommandHead(name) else { return nil }
    return head + "\n\n" + strings.helpOptionsHeading + "\n"
      + options(for: [name], strings, command: name) + "\n"
      + line("-h, --help", strings.helpThisHelp)
  }

  private static func options(
    for commands: Set<String>, _ strings: CLIStrings, command: String? = nil
  ) -> String {
    OptionSpec.all.filter { !$0.commands.isDisjoint(with: commands) }
      .map { spec in
        line(
          spec.name + (spec.valueName.map { " " + $0 } ?? ""),
          strings.optionSummary(spec, for: command))
      }
      .joined(separator: "\n")
  }

  private static func line(_ left: String, _ summary: String) -> String {
    let padded = left.count < 26 ? left + String(repeating: " ", count: 26 - left.count) : left
    return "  " + padded + "  " + summary
  }
}
