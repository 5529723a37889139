import Testing

@testable import HotelCLI

/// Failure messages never print a phone or a passport number in full (SPEC section 8).
@Suite struct FailureMaskingTests {
  @MainActor @Test func personalFieldsAreMaskedInFailureMessages() {
    #expect(StepExecutor.shown("4509 123456", "booking.tourist.1.passportNumber") == "•••• 3456")
    #expect(StepExecutor.shown("+7 (916) 123-45-67", "booking.buyer.phone") == "•••• 4567")
    #expect(StepExecutor.shown("AB123", "booking.tourist.2.passportNumber") == "•••• 23")
    #expect(StepExecutor.shown("Ivan", "booking.tourist.1.firstName") == "Ivan")
  }
}
