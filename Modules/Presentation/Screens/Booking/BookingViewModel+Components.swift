import Domain

extension BookingViewModel {
  // MARK: - Component models

  /// "★ 5 Excellent", once the offer is loaded.
  public var ratingText: String? {
    state.data.offer.map { strings.rating($0.rating, name: $0.ratingName) }
  }

  /// The booking details: departure, arrival country, dates, nights, hotel, room, nutrition.
  public var detailRows: [InfoRow] {
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

  /// The total to pay for the tourists shown.
  public var total: Money? {
    guard let offer = state.data.offer else { return nil }
    if let form = state.data.form, let number = form.value("price.total").number {
      return Money(Int(number.rounded()), currency: offer.prices.tourPrice.currency)
    }
    let count = state.data.form?.repeatCount(Self.touristSection) ?? 1
    return offer.prices.breakdown(tourists: count).total
  }

  /// The field at `path` as a view shows it (ID `booking.PATH`), or `nil` when it is unknown
  /// or hidden.
  public func fieldModel(_ path: FieldPath) -> FieldModel? {
    guard let form = state.data.form, let field = form.field(path), form.isVisible(path) else {
      return nil
    }
    let check = state.validation.checks[path]
    let error = state.validation.shownError(path)
    return FieldModel(
      id: Self.elementPrefix + path.rawValue, label: field.label,
      placeholder: field.placeholder ?? "", value: displayText(path, field: field, form: form),
      error: error.map(strings.message(for:)), isValid: check == .valid && error == nil,
      isEnabled: form.isEnabled(path), isFocused: state.ui.focus == path,
      keyboard: Self.keyboard(field.inputType))
  }

  /// Every visible field in screen order.
  public var fields: [FieldModel] {
    (state.data.form?.fieldPaths ?? []).compactMap(fieldModel)
  }

  /// The form's sections in screen order: the buyer, each tourist (collapsible, with
  /// `booking.tourist.K.remove` for K >= 2), the price details (collapsible, the total as
  /// summary).
  public var sections: [SectionModel] {
    guard let form = state.data.form else { return [] }
    let count = form.repeatCount(Self.touristSection)
    let bounds = form.repeatBounds(Self.touristSection) ?? 1...4
    return form.sectionInstances.compactMap { instance in
      guard let definition = form.schema.sections.first(where: { $0.id == instance.sectionID })
      else { return nil }
      var content = instance.fieldPaths.compactMap(fieldModel).map(Block.field)
      if let index = instance.index, index >= 2 {
        content.append(
          .button(
            ButtonModel(
              id: Self.elementPrefix + instance.id + ".remove", title: strings.removeTourist,
              isEnabled: count > bounds.lowerBound)))
      }
      let title =
        instance.index.map {
          instance.sectionID == Self.touristSection
            ? strings.touristTitle($0) : "\(definition.title) \($0)"
        } ?? definition.title
      let computedOnly = definition.fields.allSatisfy { !$0.isInput }
      return SectionModel(
        id: Self.elementPrefix + instance.id, title: title,
        isCollapsible: definition.collapsible,
        isExpanded: !state.ui.collapsed.contains(instance.id),
        summary: computedOnly
          ? total.map { strings.priceLine(.total) + ": " + strings.money($0) } : nil,
        hasErrors: instance.fieldPaths.contains { state.validation.shownError($0) != nil },
        content: content)
    }
  }

  /// `booking.addTourist`, disabled at the offer's maximum.
  public var addTouristButton: ButtonModel? {
    guard let form = state.data.form, let bounds = form.repeatBounds(Self.touristSection) else {
      return nil
    }
    return ButtonModel(
      id: "booking.addTourist", title: strings.addTourist,
      isEnabled: form.repeatCount(Self.touristSection) < bounds.upperBound)
  }

  /// `booking.pay`: "Pay 300 850 ₽", always enabled (shows progress while submitting).
  public var payButton: ButtonModel? {
    guard state.data.form != nil, let total else { return nil }
    return ButtonModel(
      id: "booking.pay",
      title: state.ui.isSubmitting ? strings.paying : strings.payButton(total: total),
      isEnabled: true, isInProgress: state.ui.isSubmitting)
  }

  /// `booking.retry`, in the failed state.
  public var retryButton: ButtonModel? {
    state.ui.status.failure == nil ? nil : ButtonModel(id: "booking.retry", title: strings.retry)
  }

  // MARK: - Private

  static let elementPrefix = "booking."

  private func displayText(_ path: FieldPath, field: FormField, form: FormState) -> String {
    if !field.isInput, path.sectionID == "price", let number = form.value(path).number,
      let currency = state.data.offer?.prices.tourPrice.currency
    {
      return strings.money(Money(Int(number.rounded()), currency: currency))
    }
    return form.text(path)
  }

  private static func keyboard(_ inputType: InputType) -> FieldKeyboard {
    switch inputType {
    case .phone: .phone
    case .email: .email
    case .numeric: .number
    case .date: .date
    default: .text
    }
  }
}

extension BookingViewModel: ScreenModel {
  var kind: ScreenKind { .booking }

  var snapshot: ScreenSnapshot {
    ScreenSnapshot(
      screen: .booking, title: strings.title(.booking), blocks: blocks,
      focus: state.ui.focus.map { Self.elementPrefix + $0.rawValue },
      isLoading: state.ui.status.isLoading || state.ui.isSubmitting,
      failure: state.ui.status.failure.map(strings.apiError),
      loadError: state.ui.status.failure,
      notice: strings.noticeText(state.ui.status.notices),
      toast: state.ui.status.toast.map(strings.toast))
  }

  private var blocks: [Block] {
    if let retryButton, let failure = state.ui.status.failure {
      return [.text(strings.apiError(failure)), .button(retryButton)]
    }
    guard let offer = state.data.offer, let ratingText else { return [] }
    var blocks: [Block] = [
      .rating(ratingText), .heading(offer.hotelName), .text(offer.hotelAddress),
      .section(
        SectionModel(
          id: "booking.details", title: strings.bookingDetails, content: [.rows(detailRows)])),
    ]
    let sections = sections
    let lastTourist = sections.lastIndex { $0.id.hasPrefix("booking.tourist.") }
    for (index, section) in sections.enumerated() {
      blocks.append(.section(section))
      if index == lastTourist, let addTouristButton { blocks.append(.button(addTouristButton)) }
    }
    if let payButton { blocks.append(.button(payButton)) }
    return blocks
  }

  func tapped(_ id: String) {
    guard id.hasPrefix(Self.elementPrefix) else { return }
    let rest = String(id.dropFirst(Self.elementPrefix.count))
    switch rest {
    case "pay": payTapped()
    case "addTourist": addTouristTapped()
    case "retry": retryTapped()
    default:
      if rest.hasSuffix(".remove") {
        let instance = FieldPath(String(rest.dropLast(".remove".count)) + ".x")
        if let ordinal = instance.repeatIndex { removeTouristTapped(ordinal) }
      } else {
        sectionToggled(rest)
      }
    }
  }

  var isIdle: Bool { tasks.isIdle }

  func show(_ notice: Notice) { state.ui.status.show(notice) }

  func focused(_ id: String?) {
    fieldFocused(id.map { FieldPath(String($0.dropFirst(Self.elementPrefix.count))) })
  }

  func typed(_ text: String, into id: String) {
    fieldChanged(FieldPath(String(id.dropFirst(Self.elementPrefix.count))), to: text)
  }
}
