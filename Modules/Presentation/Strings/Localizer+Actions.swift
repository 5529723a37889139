import Domain

extension Localizer {
  /// Why an action was refused, in the user's words: "the button is disabled", "there is no
  /// 'booking.pay' on the rooms screen".
  ///
  /// A host prefixes what was done and to what, if it wants (the `hotel` app writes "tap
  /// booking.pay: the button is disabled").
  public func actionError(_ error: ActionError, on screen: ScreenKind) -> String {
    let ru = language == .ru
    switch error {
    case .unknownElement(let id, _):
      return ru ? "на экране \(screen) нет '\(id)'" : "there is no '\(id)' on the \(screen) screen"
    case .disabled: return ru ? "кнопка недоступна" : "the button is disabled"
    case .readOnly: return ru ? "поле только для чтения" : "the field is read-only"
    case .notAField(let id):
      return ru ? "это кнопка; используйте: tap \(id)" : "that is a button; use: tap \(id)"
    case .insideCollapsedSection:
      return ru
        ? "элемент внутри свёрнутой секции; сначала нажмите на секцию"
        : "it is inside a collapsed section; tap the section first"
    case .paymentPending: return toast(.paymentBeingChecked)
    case .cannotGoBack(let screen):
      return ru ? "перед экраном \(screen) нет другого" : "there is no screen before \(screen)"
    }
  }
}
