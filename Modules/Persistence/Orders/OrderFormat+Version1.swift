import Domain
import Foundation

extension OrderFormat {
  /// The order file of the first release (schema version 1), kept to migrate old files.
  struct Version1: Decodable {
    var orderNumber: Int
    var idempotencyKey: String
    var placedAt: Date
    var booking: Booking
    var buyer: Buyer
    var tourists: [Tourist]
    /// The total as the screen showed it; derived data, recomputed on migration.
    var total: String?

    enum CodingKeys: String, CodingKey {
      case orderNumber = "order_number"
      case idempotencyKey = "idempotency_key"
      case placedAt = "placed_at"
      case booking, buyer, tourists, total
    }

    /// The booking object as the API sent it, plus the room it was for.
    struct Booking: Decodable {
      var id: Int
      var roomID: Int
      var hotelName: String
      var hotelAddress: String
      var rating: Int
      var ratingName: String
      var departure: String
      var arrivalCountry: String
      var tourDateStart: String
      var tourDateStop: String
      var numberOfNights: Int
      var room: String
      var nutrition: String
      var tourPrice: Int
      var fuelCharge: Int
      var serviceCharge: Int

      enum CodingKeys: String, CodingKey {
        case id
        case roomID = "room_id"
        case hotelName = "hotel_name"
        case hotelAddress = "hotel_adress"
        case rating = "horating"
        case ratingName = "rating_name"
        case departure
        case arrivalCountry = "arrival_country"
        case tourDateStart = "tour_date_start"
        case tourDateStop = "tour_date_stop"
        case numberOfNights = "number_of_nights"
        case room, nutrition
        case tourPrice = "tour_price"
        case fuelCharge = "fuel_charge"
        case serviceCharge = "service_charge"
      }
    }

    /// The buyer with the phone as typed (`+7 (916) 123-45-67`).
    struct Buyer: Decodable {
      var phone: String
      var email: String
    }

    /// A tourist with every field as typed.
    struct Tourist: Decodable {
      var firstName: String
      var lastName: String
      var birthDate: String
      var citizenship: String
      var passportNumber: String
      var passportExpiry: String

      enum CodingKeys: String, CodingKey {
        case firstName = "first_name"
        case lastName = "last_name"
        case birthDate = "birth_date"
        case citizenship
        case passportNumber = "passport_number"
        case passportExpiry = "passport_expiry"
      }
    }

    /// The same order in today's model; every value is validated as the form would.
    func migrated() throws -> Order {
      let start = try field("booking.tour_date_start") {
        try CalendarDate(parsing: booking.tourDateStart)
      }
      let stop = try field("booking.tour_date_stop") {
        try CalendarDate(parsing: booking.tourDateStop)
      }
      guard let dates = TourDates(start: start, stop: stop) else {
        throw InvalidRecord(problem: .invalidValue(path: "booking.tour_date_stop"))
      }
      let offer = BookingOffer(
        id: booking.id, roomID: booking.roomID, hotelName: booking.hotelName,
        hotelAddress: booking.hotelAddress, rating: booking.rating,
        ratingName: booking.ratingName, departure: booking.departure,
        arrivalCountry: booking.arrivalCountry, tourDates: dates,
        numberOfNights: booking.numberOfNights, room: booking.room,
        nutrition: booking.nutrition,
        prices: PriceRule(
          tourPrice: Money(booking.tourPrice), fuelCharge: Money(booking.fuelCharge),
          serviceCharge: Money(booking.serviceCharge)))
      let migratedBuyer = Domain.Buyer(
        phone: try field("buyer.phone") { try PhoneNumber(buyer.phone) },
        email: try field("buyer.email") { try EmailAddress(buyer.email) })
      var migratedTourists: [Domain.Tourist] = []
      for (index, tourist) in tourists.enumerated() {
        let path = "tourists[\(index)]"
        migratedTourists.append(
          Domain.Tourist(
            firstName: try field(path + ".first_name") { try PersonName(tourist.firstName) },
            lastName: try field(path + ".last_name") { try PersonName(tourist.lastName) },
            birthDate: try field(path + ".birth_date") {
              try CalendarDate(parsing: tourist.birthDate)
            },
            citizenship: tourist.citizenship,
            passportNumber: try field(path + ".passport_number") {
              try PassportNumber(tourist.passportNumber)
            },
            passportExpiry: try field(path + ".passport_expiry") {
              try CalendarDate(parsing: tourist.passportExpiry)
            }))
      }
      return Order(
        number: orderNumber, idempotencyKey: idempotencyKey, placedAt: placedAt,
        request: OrderRequest(offer: offer, buyer: migratedBuyer, tourists: migratedTourists))
    }

    private func field<Value>(
      _ name: String, _ make: () throws -> Value
    ) throws -> Value {
      do {
        return try make()
      } catch {
        throw InvalidRecord(problem: .invalidValue(path: name))
      }
    }
  }
}
