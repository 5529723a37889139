import Testing

/// Every test that runs the built `hotel` binary (or tmux) as a child process, one at a time.
///
/// Child processes are heavy on a 2-core machine, and Foundation's `Process` on Linux is not
/// safe to launch from many threads at once; serialising the end-to-end tests keeps them
/// deterministic while the unit tests of every module still run in parallel beside them.
@Suite(.serialized) enum EndToEnd {}

extension EndToEnd {
  /// Script lines that fill in the buyer and one tourist on the Booking screen, validly (the
  /// dates valid for `--today 2026-06-01` and the real date alike).
  static let filledIn = """
    type booking.buyer.phone 9161234567
    type booking.buyer.email ivan@example.com
    type booking.tourist.1.firstName Ivan
    type booking.tourist.1.lastName Petrov
    type booking.tourist.1.birthDate 01021990
    type booking.tourist.1.citizenship Russia
    type booking.tourist.1.passportNumber "45 12 345678"
    type booking.tourist.1.passportExpiry 2030-01-01

    """
}
