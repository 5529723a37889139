import Domain

extension BookingViewModel {
  // MARK: - Component models

  /// "★ 5 Excellent", once the offer is loaded.
  public var ratingText: String? { components.ratingText }

  /// The booking details: departure, arrival country, dates, nights, hotel, room, nutrition.
  public var detailRows: [InfoRow] { components.detailRows }

  /// The total to pay for the tourists shown.
  public var total: Money? { components.total }

  /// The field at `path` as a view shows it (ID `booking.PATH`), or `nil` when it is unknown
  /// or hidden.
  public func fieldModel(_ path: FieldPath) -> FieldModel? { components.fieldModel(path) }

  /// Every visible field in screen order.
  public var fields: [FieldModel] { components.fields }

  /// The form's sections in screen order: the buyer, each tourist (collapsible, with
  /// `booking.tourist.K.remove` for K >= 2), the price details (collapsible, the total as
  /// summary).
  public var sections: [SectionModel] { components.sections }

  /// `booking.addTourist`, disabled at the offer's maximum.
  public var addTouristButton: ButtonModel? { components.addTouristButton }

  /// `booking.pay`: "Pay 300 850 ₽", always enabled (shows progress while submitting).
  public var payButton: ButtonModel? { components.payButton }

  /// `booking.retry`, in the failed state.
  public var retryButton: ButtonModel? { components.retryButton }

  // MARK: - Private

  static let elementPrefix = "booking."

  /// The component models of the current state (the state is read once).
  private var components: BookingComponents { BookingComponents(state: state, strings: strings) }
}

extension BookingViewModel: ScreenModel {
  var kind: ScreenKind { .booking }

  var snapshot: ScreenSnapshot {
    let state = state
    let blocks = screenCache.blocks(state, strings: strings)
    assert(
      blocks == BookingComponents(state: state, strings: strings).blocks,
      "the cached Booking blocks differ from freshly built ones: a change was not reported")
    return ScreenSnapshot(
      screen: .booking, blocks: blocks, status: state.ui.status, strings: strings,
      focus: state.ui.focus.map(screenCache.id(of:)), isBusy: state.ui.isSubmitting)
  }

  func tapped(_ id: String) {
    guard id.hasPrefix(Self.elementPrefix) else { return }
    let rest = String(id.dropFirst(Self.elementPrefix.count))
    switch rest {
    case "pay": payTapped()
    case "addTourist": addTouristTapped()
    case "retry": retryTapped()
    default:
      if rest.hasSuffix(".retry") {
        remoteRetryTapped(FieldPath(String(rest.dropLast(".retry".count))))
      } else if rest.hasSuffix(".remove") {
        let instance = FieldPath(String(rest.dropLast(".remove".count)) + ".x")
        if let ordinal = instance.repeatIndex { removeTouristTapped(ordinal) }
      } else {
        sectionToggled(rest)
      }
    }
  }

  var isIdle: Bool { tasks.isIdle }

  func show(_ notice: Notice) { state.ui.status.show(notice) }
  func hide(_ notice: Notice) { state.ui.status.hide(notice) }

  func field(id: String) -> FieldModel? {
    screenCache.fieldModel(id: id, state: state, strings: strings)
  }

  func focused(_ id: String?) { fieldFocused(id.map(path(ofID:))) }

  func typed(_ text: String, into id: String) { fieldChanged(path(ofID: id), to: text) }

  func toggled(_ id: String) { fieldToggled(path(ofID: id)) }

  /// The path of the field with ID `id` (`booking.buyer.phone` -> `buyer.phone`), looked up in
  /// the layout shown when it has the field.
  private func path(ofID id: String) -> FieldPath {
    screenCache.path(forID: id, state: state, strings: strings)
      ?? FieldPath(String(id.dropFirst(Self.elementPrefix.count)))
  }
}
