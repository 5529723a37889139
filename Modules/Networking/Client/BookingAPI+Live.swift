import Domain
import UseCases

extension BookingAPI {
  /// The booking API over HTTP through `client` (SPEC section 3).
  ///
  /// `bookingForm` answers `nil` when the server has no form (`404`), so the built-in schema
  /// applies. Falling back to cached data when the network fails is the caller's decision:
  /// ``UseCases/APIError/isConnectivityProblem`` tells when it makes sense.
  public static func live(client: APIClient) -> BookingAPI {
    BookingAPI(
      hotel: { language, policy throws(APIError) in
        try await client.get(.hotel, language: language, policy: policy)
      },
      rooms: { language, policy throws(APIError) in
        try await client.get(.rooms, language: language, policy: policy)
      },
      booking: { roomID, language, policy throws(APIError) in
        try await client.get(.booking(roomID: roomID), language: language, policy: policy)
      },
      bookingForm: { language, policy throws(APIError) in
        do throws(APIError) {
          return try await client.get(
            .bookingForm(decodingIn: client.forms), language: language, policy: policy)
        } catch let error where error.isNotFound {
          return nil
        }
      },
      submitOrder: { request, idempotencyKey, language throws(APIError) in
        try await client.post(
          .submitOrder(request), idempotencyKey: idempotencyKey, language: language)
      }
    )
  }
}
