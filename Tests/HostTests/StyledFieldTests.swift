import Domain
import Presentation
import Testing

// The style snippet of Docs/Presentation.md is a SwiftUI view. SwiftUI is not on Linux, so these
// stand-ins give the few SwiftUI names it uses their SwiftUI signatures (a `Text` modifier returns
// `Text`), and record what was applied: the snippet's own code is compiled against the library's
// public API, and the test reads what it chose.

/// Stand-in for SwiftUI's `View`.
protocol View {}

/// Stand-in for SwiftUI's `Font`: the three sizes the snippet picks from.
enum Font: Equatable {
  case caption
  case body
  case title3
}

/// Stand-in for SwiftUI's `Color`.
struct Color: Equatable {
  static let primary = Color(red: 0, green: 0, blue: 0)
  static let clear = Color(red: 1, green: 1, blue: 1)
  var red: Double
  var green: Double
  var blue: Double
}

/// Stand-in for SwiftUI's `Text`, recording each modifier applied.
struct Text: View, Equatable {
  var string: String
  var chosenFont: Font?
  var isBold = false
  var isItalic = false
  var isMonospaced = false
  var foregroundColor: Color?
  var backgroundColor: Color?

  init(_ string: String) { self.string = string }

  func font(_ font: Font) -> Text { with { $0.chosenFont = font } }
  func bold(_ isActive: Bool) -> Text { with { $0.isBold = isActive } }
  func italic(_ isActive: Bool) -> Text { with { $0.isItalic = isActive } }
  func monospaced(_ isActive: Bool) -> Text { with { $0.isMonospaced = isActive } }
  func foregroundStyle(_ color: Color) -> Text { with { $0.foregroundColor = color } }
  func background(_ color: Color) -> some View { with { $0.backgroundColor = color } }

  private func with(_ change: (inout Text) -> Void) -> Text {
    var text = self
    change(&text)
    return text
  }
}

/// A field's value in the style the form's schema gives it: each part of a `FormStyle` maps to
/// SwiftUI in a line.
struct StyledValue: View {
  let field: FieldModel

  var body: some View {
    Text(field.value)
      .font(size)
      .bold(field.style.font == .bold)
      .italic(field.style.font == .italic)
      .monospaced(field.style.font == .monospace)
      .foregroundStyle(color(field.style.foreground, else: .primary))
      .background(color(field.style.background, else: .clear))
  }

  var size: Font {
    switch field.style.size {
    case .small: .caption
    case .large: .title3
    case .regular, nil: .body
    }
  }

  func color(_ rgb: RGBColor?, else fallback: Color) -> Color {
    rgb.map { Color(red: $0.red, green: $0.green, blue: $0.blue) } ?? fallback
  }
}

@Suite struct StyledFieldTests {
  @Test func aFieldsStyleMapsToSwiftUIInALineEach() throws {
    let style = FormStyle(
      font: .italic, size: .large, foreground: RGBColor(hex: "#1A237E"),
      background: RGBColor(hex: "#FFFFFF"))
    let field = FieldModel(
      path: FieldPath("extras.promoCode"), label: "Promo code", value: "SUMMER10", style: style)
    let drawn = try #require(StyledValue(field: field).body as? Text)
    #expect(drawn.string == "SUMMER10")
    #expect(drawn.chosenFont == .title3)
    #expect(drawn.isItalic && !drawn.isBold && !drawn.isMonospaced)
    #expect(drawn.foregroundColor == Color(red: 0x1A / 255, green: 0x23 / 255, blue: 0x7E / 255))
    #expect(drawn.backgroundColor == Color(red: 1, green: 1, blue: 1))
  }

  @Test func aPlainFieldKeepsTheHostsDefaults() throws {
    let field = FieldModel(path: FieldPath("buyer.email"), label: "Email", value: "a@b.ru")
    let drawn = try #require(StyledValue(field: field).body as? Text)
    #expect(drawn.chosenFont == .body)
    #expect(!drawn.isBold && !drawn.isItalic && !drawn.isMonospaced)
    #expect(drawn.foregroundColor == .primary && drawn.backgroundColor == .clear)
  }
}
