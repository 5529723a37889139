import Domain

/// The masks applied as a field is typed into (SPEC section 4): phone numbers become
/// `+7 (916) 123-45-67`, dates `dd.MM.yyyy`; other fields keep the text as typed.
enum InputMask {
  /// The text to show for `text` typed into a field of `inputType`.
  static func apply(_ text: String, for inputType: InputType) -> String {
    switch inputType {
    case .phone: PhoneMask.format(text)
    case .date: DateMask.format(text)
    default: text
    }
  }
}
