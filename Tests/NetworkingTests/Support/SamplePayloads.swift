// The public hotel test-task API's payloads, written from SPEC section 3's field lists (with the
// API's own spellings `adress`, `hotel_adress` and `horating`, and no `min_tourists` or
// `max_tourists`, which that API never sends).
enum SamplePayloads {
  static let hotel = """
    {
      "id": 1,
      "name": "Лучшая пятизвездочная гостиница в Хургаде, Египет",
      "adress": "Madinat Makadi, Safaga Road, Makadi Bay, Египет",
      "minimal_price": 134268,
      "price_for_it": "За тур с перелётом",
      "rating": 5,
      "rating_name": "Превосходно",
      "image_urls": [
        "https://www.atorus.ru/sites/default/files/upload/image/News/56149/Club_Privé_by_Belek_Club_House.jpg",
        "https://deluxe.voyage/useruploads/articles/The_Makadi_Spa_Hotel_02.jpg",
        "https://deluxe.voyage/useruploads/articles/article_1eb0a64d00.jpg"
      ],
      "about_the_hotel": {
        "description": "Отель VIP-класса с собственными гольф полями. Высокий уровнь сервиса. Рекомендуем для респектабельного отдыха. Отель принимает гостей от 18 лет!",
        "peculiarities": [
          "Бесплатный Wifi на всей территории отеля",
          "1 км до пляжа",
          "Бесплатный фитнес-клуб",
          "20 км до аэропорта"
        ]
      }
    }
    """

  static let rooms = """
    {
      "rooms": [
        {
          "id": 1,
          "name": "Стандартный с видом на бассейн или сад",
          "price": 186600,
          "price_per": "За 7 ночей с перелётом",
          "peculiarities": ["Включен только завтрак", "Кондиционер"],
          "image_urls": [
            "https://www.atorus.ru/sites/default/files/upload/image/News/56871/%D1%80%D0%B8%D0%BA%D1%81%D0%BE%D1%81%20%D1%81%D0%B8%D0%B3%D0%B5%D0%B9%D1%82.jpg",
            "https://q.bstatic.com/xdata/images/hotel/max1024x768/267647265.jpg"
          ]
        },
        {
          "id": 2,
          "name": "Люкс номер с видом на море",
          "price": 289400,
          "price_per": "За 7 ночей с перелётом",
          "peculiarities": ["Все включено", "Кондиционер"],
          "image_urls": [
            "https://mmf5angy.twic.pics/ahstatic/www.ahstatic.com/photos/b1j0_roskdc_00_p_1024x768.jpg",
            "https://www.google.com/url?sa=i&url=https%3A%2F%2Fwww.orbitz.com"
          ]
        }
      ]
    }
    """

  static let booking = """
    {
      "id": 1,
      "hotel_name": "Лучшая пятизвездочная гостиница в Хургаде, Египет",
      "hotel_adress": "Madinat Makadi, Safaga Road, Makadi Bay, Египет",
      "horating": 5,
      "rating_name": "Превосходно",
      "departure": "Москва",
      "arrival_country": "Египет, Хургада",
      "tour_date_start": "19.09.2027",
      "tour_date_stop": "27.09.2027",
      "number_of_nights": 7,
      "room": "Люкс номер с видом на море",
      "nutrition": "Все включено",
      "tour_price": 289400,
      "fuel_charge": 9300,
      "service_charge": 2150
    }
    """
}
