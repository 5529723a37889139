/// JSON output that is safe on a terminal: `JSONEncoder` escapes C0 controls already; this also
/// escapes DEL, C1 controls and bidirectional overrides as `\uXXXX` (the JSON value is the same).
enum JSONText {
  /// `json` with the remaining dangerous scalars escaped.
  static func terminalSafe(_ json: String) -> String {
    guard json.unicodeScalars.contains(where: TerminalText.needsNeutralizing) else { return json }
    var result = ""
    for scalar in json.unicodeScalars {
      if TerminalText.needsNeutralizing(scalar), scalar.value > 0x1F {
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
