import Domain
import Foundation

/// The masks applied as a field is typed into (SPEC section 4): phone numbers become
/// `+7 (916) 123-45-67`, dates `dd.MM.yyyy`; other fields keep the text as typed.
enum InputMask {
  /// The text to show for `text` typed into a field of `inputType`.
  static func apply(_ text: String, for inputType: InputType) -> String {
    switch inputType {
    case .phone: PhoneMask.format(text)
    case .date: DateMask.format(text)
    case .bool: switchText(text)
    default: text
    }
  }

  /// `true` or `false` for the usual ways of saying yes or no (`yes`, `on`, `1`, `да`...);
  /// anything else as typed (it then counts as off).
  private static func switchText(_ text: String) -> String {
    switch text.trimmingCharacters(in: .whitespaces).lowercased() {
    case "true", "yes", "on", "1", "да", "вкл": "true"
    case "false", "no", "off", "0", "нет", "выкл": "false"
    default: text
    }
  }
}
