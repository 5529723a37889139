import Foundation
import Presentation

/// One line of `--json` output (SPEC section 5): the script line, the screen, every field
/// (value and error), every button (enabled), the notice, and the failure if the line failed.
struct StateJSON: Encodable {
  /// A field's value and error.
  struct FieldState: Encodable {
    var value: String
    var error: String?

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(value, forKey: .value)
      try container.encode(error, forKey: .error)
    }

    enum CodingKeys: String, CodingKey { case value, error }
  }

  /// The script line as written.
  var line: String
  /// Its number, from 1.
  var number: Int
  /// The current screen.
  var screen: String
  /// Field ID -> value and error.
  var fields: [String: FieldState]
  /// Button ID -> enabled.
  var buttons: [String: Bool]
  /// The notice, or null.
  var notice: String?
  /// Why the line failed, or null.
  var failure: String?

  /// The state of `model` after `line`.
  init(line: ScriptLine, snapshot: ScreenSnapshot, failure: String?) {
    self.line = line.text
    number = line.number
    screen = snapshot.screen.rawValue
    fields = Dictionary(
      snapshot.fields.map { ($0.id, FieldState(value: $0.value, error: $0.error)) },
      uniquingKeysWith: { first, _ in first })
    buttons = Dictionary(
      snapshot.buttons.map { ($0.id, $0.isEnabled) }, uniquingKeysWith: { first, _ in first })
    notice = snapshot.notice
    self.failure = failure
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(line, forKey: .line)
    try container.encode(number, forKey: .number)
    try container.encode(screen, forKey: .screen)
    try container.encode(fields, forKey: .fields)
    try container.encode(buttons, forKey: .buttons)
    try container.encode(notice, forKey: .notice)
    try container.encode(failure, forKey: .failure)
  }

  enum CodingKeys: String, CodingKey {
    case line, number, screen, fields, buttons, notice, failure
  }

  /// One line of JSON, keys sorted (stable for goldens), control characters escaped.
  func encodedLine() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(self) else { return "{}" }
    return JSONText.terminalSafe(String(decoding: data, as: UTF8.self))
  }
}
