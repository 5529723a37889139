import Domain

/// The fixture's content (SPEC section 3) in English and Russian: one hotel, two rooms and a
/// booking offer per room.
///
/// The Russian text is the public hotel test-task API's, with its typos corrected; the English is
/// its translation. The content agrees with itself, as a real catalogue would: the tour's 7 nights
/// run from 20.09.2027 to 27.09.2027, and each room's nutrition on Booking is the one its tags
/// name.
enum FixtureContent {
  /// The hotel.
  static func hotel(_ language: Language) -> HotelPayload {
    let text = Text(language)
    return HotelPayload(
      id: 1, name: text.hotelName, address: text.hotelAddress, minimalPrice: 134_268,
      priceForIt: text.priceForIt, rating: 5, ratingName: text.ratingName,
      imageURLs: [
        "https://images.hotel-fixture.example/hotel/makadi-1.jpg",
        "https://images.hotel-fixture.example/hotel/makadi-2.jpg",
        "https://images.hotel-fixture.example/hotel/makadi-3.jpg",
      ],
      about: HotelPayload.About(description: text.description, peculiarities: text.peculiarities)
    )
  }

  /// The rooms, in the order the API lists them.
  static func rooms(_ language: Language) -> [RoomPayload] {
    let text = Text(language)
    return [
      RoomPayload(
        id: 1, name: text.standardRoom, price: 186_600, pricePer: text.pricePer,
        peculiarities: text.standardRoomPeculiarities,
        imageURLs: [
          "https://images.hotel-fixture.example/rooms/1/garden-view.jpg",
          "https://images.hotel-fixture.example/rooms/1/bedroom.jpg",
        ]),
      RoomPayload(
        id: 2, name: text.deluxeRoom, price: 289_400, pricePer: text.pricePer,
        peculiarities: text.deluxeRoomPeculiarities,
        imageURLs: [
          "https://images.hotel-fixture.example/rooms/2/sea-view.jpg",
          "https://images.hotel-fixture.example/rooms/2/bedroom.jpg",
          "https://images.hotel-fixture.example/rooms/2/terrace.jpg",
        ]),
    ]
  }

  /// The booking offer for room `roomID`, or `nil` when there is no such room.
  static func booking(roomID: Int, _ language: Language) -> BookingPayload? {
    guard let room = rooms(language).first(where: { $0.id == roomID }) else { return nil }
    let text = Text(language)
    let nutrition = room.id == 1 ? text.standardRoomNutrition : text.deluxeRoomNutrition
    return BookingPayload(
      id: room.id, hotelName: text.hotelName, hotelAddress: text.hotelAddress, rating: 5,
      ratingName: text.ratingName, departure: text.departure, arrivalCountry: text.arrivalCountry,
      tourDateStart: "20.09.2027", tourDateStop: "27.09.2027", numberOfNights: 7, room: room.name,
      nutrition: nutrition, tourPrice: room.price, fuelCharge: 9_300, serviceCharge: 2_150,
      minTourists: 1, maxTourists: 4)
  }

  // MARK: - Text

  private struct Text {
    var hotelName: String
    var hotelAddress: String
    var priceForIt: String
    var ratingName: String
    var description: String
    var peculiarities: [String]
    var standardRoom: String
    var standardRoomPeculiarities: [String]
    var deluxeRoom: String
    var deluxeRoomPeculiarities: [String]
    var pricePer: String
    var departure: String
    var arrivalCountry: String
    /// Room 1's board, as its tag says ("Breakfast only").
    var standardRoomNutrition: String
    /// Room 2's board, as its tag says ("All inclusive").
    var deluxeRoomNutrition: String

    init(_ language: Language) {
      switch language {
      case .ru:
        hotelName = "Лучшая пятизвездочная гостиница в Хургаде, Египет"
        hotelAddress = "Madinat Makadi, Safaga Road, Makadi Bay, Египет"
        priceForIt = "За тур с перелётом"
        ratingName = "Превосходно"
        description =
          "Отель VIP-класса с собственными гольф-полями. Высокий уровень сервиса. "
          + "Рекомендуем для респектабельного отдыха. Отель принимает гостей от 18 лет!"
        peculiarities = [
          "Бесплатный Wifi на всей территории отеля", "1 км до пляжа", "Бесплатный фитнес-клуб",
          "20 км до аэропорта",
        ]
        standardRoom = "Стандартный с видом на бассейн или сад"
        standardRoomPeculiarities = ["Включен только завтрак", "Кондиционер"]
        deluxeRoom = "Люкс номер с видом на море"
        deluxeRoomPeculiarities = ["Все включено", "Кондиционер"]
        pricePer = "За 7 ночей с перелётом"
        departure = "Москва"
        arrivalCountry = "Египет, Хургада"
        standardRoomNutrition = "Только завтрак"
        deluxeRoomNutrition = "Все включено"
      case .en:
        hotelName = "The best five-star hotel in Hurghada, Egypt"
        hotelAddress = "Madinat Makadi, Safaga Road, Makadi Bay, Egypt"
        priceForIt = "for a tour with flight"
        ratingName = "Excellent"
        description =
          "A VIP-class hotel with its own golf courses. A high level of service. "
          + "We recommend it for a respectable holiday. The hotel welcomes guests aged 18 and over!"
        peculiarities = [
          "Free Wi-Fi throughout the hotel grounds", "1 km to the beach", "Free fitness club",
          "20 km to the airport",
        ]
        standardRoom = "Standard room with pool or garden view"
        standardRoomPeculiarities = ["Breakfast only", "Air conditioning"]
        deluxeRoom = "Deluxe room with sea view"
        deluxeRoomPeculiarities = ["All inclusive", "Air conditioning"]
        pricePer = "For 7 nights with flight"
        departure = "Moscow"
        arrivalCountry = "Egypt, Hurghada"
        standardRoomNutrition = "Breakfast only"
        deluxeRoomNutrition = "All inclusive"
      }
    }
  }
}
