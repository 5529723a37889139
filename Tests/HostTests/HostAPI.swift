import Domain
import Foundation
import Presentation
import Synchronization
import UseCases

/// The booking API a host might write for its own tests and previews: in memory, against the
/// public port (`BookingAPI`), with the catalogue of SPEC section 3 and a switch that takes the
/// network away.
final class HostAPI: Sendable {
  private struct State {
    var isOnline = true
    var nextOrderNumber = 104_893
    var orders: [String: Int] = [:]
  }

  private let state = Mutex(State())

  /// Whether the server can be reached; when not, every call fails with `.noConnection`.
  var isOnline: Bool {
    get { state.withLock { $0.isOnline } }
    set { state.withLock { $0.isOnline = newValue } }
  }

  /// The port, over this in-memory server.
  var port: BookingAPI {
    BookingAPI(
      hotel: { _, _ throws(APIError) in Loaded(try self.answer(Self.hotel), origin: .network) },
      rooms: { _, _ throws(APIError) in Loaded(try self.answer(Self.rooms), origin: .network) },
      booking: { roomID, _, _ throws(APIError) in
        Loaded(try self.answer(Self.offer(roomID: roomID)), origin: .network)
      },
      bookingForm: { _, _ throws(APIError) in
        _ = try self.answer(())
        return nil
      },
      submitOrder: { _, key, _ throws(APIError) in
        _ = try self.answer(())
        return self.state.withLock { state in
          if let number = state.orders[key] { return OrderConfirmation(orderNumber: number) }
          state.nextOrderNumber += 1
          state.orders[key] = state.nextOrderNumber
          return OrderConfirmation(orderNumber: state.nextOrderNumber)
        }
      })
  }

  private func answer<Value>(_ value: Value) throws(APIError) -> Value {
    guard isOnline else { throw .noConnection }
    return value
  }

  // MARK: - The catalogue

  static let hotel = Hotel(
    id: 1, name: "The best five-star hotel in Hurghada, Egypt",
    address: "Madinat Makadi, Safaga Road, Makadi Bay, Egypt", minimalPrice: Money(134_268),
    priceForIt: "for a tour with flight", rating: 5, ratingName: "Excellent",
    imageURLs: ["https://img.example/1.jpg", "https://img.example/2.jpg"],
    description: "A VIP-class hotel with its own golf courses.",
    peculiarities: ["Free Wi-Fi throughout the hotel", "1 km to the beach"])

  static let rooms = [
    Room(
      id: 1, name: "Standard room with pool view", price: Money(186_600),
      pricePer: "For 7 nights with flight", peculiarities: ["Breakfast only"],
      imageURLs: ["https://img.example/r1.jpg"]),
    Room(
      id: 2, name: "Deluxe room with sea view", price: Money(289_400),
      pricePer: "For 7 nights with flight", peculiarities: ["All inclusive"],
      imageURLs: ["https://img.example/r2.jpg"]),
  ]

  static func offer(roomID: Int) -> BookingOffer {
    let room = rooms.first { $0.id == roomID } ?? rooms[1]
    return BookingOffer(
      id: roomID, roomID: room.id, hotelName: hotel.name, hotelAddress: hotel.address,
      rating: hotel.rating, ratingName: hotel.ratingName, departure: "Moscow",
      arrivalCountry: "Egypt, Hurghada", tourDates: tourDates, numberOfNights: 7,
      room: room.name, nutrition: "All inclusive",
      prices: PriceRule(
        tourPrice: room.price, fuelCharge: Money(9_300), serviceCharge: Money(2_150)))
  }

  static let tourDates: TourDates = {
    guard let start = CalendarDate(year: 2027, month: 9, day: 20),
      let stop = CalendarDate(year: 2027, month: 9, day: 27),
      let dates = TourDates(start: start, stop: stop)
    else { preconditionFailure("the sample tour dates are real") }
    return dates
  }()
}

extension HostAPI {
  /// The day the host tests live in: 15 January 2027, months before the fixture's tour.
  static let today: CalendarDate = {
    guard let today = CalendarDate(year: 2027, month: 1, day: 15) else {
      preconditionFailure("the host tests' today is a real date")
    }
    return today
  }()

  /// A coordinator over this API and `stores`, in English, with `today` as the injected today
  /// (the clock, the time, UUIDs and randomness fixed or live as a host's previews have them):
  /// what each host test composes.
  @MainActor func coordinator(
    stores: HostStores, today: CalendarDate = HostAPI.today
  ) -> AppCoordinator {
    let dependencies = Dependencies(
      clock: ContinuousClock(), now: { Date(timeIntervalSince1970: 1_800_000_000) },
      today: { today }, uuid: { UUID() }, random: { 0.5 }, language: .en)
    return AppCoordinator(
      api: port, orders: stores.orderStore, drafts: stores.draftStore,
      dependencies: dependencies)
  }
}
