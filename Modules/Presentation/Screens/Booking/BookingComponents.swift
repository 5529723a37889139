import Domain
import UseCases

/// The Booking screen's component models, built from one reading of the view model's state.
///
/// The snapshot is rebuilt after every keystroke, so it reads the observable state once (each
/// read of an `@Observable` property goes through the observation registrar), looks each field
/// up once per property it needs, and formats the total once.
@MainActor struct BookingComponents {
  let state: BookingViewModel.State
  let strings: Localizer
  /// The total to pay for the tourists shown, once the offer is loaded.
  let total: Money?

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

  /// The field at `path` as a view shows it, or `nil` when it is unknown or hidden.
  func fieldModel(_ path: FieldPath) -> FieldModel? {
    guard let form = state.data.form else { return nil }
    return fieldModel(path, in: form)
  }

  /// Every visible field in screen order.
  var fields: [FieldModel] {
    guard let form = state.data.form else { return [] }
    return form.fieldPaths.compactMap { fieldModel($0, in: form) }
  }

  /// The form's sections in screen order.
  var sections: [SectionModel] {
    guard let form = state.data.form else { return [] }
    let touristSection = BookingViewModel.touristSection
    let count = form.repeatCount(touristSection)
    let bounds = form.repeatBounds(touristSection) ?? 1...4
    let definitions = form.schema.sections
    let totalSummary = Self.totalSummary(total, state: state, strings: strings)
    return form.sectionInstances.compactMap { instance in
      guard let definition = definitions.first(where: { $0.id == instance.sectionID }) else {
        return nil
      }
      var content: [Block] = []
      content.reserveCapacity(instance.fieldPaths.count + 1)
      var hasErrors = false
      for path in instance.fieldPaths {
        guard let field = fieldModel(path, in: form) else {
          hasErrors = hasErrors || state.validation.shownError(path) != nil
          continue
        }
        hasErrors = hasErrors || field.error != nil
        content.append(.field(field))
      }
      if let index = instance.index, index >= 2 {
        content.append(
          .button(
            ButtonModel(
              id: BookingViewModel.elementPrefix + instance.id + ".remove",
              title: strings.removeTourist, isEnabled: count > bounds.lowerBound)))
      }
      let title =
        instance.index.map {
          instance.sectionID == touristSection
            ? strings.touristTitle($0) : "\(definition.title) \($0)"
        } ?? definition.title
      let computedOnly = definition.fields.allSatisfy { !$0.isInput }
      return SectionModel(
        id: BookingViewModel.elementPrefix + instance.id, title: title,
        isCollapsible: definition.collapsible,
        isExpanded: !state.ui.collapsed.contains(instance.id),
        summary: computedOnly ? totalSummary : nil, hasErrors: hasErrors, content: content)
    }
  }

  /// `booking.addTourist`, disabled at the offer's maximum.
  var addTouristButton: ButtonModel? {
    let touristSection = BookingViewModel.touristSection
    guard let form = state.data.form, let bounds = form.repeatBounds(touristSection) else {
      return nil
    }
    return ButtonModel(
      id: "booking.addTourist", title: strings.addTourist,
      isEnabled: form.repeatCount(touristSection) < bounds.upperBound)
  }

  /// `booking.pay`: "Pay 300 850 ₽", always enabled (shows progress while submitting).
  var payButton: ButtonModel? {
    guard state.data.form != nil else { return nil }
    return Self.payButton(total: total, isSubmitting: state.ui.isSubmitting, strings: strings)
  }

  /// `booking.retry`, in the failed state.
  var retryButton: ButtonModel? {
    state.ui.status.retryButton(on: .booking, strings: strings)
  }

  /// The rating, the hotel's name and address, and the booking details (once the offer is
  /// loaded).
  var header: [Block] {
    guard let offer = state.data.offer, let ratingText else { return [] }
    return [
      .rating(ratingText), .heading(offer.hotelName), .text(offer.hotelAddress),
      .section(
        SectionModel(
          id: "booking.details", title: strings.bookingDetails, content: [.rows(detailRows)])),
    ]
  }

