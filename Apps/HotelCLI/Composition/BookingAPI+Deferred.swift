import Domain
import UseCases

extension BookingAPI {
  /// The API that `making` produces, usable before it is ready: every call first waits for `making`
  /// (at once once it has finished).
  ///
  /// So the composition root can create the HTTP client (a `URLSession`, with libcurl's one-time
  /// initialisation) on another thread while it builds the rest, and the first request waits only
  /// for what is left of that work.
  static func deferred(_ making: Task<BookingAPI, Never>) -> BookingAPI {
    BookingAPI(
      hotel: { language, policy throws(APIError) in
        try await making.value.hotel(language, policy)
      },
      rooms: { language, policy throws(APIError) in
        try await making.value.rooms(language, policy)
      },
      booking: { roomID, language, policy throws(APIError) in
        try await making.value.booking(roomID, language, policy)
      },
      bookingForm: { language, policy throws(APIError) in
        try await making.value.bookingForm(language, policy)
      },
      submitOrder: { request, idempotencyKey, language throws(APIError) in
        try await making.value.submitOrder(request, idempotencyKey, language)
      }
    )
  }
}
