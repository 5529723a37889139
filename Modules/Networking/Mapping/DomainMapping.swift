import Domain
import Foundation
import UseCases

/// The one place where the API's DTOs become Domain types and back.
///
/// Nothing outside Networking sees a DTO; every value the Domain would refuse becomes
/// ``APIError/undecodable(_:)`` naming the API's field; the rules are the Domain's
/// (``Domain/RecordRules``), the same a saved order is checked against.
enum DomainMapping {
  /// The most tourists an offer may allow (`max_tourists`).
  static let maximumTourists = RecordRules.maximumTourists

  /// The currency of every price the API sends.
  static let currency = "RUB"

  // MARK: - To Domain

  /// The hotel of `GET /hotel`.
  static func hotel(_ dto: HotelDTO) throws(APIError) -> Hotel {
    try checkRating(dto.rating, path: "rating")
    return Hotel(
      id: dto.id, name: try name(dto.name, path: "name"), address: dto.adress,
      minimalPrice: try money(dto.minimalPrice, path: "minimal_price"),
      priceForIt: dto.priceForIt, rating: dto.rating, ratingName: dto.ratingName,
      imageURLs: try imageURLs(dto.imageURLs, path: "image_urls"),
      description: dto.aboutTheHotel.description,
      peculiarities: dto.aboutTheHotel.peculiarities)
  }

  /// The rooms of `GET /rooms`, in the API's order.
  static func rooms(_ dto: RoomsDTO) throws(APIError) -> [Room] {
    var rooms: [Room] = []
    for (index, room) in dto.rooms.enumerated() {
      rooms.append(
        Room(
          id: room.id, name: try name(room.name, path: "rooms[\(index)].name"),
          price: try money(room.price, path: "rooms[\(index)].price"),
          pricePer: room.pricePer, peculiarities: room.peculiarities,
          imageURLs: try imageURLs(room.imageURLs, path: "rooms[\(index)].image_urls")))
    }
    return rooms
  }

  /// Photo addresses, as a host app will load them: each an `https://` or `http://` address with
  /// something after the scheme.
  ///
  /// A `javascript:`, `file:` or `data:` address (or text that is no address) is refused naming its
  /// place (`image_urls[1]`), as any other value the app cannot use. A scheme check, not a URL
  /// parse: the happy path's few photos cost nothing, and 10 000 cost a few microseconds each.
  static func imageURLs(_ urls: [String], path: String) throws(APIError) -> [String] {
    for (index, url) in urls.enumerated() where !isWebAddress(url) {
      throw .undecodable(.invalidValue(path: "\(path)[\(index)]"))
    }
    return urls
  }

  private static func isWebAddress(_ text: String) -> Bool {
    let bytes = text.utf8
    for scheme in ["https://", "http://"] where bytes.count > scheme.utf8.count {
      let head = bytes.prefix(scheme.utf8.count).map { $0 | 0x20 }  // ASCII lower case
      if head.elementsEqual(scheme.utf8.map { $0 | 0x20 }) { return true }
    }
    return false
  }

  /// The offer of `GET /booking?room=roomID`.
  static func booking(_ dto: BookingDTO, roomID: Int) throws(APIError) -> BookingOffer {
    try checkRating(dto.horating, path: "horating")
    let start = try date(dto.tourDateStart, path: "tour_date_start")
    let stop = try date(dto.tourDateStop, path: "tour_date_stop")
    guard let dates = TourDates(start: start, stop: stop) else {
      throw .undecodable(.invalidValue(path: "tour_date_stop"))
    }
    try check(RecordRules.nights(dto.numberOfNights, path: "number_of_nights"))
    let minTourists = dto.minTourists ?? 1
    let maxTourists = dto.maxTourists ?? 4
    try check(
      RecordRules.touristLimits(
        min: minTourists, max: maxTourists, minPath: "min_tourists", maxPath: "max_tourists"))
    let prices = PriceRule(
      tourPrice: try money(dto.tourPrice, path: "tour_price"),
      fuelCharge: try money(dto.fuelCharge, path: "fuel_charge"),
      serviceCharge: try money(dto.serviceCharge, path: "service_charge"))
    return BookingOffer(
      id: dto.id, roomID: roomID, hotelName: try name(dto.hotelName, path: "hotel_name"),
      hotelAddress: dto.hotelAdress,
      rating: dto.horating, ratingName: dto.ratingName, departure: dto.departure,
      arrivalCountry: dto.arrivalCountry, tourDates: dates, numberOfNights: dto.numberOfNights,
      room: dto.room, nutrition: dto.nutrition, prices: prices,
      touristLimits: minTourists...maxTourists)
  }

  /// The confirmation of `POST /orders`.
  static func confirmation(_ dto: OrderResponseDTO) throws(APIError) -> OrderConfirmation {
    try check(RecordRules.orderNumber(dto.orderNumber, path: "order_number"))
    guard let total = dto.total else { return OrderConfirmation(orderNumber: dto.orderNumber) }
    try check(RecordRules.total(total, path: "total"))
    let code = dto.currency ?? currency
    guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
      throw .undecodable(.invalidValue(path: "currency"))
    }
    return OrderConfirmation(orderNumber: dto.orderNumber, total: Money(total, currency: code))
  }

  /// A schema the Domain refuses: a shape that does not decode is an undecodable body naming
  /// where; anything else (an unknown rule, a cycle) is an invalid form schema.
  static func formSchemaError(_ error: FormSchemaError) -> APIError {
    // The problem's path is already the JSON path from the body's root.
    if case .invalidJSON(_, let problem) = error { return .undecodable(problem) }
    return .invalidFormSchema(error)
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
    try check(RecordRules.price(amount, path: path))
    return Money(amount, currency: currency)
  }

  /// A name a person must be able to see: at least one character that is not a space, a
  /// control or format character, or a combining mark (an empty name, one of spaces only or
  /// of accents with nothing to sit on would draw a blank where the hotel or room is named).
  private static func name(_ text: String, path: String) throws(APIError) -> String {
    let isVisible = text.unicodeScalars.contains { scalar in
      switch scalar.properties.generalCategory {
      case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format,
        .nonspacingMark, .spacingMark, .enclosingMark, .unassigned, .surrogate:
        false
      default:
        !scalar.properties.isWhitespace
      }
    }
    guard isVisible else { throw .undecodable(.invalidValue(path: path)) }
    return text
  }

  private static func date(_ text: String, path: String) throws(APIError) -> CalendarDate {
    do {
      return try CalendarDate(parsing: text)
    } catch {
      throw .undecodable(.invalidValue(path: path))
    }
  }

  private static func checkRating(_ rating: Int, path: String) throws(APIError) {
    try check(RecordRules.rating(rating, path: path))
  }

  private static func check(_ problem: DecodingProblem?) throws(APIError) {
    if let problem { throw .undecodable(problem) }
  }
}