  /// Everything the screen shows, top to bottom.
  var blocks: [Block] {
    if let failure = state.ui.status.failureBlocks(on: .booking, strings: strings) {
      return failure
    }
    var blocks = header
    guard !blocks.isEmpty else { return [] }
    let sections = sections
    let lastTourist = sections.lastIndex { $0.id.hasPrefix("booking.tourist.") }
    for (index, section) in sections.enumerated() {
      blocks.append(.section(section))
      if index == lastTourist, let addTouristButton { blocks.append(.button(addTouristButton)) }
    }
    if let payButton { blocks.append(.button(payButton)) }
    return blocks
  }

  // MARK: - Private

  private func fieldModel(_ path: FieldPath, in form: FormState) -> FieldModel? {
    guard let display = form.display(path), display.isVisible else { return nil }
    let field = display.definition
    let check = state.validation.checks[path]
    let error = check == .invalid ? state.validation.problems[path] : nil
    let remote = Self.remoteStatus(path, state: state, form: form, strings: strings)
    return FieldModel(
      id: BookingViewModel.elementPrefix + path.rawValue, label: field.label,
      placeholder: field.placeholder ?? "", value: displayText(path, display),
      error: error.map(strings.message(for:)) ?? remote.error,
      isValid: check == .valid && error == nil, isEnabled: display.isEnabled,
      isFocused: state.ui.focus == path, keyboard: Self.keyboard(field.inputType),
      isInProgress: remote.isInProgress, retry: remote.retry)
  }

  private func displayText(_ path: FieldPath, _ display: FormFieldDisplay) -> String {
    if !display.definition.isInput, let number = display.value.number,
      let currency = state.data.offer?.prices.tourPrice.currency, path.sectionID == "price",
      let money = Money(rounding: number, currency: currency)
    {
      return strings.money(money)
    }
    return Self.switchText(display, strings: strings) ?? display.text
  }

  /// "Yes" or "No" for a bool input, else `nil`.
  static func switchText(_ display: FormFieldDisplay, strings: Localizer) -> String? {
    guard display.definition.isInput, display.definition.inputType == .bool else { return nil }
    return strings.switchState(display.value == .bool(true))
  }

  /// What a field shows of the server calculations: progress while its own request (or one of
  /// a field it is computed from) is waiting or in flight, the latest failure, and a retry
  /// when that failure was the network's (a refusal is fixed by editing the inputs).
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
    case .refused: break
    case .failed:
      retry = ButtonModel(
        id: BookingViewModel.elementPrefix + path.rawValue + ".retry", title: strings.retry)
    }
    return (isInProgress, strings.remoteFailure(failure), retry)
  }

  /// The collapsed price details' summary: the total, marked while it is being updated.
  static func totalSummary(
    _ total: Money?, state: BookingViewModel.State, strings: Localizer
  ) -> String? {
    guard let total else { return nil }
    let text = strings.priceLine(.total) + ": " + strings.money(total)
    guard let form = state.data.form, !state.ui.calculating.isEmpty,
      remoteStatus(totalPath, state: state, form: form, strings: strings).isInProgress
    else { return text }
    return text + " (" + strings.updating + ")"
  }

  /// `booking.pay` for `total` ("Pay 300 850 ₽", or "Paying…" while submitting).
  static func payButton(total: Money?, isSubmitting: Bool, strings: Localizer) -> ButtonModel? {
    guard let total else { return nil }
    return ButtonModel(
      id: "booking.pay",
      title: isSubmitting ? strings.paying : strings.payButton(total: total),
      isEnabled: true, isInProgress: isSubmitting)
  }

  /// The total to pay for the tourists shown, once the offer is loaded.
  static func total(_ state: BookingViewModel.State) -> Money? {
    guard let offer = state.data.offer else { return nil }
    if let form = state.data.form, let number = form.value(totalPath).number,
      let total = Money(rounding: number, currency: offer.prices.tourPrice.currency)
    {
      return total
    }
    let count = state.data.form?.repeatCount(BookingViewModel.touristSection) ?? 1
    return offer.prices.breakdown(tourists: count).total
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
    default: .text
    }
  }
}
