import Domain
import Testing

@Suite struct FormValueTests {
  @Test(arguments: [
    ("", InputType.numeric, FormValue.empty),
    ("12", .numeric, .number(12)),
    (" 12 ", .numeric, .number(12)),
    ("2,5", .numeric, .number(2.5)),
    ("-3.25", .numeric, .number(-3.25)),
    ("   ", .numeric, .empty),
    ("12abc", .numeric, .text("12abc")),
    ("nan", .numeric, .text("nan")),
    ("inf", .numeric, .text("inf")),
    ("1e400", .numeric, .text("1e400")),
    ("true", .bool, .bool(true)),
    (" FALSE ", .bool, .bool(false)),
    ("maybe", .bool, .text("maybe")),
    ("12", .string, .text("12")),
    (" ", .string, .text(" ")),
    ("01.02.2000", .date, .text("01.02.2000")),
  ])
  func typedTextIsReadAsItsInputType(text: String, type: InputType, expected: FormValue) {
    #expect(FormValue(typed: text, as: type) == expected)
  }

  @Test(arguments: [
    (FormValue.empty, ""),
    (.text("abc"), "abc"),
    (.number(300_850), "300850"),
    (.number(-2), "-2"),
    (.number(12.5), "12.5"),
    (.number(1e20), "1e+20"),
    (.bool(true), "true"),
    (.bool(false), "false"),
  ])
  func displayText(value: FormValue, expected: String) {
    #expect(value.displayText == expected)
  }

  @Test func inputTypeNamesAndEditability() {
    for type in InputType.allCases {
      #expect(InputType(rawValue: type.rawValue) == type)
    }
    #expect(InputType.longString.rawValue == "long_string")
    #expect(!InputType.none.isEditable)
    #expect(!InputType.unsupported.isEditable)
    #expect(InputType.phone.isEditable)
  }
}
