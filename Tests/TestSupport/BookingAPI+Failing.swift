import Domain
import Testing
import UseCases

extension BookingAPI {
  /// An API whose every endpoint records a test issue when called and throws
  /// ``APIError/noConnection``: for tests that must not touch the API.
  public static var failing: BookingAPI {
    BookingAPI(
      hotel: { _, _ throws(APIError) in
        Issue.record("BookingAPI.hotel was called unexpectedly")
        throw .noConnection
      },
      rooms: { _, _ throws(APIError) in
        Issue.record("BookingAPI.rooms was called unexpectedly")
        throw .noConnection
      },
      booking: { roomID, _, _ throws(APIError) in
        Issue.record("BookingAPI.booking(room: \(roomID)) was called unexpectedly")
        throw .noConnection
      },
      bookingForm: { _, _ throws(APIError) in
        Issue.record("BookingAPI.bookingForm was called unexpectedly")
        throw .noConnection
      },
      submitOrder: { _, key, _ throws(APIError) in
        Issue.record("BookingAPI.submitOrder(key: \(key)) was called unexpectedly")
        throw .noConnection
      }
    )
  }

  /// An API whose every endpoint throws `error` (an unreachable server by default), silently.
  public static func unreachable(_ error: APIError = .noConnection) -> BookingAPI {
    BookingAPI(
      hotel: { _, _ throws(APIError) in throw error },
      rooms: { _, _ throws(APIError) in throw error },
      booking: { _, _, _ throws(APIError) in throw error },
      bookingForm: { _, _ throws(APIError) in throw error },
      submitOrder: { _, _, _ throws(APIError) in throw error }
    )
  }
}
