/// Decides whether output is coloured: `auto` colours only a terminal, without `NO_COLOR`, with
/// a `TERM` other than `dumb`; `always` and `never` are explicit (the flag beats `NO_COLOR`).
enum ColorPolicy {
  /// Whether to colour, given the mode, whether stdout is a terminal and the environment.
  static func usesColor(
    _ mode: ColorMode, standardOutputIsTerminal: Bool, environment: [String: String]
  ) -> Bool {
    switch mode {
    case .always: return true
    case .never: return false
    case .auto:
      if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
      if environment["TERM"] == "dumb" { return false }
      return standardOutputIsTerminal
    }
  }

  /// Whether the terminal draws 24-bit colour: `COLORTERM` is `truecolor` or `24bit`.
  static func usesTrueColor(environment: [String: String]) -> Bool {
    let value = environment["COLORTERM"]?.lowercased()
    return value == "truecolor" || value == "24bit"
  }
}
