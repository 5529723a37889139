/// The replay scripts the process benchmarks run (the script language of SPEC section 5).
enum Scripts {
  /// Hotel -> Rooms -> Booking -> fill in -> Pay -> Paid -> `paid.done` -> Hotel again.
  static let happyPath = """
    # Hotel -> Rooms -> Booking -> Paid -> Hotel
    expect screen hotel
    expect text "Excellent"
    tap hotel.chooseRoom
    expect screen rooms
    tap rooms.room.2.choose
    expect screen booking
    type booking.buyer.phone 9161234567
    type booking.buyer.email ivan@example.com
    type booking.tourist.1.firstName Ivan
    type booking.tourist.1.lastName Petrov
    type booking.tourist.1.birthDate 01021990
    type booking.tourist.1.citizenship Russia
    type booking.tourist.1.passportNumber "45 12 345678"
    type booking.tourist.1.passportExpiry 2030-01-01
    next
    expect text "300 850 ₽"
    tap booking.pay
    expect screen paid
    expect text "Your order is accepted"
    tap paid.done
    expect screen hotel
    expect text "Excellent"

    """
}
