import Domain
import Foundation
import UseCases

/// The one place where the API's DTOs become Domain types and back. Nothing outside Networking
/// sees a DTO; every value the Domain would refuse becomes
/// ``APIError/undecodable(path:reason:)`` naming the API's field.
enum DomainMapping {
  /// The most tourists an offer may allow (`max_tourists`).
  static let maximumTourists = 100

  /// The currency of every price the API sends.
  static let currency = "RUB"

  // MARK: - To Domain

  /// The hotel of `GET /hotel`.
  static func hotel(_ dto: HotelDTO) throws(APIError) -> Hotel {
    try checkRating(dto.rating, path: "rating")
    return Hotel(
      id: dto.id, name: dto.name, address: dto.adress,
      minimalPrice: try money(dto.minimalPrice, path: "minimal_price"),
      priceForIt: dto.priceForIt, rating: dto.rating, ratingName: dto.ratingName,
      imageURLs: dto.imageURLs, description: dto.aboutTheHotel.description,
      peculiarities: dto.aboutTheHotel.peculiarities)
  }

  /// The rooms of `GET /rooms`, in the API's order.
  static func rooms(_ dto: RoomsDTO) throws(APIError) -> [Room] {
    var rooms: [Room] = []
    for (index, room) in dto.rooms.enumerated() {
      rooms.append(
        Room(
          id: room.id, name: room.name, price: try money(room.price, path: "rooms[\(index)].price"),
          pricePer: room.pricePer, peculiarities: room.peculiarities, imageURLs: room.imageURLs))
    }
    return rooms
  }

  /// The offer of `GET /booking?room=roomID`.
  static func booking(_ dto: BookingDTO, roomID: Int) throws(APIError) -> BookingOffer {
    try checkRating(dto.horating, path: "horating")
    let start = try date(dto.tourDateStart, path: "tour_date_start")
    let stop = try date(dto.tourDateStop, path: "tour_date_stop")
    guard let dates = TourDates(start: start, stop: stop) else {
      throw .undecodable(
        path: "tour_date_stop", reason: "\(dto.tourDateStop) is before \(dto.tourDateStart)")
    }
    guard dto.numberOfNights >= 0 else {
      throw .undecodable(path: "number_of_nights", reason: "negative")
    }
    let minTourists = dto.minTourists ?? 1
    let maxTourists = dto.maxTourists ?? 4
    guard minTourists >= 1 else {
      throw .undecodable(path: "min_tourists", reason: "\(minTourists) is less than 1")
    }
    guard maxTourists <= Self.maximumTourists else {
      // The booking form repeats its tourist section at most this often: more would leave
      // the Booking screen without a form.
      throw .undecodable(
        path: "max_tourists", reason: "\(maxTourists) is more than \(Self.maximumTourists)")
    }
    guard minTourists <= maxTourists else {
      throw .undecodable(
        path: "max_tourists", reason: "\(maxTourists) is less than min_tourists \(minTourists)")
    }
    let prices = PriceRule(
      tourPrice: try money(dto.tourPrice, path: "tour_price"),
      fuelCharge: try money(dto.fuelCharge, path: "fuel_charge"),
      serviceCharge: try money(dto.serviceCharge, path: "service_charge"))
    return BookingOffer(
      id: dto.id, roomID: roomID, hotelName: dto.hotelName, hotelAddress: dto.hotelAdress,
      rating: dto.horating, ratingName: dto.ratingName, departure: dto.departure,
      arrivalCountry: dto.arrivalCountry, tourDates: dates, numberOfNights: dto.numberOfNights,
      room: dto.room, nutrition: dto.nutrition, prices: prices,
      touristLimits: minTourists...maxTourists)
  }

  /// The confirmation of `POST /orders`.
  static func confirmation(_ dto: OrderResponseDTO) throws(APIError) -> OrderConfirmation {
    guard dto.orderNumber > 0 else {
      throw .undecodable(path: "order_number", reason: "\(dto.orderNumber) is not positive")
    }
    guard let total = dto.total else { return OrderConfirmation(orderNumber: dto.orderNumber) }
    guard total >= 0 else { throw .undecodable(path: "total", reason: "\(total) is negative") }
    let code = dto.currency ?? currency
    guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
      throw .undecodable(path: "currency", reason: "'\(code)' is not an ISO 4217 code")
    }
    return OrderConfirmation(orderNumber: dto.orderNumber, total: Money(total, currency: code))
  }

  /// A schema the Domain refuses, as an undecodable body naming where
  /// (`buyer.phone`, or `(root)` for the whole schema).
  static func formSchemaError(_ error: FormSchemaError) -> APIError {
    let path: String
    switch error {
    case .invalidJSON(let at, let message):
      return .undecodable(path: at.isEmpty ? PayloadDecoder.rootPath : at, reason: message)
    case .unknownRule(let field, _), .invalidPattern(let field, _, _),
      .impossibleRule(let field, _):
      path = field
    case .invalidID(let at), .duplicateID(let at): path = at
    case .invalidRepeatBounds(let section, _, _): path = section
    case .syntax(let field, let property, _, _), .unknownReference(let field, let property, _, _):
      path = "\(field).\(property)"
    case .cycle(let fields): path = fields.first ?? PayloadDecoder.rootPath
    case .unsupportedVersion: path = "version"
    }
    return .undecodable(path: path, reason: error.description)
  }

  // MARK: - From Domain

  /// The body of `POST /orders` for `request`.
  static func orderBody(_ request: OrderRequest) -> OrderRequestDTO {
    let price = request.price
    return OrderRequestDTO(
      bookingID: request.offer.id, roomID: request.offer.roomID,
      buyer: .init(phone: request.buyer.phone.e164, email: request.buyer.email.rawValue),
      tourists: request.tourists.map { tourist in
        .init(
          firstName: tourist.firstName.rawValue, lastName: tourist.lastName.rawValue,
          birthDate: tourist.birthDate.dottedString, citizenship: tourist.citizenship,
          passportNumber: tourist.passportNumber.rawValue,
          passportExpiry: tourist.passportExpiry.dottedString)
      },
      price: .init(
        tour: price.tour.amount, fuelCharge: price.fuelCharge.amount,
        serviceCharge: price.serviceCharge.amount, total: price.total.amount,
        currency: price.total.currency),
      form: request.form)
  }

  // MARK: - Private

  private static func money(_ amount: Int, path: String) throws(APIError) -> Money {
    guard amount >= 0 else { throw .undecodable(path: path, reason: "\(amount) is negative") }
    guard amount <= Money.maximumPrice else {
      throw .undecodable(
        path: path, reason: "\(amount) is more than the largest price, \(Money.maximumPrice)")
    }
    return Money(amount, currency: currency)
  }

  private static func date(_ text: String, path: String) throws(APIError) -> CalendarDate {
    do {
      return try CalendarDate(parsing: text)
    } catch .dateNotReal {
      throw .undecodable(path: path, reason: "'\(text)' is not a real date")
    } catch {
      throw .undecodable(path: path, reason: "'\(text)' is not a dd.MM.yyyy date")
    }
  }

  private static func checkRating(_ rating: Int, path: String) throws(APIError) {
    guard (1...5).contains(rating) else {
      throw .undecodable(path: path, reason: "\(rating) is not a rating from 1 to 5")
    }
  }
}
