/// The values of `${NAME}` in a script's arguments: `--var NAME=VALUE`, else the environment
/// variable `HOTEL_VAR_NAME`.
///
/// `${` always starts a reference; `$${` writes a literal `${`. A name is a letter or `_`
/// followed by letters, digits and `_` (ASCII). An undefined variable is a parse error naming it.
struct ScriptVariables: Equatable, Sendable {
  /// The values given with `--var`, by name.
  var values: [String: String] = [:]
  /// The process environment (only `HOTEL_VAR_` entries are read).
  var environment: [String: String] = [:]

  /// The longest argument once its variables are replaced, 64 KiB (the longest line the line
  /// mode reads): a short line of many `${BIG}`s would otherwise make megabytes of each line.
  static let expandedLimit = 64 * 1024

  /// The prefix of the environment variables that define script variables.
  static let environmentPrefix = "HOTEL_VAR_"

  /// The value of `name`, or `nil` when it is not defined.
  func value(_ name: String) -> String? {
    values[name] ?? environment[Self.environmentPrefix + name]
  }

  /// Whether `name` can be a variable's name.
  static func isValidName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 64 else {
      return false
    }
    func letter(_ scalar: Unicode.Scalar) -> Bool {
      ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }
    return letter(first)
      && name.unicodeScalars.allSatisfy { letter($0) || ("0"..."9").contains($0) }
  }

  /// Whether `scalar` ends a line: a value holding one is refused (a secret's trailing newline,
  /// `HOTEL_VAR_EMAIL=$'qa@example.com\n'`).
  ///
  /// A line of a script cannot hold it, and neither can a field (the full-screen app types none),
  /// so a text typed with it was a text no person could type, and `--record` wrote it over two
  /// lines, which its replay refused.
  static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar)
  }

  /// `text` with every `${NAME}` replaced by its value; values are not scanned again.
  ///
  /// A value holding a line break (``isLineBreak(_:)``) is an error naming it.
  func substitute(
    _ text: String, strings: CLIStrings = .english
  ) throws(ScriptParser.LineProblem) -> String {
    // A byte search: `String.contains` would compare characters.
    guard text.utf8.contains(UInt8(ascii: "$")) else { return text }
    var result = ""
    var rest = Substring(text)
    while let dollar = rest.firstIndex(of: "$") {
      result += rest[..<dollar]
      let after = rest[dollar...].dropFirst()
      if after.hasPrefix("${") {
        result += "${"
        rest = after.dropFirst(2)
        continue
      }
      guard after.hasPrefix("{") else {
        result += "$"
        rest = after
        continue
      }
      let body = after.dropFirst()
      guard let close = body.firstIndex(of: "}") else {
        throw ScriptParser.LineProblem(
          strings.unterminatedVariable(ArgumentParser.shown("$" + after)))
      }
      let name = String(body[..<close])
      guard Self.isValidName(name) else {
        throw ScriptParser.LineProblem(
          strings.badVariableName("${" + ArgumentParser.shown(name) + "}"))
      }
      guard let value = value(name) else {
        throw ScriptParser.LineProblem(
          strings.undefinedVariable(name, prefix: Self.environmentPrefix))
      }
      if let lineBreak = value.unicodeScalars.first(where: Self.isLineBreak) {
        throw ScriptParser.LineProblem(strings.variableHoldsLineBreak(name, lineBreak.value))
      }
      result += value
      guard result.utf8.count <= Self.expandedLimit else {
        throw ScriptParser.LineProblem(strings.expandedTooLong(limit: Self.expandedLimit))
      }
      rest = body[body.index(after: close)...]
    }
    result += rest
    guard result.utf8.count <= Self.expandedLimit else {
      throw ScriptParser.LineProblem(strings.expandedTooLong(limit: Self.expandedLimit))
    }
    return result
  }
}
