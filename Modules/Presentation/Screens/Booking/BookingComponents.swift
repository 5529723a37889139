import Domain
import UseCases

/// The parts of the Booking screen that do not depend on the form's fields, built from one reading
/// of the view model's state: the header and details, the total, Pay and Add tourist.
///
/// ``BookingScreenCache`` builds the rest (every field and section model) and assembles the blocks;
/// it is the only builder of those, so what hosts read (`sections`, `payButton`) and what the
/// snapshot shows are the same values.
@MainActor struct BookingComponents {
  let state: BookingViewModel.State
  let strings: Localizer
  /// The total to pay for the tourists shown, once the offer is loaded.
  let total: Total?

  /// The total as the screen shows it: an amount, an amount that cannot be paid
  /// (``Domain/Money/isPayable``: not positive), or that the form's total cannot be calculated
  /// and why (the offer's price would be an amount nobody will be charged).
  enum Total: Equatable {
    case amount(Money)
    case notPayable(Money)
    case notKnown(FormEvaluationError?)

    /// The amount to pay, or `nil` while there is none that can be paid.
    var money: Money? {
      if case .amount(let money) = self { money } else { nil }
    }
  }

  init(state: BookingViewModel.State, strings: Localizer) {
    self.state = state
    self.strings = strings
    total = Self.total(state)
  }

  // MARK: - Components

  /// "★ 5 Excellent", once the offer is loaded.
  var ratingText: String? {
    state.data.offer.map { strings.rating($0.rating, name: $0.ratingName) }
  }

  /// The booking details: departure, arrival country, dates, nights, hotel, room, nutrition.
  var detailRows: [InfoRow] {
    guard let offer = state.data.offer else { return [] }
    let values: [(BookingDetail, String)] = [
      (.departure, offer.departure),
      (.arrivalCountry, offer.arrivalCountry),
      (
        .dates,
        strings.shortDate(offer.tourDates.start) + " – " + strings.shortDate(offer.tourDates.stop)
      ),
      (.nights, strings.nights(offer.numberOfNights)),
      (.hotel, offer.hotelName),
      (.room, offer.room),
      (.nutrition, offer.nutrition),
    ]
    return values.map { InfoRow(label: strings.detail($0.0), value: $0.1) }
  }

  /// `booking.addTourist`, disabled at the offer's maximum.
  var addTouristButton: ButtonModel? {
    let touristSection = BookingViewModel.touristSection
    guard let form = state.data.form, let bounds = form.repeatBounds(touristSection) else {
      return nil
    }
    return ButtonModel(
      action: .addTourist, title: strings.addTourist,
      isEnabled: form.repeatCount(touristSection) < bounds.upperBound)
  }

  /// `booking.pay`: "Pay 300 850 ₽", always enabled (shows progress while submitting).
  var payButton: ButtonModel? {
    guard state.data.form != nil else { return nil }
    return Self.payButton(total: total, isSubmitting: state.ui.isSubmitting, strings: strings)
  }

  /// The rating, the hotel's name and address, and the booking details (once the offer is
  /// loaded).
  var header: [Block] {
    guard let offer = state.data.offer, let ratingText else { return [] }
    return [
      .rating(ratingText), .heading(offer.hotelName), .text(offer.hotelAddress),
      .section(
        SectionModel(
          handle: .bookingDetails, title: strings.bookingDetails, content: [.rows(detailRows)])),
    ]
  }

  // MARK: - Shared with the cache

  /// "Yes" or "No" for a bool input, else `nil`.
  static func switchText(_ display: FormFieldDisplay, strings: Localizer) -> String? {
    guard display.definition.isInput, display.definition.inputType == .bool else { return nil }
    return strings.switchState(display.value == .bool(true))
  }

