import Domain
import Presentation
import TestSupport
import Testing
import UseCases

@testable import HotelCLI

/// The full-screen app on a booking whose payment is being checked: a field named by a `:`
/// command, or Esc, is refused saying why, in the screen's language.
@MainActor @Suite struct PresentationAdapterHeldPaymentTests {
  @Test(arguments: [
    (
      Language.en,
      "Your payment is being checked: the booking cannot be changed until the server answers"
    ),
    (Language.ru, "Платёж проверяется: бронирование нельзя изменить, пока сервер не ответит"),
  ])
  func editsAndBackAreRefusedSayingWhy(language: Language, refusal: String) async throws {
    let server = InMemoryBookingAPI()
    server.loseOrderResponses(times: 1)
    let coordinator = AppCoordinator(
      api: server.api, orders: .inMemory(), drafts: .inMemory(),
      dependencies: .test(language: language))
    await coordinator.start()
    await coordinator.settle()
    let adapter = PresentationAdapter(coordinator: coordinator)
    var actions: [PresentationAdapter.Action] = [
      .tap("hotel.chooseRoom"), .tap("rooms.room.2.choose"),
      .type("booking.buyer.phone", Samples.buyerInput.phone),
      .type("booking.buyer.email", Samples.buyerInput.email),
    ]
    actions += Samples.touristInput.map { .type("booking.tourist.1.\($0.field)", $0.text) }
    actions.append(.tap("booking.pay"))
    for action in actions {
      #expect(await adapter.perform(action) == nil, "\(action)")
      await coordinator.settle()
    }
    #expect(coordinator.current?.booking?.isPaymentPending == true)

    #expect(
      await adapter.perform(.type("booking.buyer.email", "anna@example.com"))
        == "booking.buyer.email: " + refusal)
    #expect(await adapter.perform(.back) == refusal)
    #expect(coordinator.current?.kind == .booking)
  }
}
