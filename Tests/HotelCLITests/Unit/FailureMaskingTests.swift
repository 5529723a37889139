import Domain
import Presentation
import Testing

@testable import HotelCLI

/// Failure messages and report lines never print a phone or a passport number in full (SPEC
/// section 8), whatever the field is called: the field's rules decide.
@Suite struct FailureMaskingTests {
  static let mobile = FieldModel(
    path: FieldPath("buyer.mobile"), label: "Mobile", value: "+7 (916) 123-45-67",
    isPersonal: true)
  static let name = FieldModel(
    path: FieldPath("tourist.1.firstName"), label: "First name", value: "Ivan")

  @Test func personalFieldsAreMaskedByTheirRuleNotTheirID() {
    #expect(Self.mobile.maskedValue == "•••• 4567")
    #expect(Self.mobile.masked("AB123") == "•••• 23")
    #expect(Self.name.maskedValue == "Ivan")
  }

  @MainActor @Test func aReportLineMasksWhatIsTypedIntoAPersonalField() {
    let model = ScreenSnapshot(
      screen: .booking, title: "Booking", blocks: [.field(Self.mobile), .field(Self.name)])
    func line(_ text: String, _ command: ScriptCommand) -> String {
      StepExecutor.shown(ScriptLine(number: 1, text: text, command: command), in: model)
    }
    #expect(
      line("type booking.buyer.mobile 9161234567", .type("booking.buyer.mobile", "9161234567"))
        == "type booking.buyer.mobile \"•••• 4567\"")
    #expect(
      line(
        "expect value booking.buyer.mobile \"+7 (916) 000-00-00\"",
        .expect(.value("booking.buyer.mobile", "+7 (916) 000-00-00")))
        == "expect value booking.buyer.mobile \"•••• 0000\"")
    #expect(
      line("type booking.tourist.1.firstName Ivan", .type("booking.tourist.1.firstName", "Ivan"))
        == "type booking.tourist.1.firstName Ivan")
    #expect(model.maskingPersonalData.field("booking.buyer.mobile")?.value == "•••• 4567")
  }
}
