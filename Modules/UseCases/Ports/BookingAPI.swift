import Domain
import Foundation

/// The booking API as the application needs it (the data-source port).
///
/// Networking provides the live value over HTTP; `TestSupport` provides in-memory and failing
/// ones. Every call throws ``APIError`` only.
public struct BookingAPI: Sendable {
  /// `GET /hotel`.
  public var hotel:
    @Sendable (_ language: Language, _ policy: FetchPolicy) async throws(APIError)
      -> Loaded<Hotel>
  /// `GET /rooms`.
  public var rooms:
    @Sendable (_ language: Language, _ policy: FetchPolicy) async throws(APIError)
      -> Loaded<[Room]>
  /// `GET /booking?room=ID`.
  public var booking:
    @Sendable (_ roomID: Int, _ language: Language, _ policy: FetchPolicy) async throws(APIError)
      -> Loaded<BookingOffer>
  /// `GET /booking/form`; `nil` when the server has none (404) and the built-in schema applies.
  public var bookingForm:
    @Sendable (_ language: Language, _ policy: FetchPolicy) async throws(APIError) -> Loaded<
      FormSchema
    >?
  /// `POST /orders` with an `Idempotency-Key`: the same key never creates two orders.
  public var submitOrder:
    @Sendable (_ request: OrderRequest, _ idempotencyKey: String, _ language: Language)
      async throws(APIError) -> OrderConfirmation

  /// Creates an API from its endpoints.
  public init(
    hotel: @escaping @Sendable (Language, FetchPolicy) async throws(APIError) -> Loaded<Hotel>,
    rooms: @escaping @Sendable (Language, FetchPolicy) async throws(APIError) -> Loaded<[Room]>,
    booking:
      @escaping @Sendable (Int, Language, FetchPolicy) async throws(APIError) -> Loaded<
        BookingOffer
      >,
    bookingForm:
      @escaping @Sendable (Language, FetchPolicy) async throws(APIError) -> Loaded<
        FormSchema
      >?,
    submitOrder:
      @escaping @Sendable (OrderRequest, String, Language) async throws(APIError) ->
      OrderConfirmation
  ) {
    self.hotel = hotel
    self.rooms = rooms
    self.booking = booking
    self.bookingForm = bookingForm
    self.submitOrder = submitOrder
  }
}