  /// What a field shows of the server calculations: progress while its own request (or one of
  /// a field it is computed from) is waiting or in flight, the latest failure, and a retry
  /// when that failure was the network's (a refusal is fixed by editing the inputs; a request
  /// refused before it was sent, such as an `action_url` breaking the loopback rule, meets the
  /// same refusal again).
  static func remoteStatus(
    _ path: FieldPath, state: BookingViewModel.State, form: FormState, strings: Localizer
  ) -> (isInProgress: Bool, error: String?, retry: ButtonModel?) {
    let calculating = state.ui.calculating
    let isInProgress =
      calculating.contains(path)
      || calculating.contains { form.computedDependents(of: $0).contains(path) }
    guard let failure = state.validation.remoteFailures[path] else {
      return (isInProgress, nil, nil)
    }
    var retry: ButtonModel?
    switch failure {
    case .refused:
      // Shown on the input the person typed, unless the field itself is where it stands.
      if let target = state.validation.refusalTargets[path], target != path {
        return (isInProgress, nil, nil)
      }
    case .failed(let error) where error.canSucceedOnRetry:
      retry = ButtonModel(action: .retryCalculation(path), title: strings.retry)
    case .failed: break
    }
    return (isInProgress, strings.remoteFailure(failure), retry)
  }

  /// The collapsed price details' summary: the total (or that it is not known, and why),
  /// marked while it is being updated.
  static func totalSummary(
    _ total: Total?, state: BookingViewModel.State, strings: Localizer
  ) -> String? {
    guard let total else { return nil }
    let text = strings.priceLine(.total) + ": " + totalText(total, strings: strings)
    guard let form = state.data.form, !state.ui.calculating.isEmpty,
      remoteStatus(totalPath, state: state, form: form, strings: strings).isInProgress
    else { return text }
    return text + " (" + strings.updating + ")"
  }

  /// The total as text: "300 850 ₽", or "not known (extras.bags has no value)".
  static func totalText(_ total: Total, strings: Localizer) -> String {
    switch total {
    case .amount(let money), .notPayable(let money): strings.money(money)
    case .notKnown(let failure): strings.totalNotKnown(failure)
    }
  }

  /// `booking.pay` for `total` ("Pay 300 850 ₽", "Pay (total not known)", or "Paying…" while
  /// submitting).
  static func payButton(total: Total?, isSubmitting: Bool, strings: Localizer) -> ButtonModel? {
    guard let total else { return nil }
    let title =
      switch total {
      case .amount(let money): strings.payButton(total: money)
      case .notPayable: strings.payButtonTotalNotPayable
      case .notKnown: strings.payButtonTotalNotKnown
      }
    return ButtonModel(
      action: .pay, title: isSubmitting ? strings.paying : title, isEnabled: true,
      isInProgress: isSubmitting)
  }

  /// The total to pay for the tourists shown, once the offer is loaded: the form's
  /// `price.total`; not known while that field is shown but has no amount, not payable while
  /// its amount is not positive (Pay refuses both); the offer's price for a form without one.
  static func total(_ state: BookingViewModel.State) -> Total? {
    guard let offer = state.data.offer else { return nil }
    var total: Money
    if let form = state.data.form, let number = form.value(totalPath).number {
      // One lookup on every keystroke; the others only while the total has no amount.
      guard let amount = Money(rounding: number, currency: offer.prices.tourPrice.currency)
      else { return .notKnown(.numberOutOfRange) }
      total = amount
    } else if let form = state.data.form, form.isVisible(totalPath) {
      // `isVisible` is false for a form without a total: the offer's price stands then.
      return .notKnown(form.evaluationErrorSource(totalPath))
    } else {
      let count = state.data.form?.repeatCount(BookingViewModel.touristSection) ?? 1
      total = offer.prices.breakdown(tourists: count).total
    }
    return total.isPayable ? .amount(total) : .notPayable(total)
  }

  /// Whether the field is a price line, shown as money: a computed field of the price section.
  ///
  /// The order carries its amount as shown (``Domain/Money/init(rounding:currency:)``).
  nonisolated static func isMoney(_ field: FormField, in sectionID: String) -> Bool {
    !field.isInput && sectionID == "price"
  }

  static let totalPath: FieldPath = "price.total"

  /// The keyboard a field of `inputType` wants.
  static func keyboard(_ inputType: InputType) -> FieldKeyboard {
    switch inputType {
    case .phone: .phone
    case .email: .email
    case .numeric: .number
    case .date: .date
    case .bool: .toggle
    case .longString: .multiline
    default: .text
    }
  }
}
