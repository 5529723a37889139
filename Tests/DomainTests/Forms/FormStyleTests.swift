import Domain
import Foundation
import Testing

/// A section's and a field's `style`: typed when the schema loads, a colour that does not parse
/// refused naming the field, poor contrast a warning naming it.
@Suite struct FormStyleTests {
  static func schema(fieldStyle: String, sectionStyle: String = "{}") -> String {
    """
    {"version": 1, "sections": [{"id": "extras", "title": "Extras", "style": \(sectionStyle),
      "fields": [{"id": "code", "label": "Code", "style": \(fieldStyle)}]}]}
    """
  }

  @Test func aStyleIsReadAsTypedValues() throws {
    let json = Self.schema(
      fieldStyle:
        ##"{"font": "italic", "size": "large", "foreground": "#1a237e", "background": "#FFF8E1"}"##,
      sectionStyle: ##"{"font": "bold"}"##)
    let schema = try FormSchema.decode(from: Data(json.utf8))
    let style = try #require(schema.sections.first?.fields.first?.style)
    #expect(style.font == .italic && style.size == .large)
    #expect(style.foreground == RGBColor(red8: 0x1A, green8: 0x23, blue8: 0x7E))
    #expect(style.background?.hex == "#FFF8E1")
    #expect(schema.sections.first?.style == FormStyle(font: .bold))
    #expect(schema.warnings.isEmpty)
    let again = try FormSchema.decode(from: JSONEncoder().encode(schema))
    #expect(again == schema, "a style survives encoding")
  }

  @Test(arguments: [
    (
      ##"{"foreground": "red"}"##,
      "Invalid style in extras.code: style.foreground 'red' is not #RRGGBB"
    ),
    (
      ##"{"background": "#FFF"}"##,
      "Invalid style in extras.code: style.background '#FFF' is not #RRGGBB"
    ),
    (
      ##"{"foreground": "#GG0000"}"##,
      "Invalid style in extras.code: style.foreground '#GG0000' is not #RRGGBB"
    ),
    (
      ##"{"font": "comic"}"##,
      "Invalid style in extras.code: style.font 'comic' is not 'regular', 'bold', 'italic', 'monospace'"
    ),
  ])
  func aStyleThatDoesNotParseRefusesTheSchemaNamingTheField(style: String, message: String) {
    #expect(throws: FormSchemaError.self) {
      try FormSchema.decode(from: Data(Self.schema(fieldStyle: style).utf8))
    }
    do {
      _ = try FormSchema.decode(from: Data(Self.schema(fieldStyle: style).utf8))
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func aBadSectionColourNamesTheSection() {
    let json = Self.schema(fieldStyle: "{}", sectionStyle: ##"{"background": "blue"}"##)
    do {
      _ = try FormSchema.decode(from: Data(json.utf8))
      Issue.record("accepted")
    } catch {
      #expect(
        error.description == "Invalid style in extras: style.background 'blue' is not #RRGGBB")
    }
  }

  @Test func poorContrastIsAWarningNamingTheField() throws {
    let json = Self.schema(fieldStyle: ##"{"foreground": "#777777", "background": "#888888"}"##)
    let schema = try FormSchema.decode(from: Data(json.utf8))
    #expect(schema.warnings.map(\.path) == ["extras.code"])
    #expect(
      schema.warnings.first?.description
        == "Poor contrast in extras.code: style.foreground on style.background is 1.2:1, under the 3:1 a text needs to be read"
    )
  }

  @Test func contrastFollowsWCAG() throws {
    let black = try #require(RGBColor(hex: "#000000"))
    let white = try #require(RGBColor(hex: "#ffffff"))
    #expect(abs(black.contrast(with: white) - 21) < 0.001)
    #expect(abs(white.contrast(with: white) - 1) < 0.001)
    #expect(RGBColor(hex: "#12345") == nil && RGBColor(hex: "123456") == nil)
  }
}
