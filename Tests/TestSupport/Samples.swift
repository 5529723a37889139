import Domain
import Foundation

/// The fixture content of SPEC section 3 as Domain values, in both languages: one hotel, rooms
/// 1 and 2, and a booking offer for each room (tour 19.09.2027-27.09.2027, 7 nights, fuel charge
/// 9 300, service charge 2 150, 1...4 tourists).
///
/// ```swift
/// let offer = Samples.offer(roomID: 2, language: .en)
/// offer.prices.breakdown(tourists: 1).total  // 300 850 RUB
/// ```
public enum Samples {
  /// The day tests treat as today (before the tour, after every sample birth date).
  public static let today = date(2027, 1, 15)
  /// The instant tests treat as now (2027-01-15T08:00:00Z).
  public static let now = Date(timeIntervalSince1970: 1_800_000_000)
  /// The tour's first day, 19.09.2027.
  public static let tourStart = date(2027, 9, 19)
  /// The tour's last day, 27.09.2027.
  public static let tourStop = date(2027, 9, 27)
  /// The ids of the sample rooms.
  public static let roomIDs = [1, 2]

  /// The hotel.
  public static func hotel(language: Language = .en) -> Hotel {
    let ru = language == .ru
    return Hotel(
      id: 1,
      name: ru
        ? "Лучший пятизвездочный отель в Хургаде, Египет"
        : "The best five-star hotel in Hurghada, Egypt",
      address: ru
        ? "Madinat Makadi, Safaga Road, Makadi Bay, Египет"
        : "Madinat Makadi, Safaga Road, Makadi Bay, Egypt",
      minimalPrice: Money(134_268),
      priceForIt: ru ? "За тур с перелётом" : "for a tour with flight",
      rating: 5,
      ratingName: ru ? "Превосходно" : "Excellent",
      imageURLs: [
        "https://images.example.com/hotel/1.jpg",
        "https://images.example.com/hotel/2.jpg",
        "https://images.example.com/hotel/3.jpg",
      ],
      description: ru
        ? "Отель VIP-класса с собственными гольф полями. Высокий уровень сервиса. "
          + "Рекомендуем для респектабельного отдыха. Отель принимает гостей от 18 лет!"
        : "A VIP-class hotel with its own golf courses. A high level of service. "
          + "Recommended for a respectable holiday. The hotel accepts guests aged 18 and over!",
      peculiarities: ru
        ? [
          "Бесплатный Wi-Fi на всей территории отеля", "1 км до пляжа",
          "Бесплатный фитнес-клуб", "20 км до аэропорта",
        ]
        : [
          "Free Wi-Fi throughout the hotel", "1 km to the beach", "Free fitness club",
          "20 km to the airport",
        ]
    )
  }

  /// Rooms 1 (186 600) and 2 (289 400).
  public static func rooms(language: Language = .en) -> [Room] {
    let ru = language == .ru
    let pricePer = ru ? "За 7 ночей с перелётом" : "For 7 nights with flight"
    return [
      Room(
        id: 1,
        name: ru ? "Стандартный номер с видом на бассейн" : "Standard room with pool view",
        price: Money(186_600),
        pricePer: pricePer,
        peculiarities: ru
          ? ["Включен только завтрак", "Кондиционер"] : ["Breakfast only", "Air conditioning"],
        imageURLs: [
          "https://images.example.com/rooms/1/1.jpg",
          "https://images.example.com/rooms/1/2.jpg",
          "https://images.example.com/rooms/1/3.jpg",
        ]
      ),
      Room(
        id: 2,
        name: ru ? "Люкс номер с видом на море" : "Deluxe room with sea view",
        price: Money(289_400),
        pricePer: pricePer,
        peculiarities: ru
          ? ["Все включено", "Кондиционер", "Собственный бассейн"]
          : ["All inclusive", "Air conditioning", "Private pool"],
        imageURLs: [
          "https://images.example.com/rooms/2/1.jpg",
          "https://images.example.com/rooms/2/2.jpg",
        ]
      ),
    ]
  }

  /// The booking offer for `roomID` (1 or 2; any other id gets room 2's content), with
  /// `tour_price` equal to the room's price.
  public static func offer(roomID: Int, language: Language = .en) -> BookingOffer {
    let ru = language == .ru
    let hotel = hotel(language: language)
    let room = rooms(language: language).first { $0.id == roomID } ?? rooms(language: language)[1]
    return BookingOffer(
      id: roomID,
      roomID: roomID,
      hotelName: hotel.name,
      hotelAddress: hotel.address,
      rating: hotel.rating,
      ratingName: hotel.ratingName,
      departure: ru ? "Москва" : "Moscow",
      arrivalCountry: ru ? "Египет, Хургада" : "Egypt, Hurghada",
      tourDates: tourDates,
      numberOfNights: 7,
      room: room.name,
      nutrition: room.id == 1
        ? (ru ? "Завтрак" : "Breakfast") : (ru ? "Все включено" : "All inclusive"),
      prices: PriceRule(
        tourPrice: room.price, fuelCharge: Money(9_300), serviceCharge: Money(2_150)),
      touristLimits: 1...4
    )
  }

  /// 19.09.2027 to 27.09.2027.
  public static var tourDates: TourDates {
    guard let dates = TourDates(start: tourStart, stop: tourStop) else {
      fatalError("The sample tour starts after it stops")
    }
    return dates
  }

  // MARK: - Valid form input

  /// A valid buyer as typed: phone and e-mail.
  public static let buyerInput = (phone: "9161234567", email: "ivan.petrov@example.com")

  /// A valid tourist as typed, by field ID of the booking form.
  public static let touristInput: [(field: String, text: String)] = [
    ("firstName", "Ivan"),
    ("lastName", "Petrov"),
    ("birthDate", "15.03.1985"),
    ("citizenship", "Russia"),
    ("passportNumber", "4510 123456"),
    ("passportExpiry", "01.01.2030"),
  ]

  /// A valid order for one tourist in room `roomID`, as Pay sends the sample input.
  public static func orderRequest(roomID: Int = 2) throws -> OrderRequest {
    let tourist = Tourist(
      firstName: try PersonName("Ivan"), lastName: try PersonName("Petrov"),
      birthDate: date(1985, 3, 15), citizenship: "Russia",
      passportNumber: try PassportNumber("4510123456"), passportExpiry: date(2030, 1, 1))
    return OrderRequest(
      offer: offer(roomID: roomID),
      buyer: Buyer(
        phone: try PhoneNumber(buyerInput.phone), email: try EmailAddress(buyerInput.email)),
      tourists: [tourist])
  }

  /// A calendar date known to be real (a sample constant).
  public static func date(_ year: Int, _ month: Int, _ day: Int) -> CalendarDate {
    guard let date = CalendarDate(year: year, month: month, day: day) else {
      fatalError("\(year)-\(month)-\(day) is not a real date")
    }
    return date
  }
}
