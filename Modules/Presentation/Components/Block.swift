/// One piece of a screen, in screen order: a uniform description any renderer can walk (the
/// terminal renderer does; a SwiftUI host may use the screens' typed component models instead).
public enum Block: Hashable, Sendable {
  /// A prominent line (a hotel or room name, "Your order is accepted").
  case heading(String)
  /// A paragraph.
  case text(String)
  /// The rating, "★ 5 Excellent".
  case rating(String)
  /// A price and what it covers ("from 134 268 ₽", "for a tour with flight").
  case price(amount: String, caption: String)
  /// Feature tags.
  case tags([String])
  /// Labelled values.
  case rows([InfoRow])
  /// A photo carousel (with its two buttons).
  case carousel(CarouselModel)
  /// A text field.
  case field(FieldModel)
  /// A button.
  case button(ButtonModel)
  /// A titled group; collapsed ones show only their title (and summary).
  case section(SectionModel)

  /// The fields in this block, in order (collapsed sections included).
  var fields: [FieldModel] {
    switch self {
    case .field(let field): [field]
    case .section(let section): section.content.flatMap { $0.fields }
    default: []
    }
  }

  /// The first field in this block (collapsed sections included) that `matches`, found
  /// without collecting the others.
  func firstField(where matches: (FieldModel) -> Bool) -> FieldModel? {
    switch self {
    case .field(let field): return matches(field) ? field : nil
    case .section(let section):
      for block in section.content {
        if let found = block.firstField(where: matches) { return found }
      }
      return nil
    default: return nil
    }
  }

  /// The buttons in this block, in order: buttons, carousel buttons, section toggles.
  var buttons: [ButtonModel] {
    switch self {
    case .button(let button): [button]
    case .field(let field): field.retry.map { [$0] } ?? []
    case .carousel(let carousel): [carousel.previous, carousel.next]
    case .section(let section):
      (section.toggle.map { [$0] } ?? []) + section.content.flatMap { $0.buttons }
    default: []
    }
  }

  /// This block with the value of each field holding personal data masked.
  var maskingPersonalData: Block {
    switch self {
    case .field(var field) where field.isPersonal:
      field.value = field.maskedValue
      return .field(field)
    case .section(var section):
      section.content = section.content.map(\.maskingPersonalData)
      return .section(section)
    default:
      return self
    }
  }
}
