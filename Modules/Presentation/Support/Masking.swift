/// Masks personal numbers outside the form being filled (SPEC section 8): `•••• 3456`.
enum Masking {
  /// The last four letters or digits of `text` behind bullets; fewer than five letters or
  /// digits are masked entirely (`••••`).
  static func mask(_ text: String) -> String {
    let characters = text.filter { $0.isLetter || $0.isNumber }
    guard characters.count > 4 else { return "••••" }
    return "•••• " + String(characters.suffix(4))
  }
}
