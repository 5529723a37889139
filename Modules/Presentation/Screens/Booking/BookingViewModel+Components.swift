import Domain

extension BookingViewModel {
  // MARK: - Component models

  /// "★ 5 Excellent", once the offer is loaded.
  public var ratingText: String? { components.ratingText }

  /// The booking details: departure, arrival country, dates, nights, hotel, room, nutrition.
  public var detailRows: [InfoRow] { components.detailRows }

  /// The total to pay for the tourists shown; `nil` while the form's total cannot be calculated
  /// or is not payable (``Domain/Money/isPayable``): the price details, the collapsed summary
  /// and Pay then say so, and Pay refuses.
  public var total: Money? { components.total?.money }

  /// The field at `path` as a view shows it (ID `booking.PATH`), or `nil` when it is unknown
  /// or hidden.
  public func fieldModel(_ path: FieldPath) -> FieldModel? {
    screenCache.fieldModel(path, state: state, strings: strings)
  }

  /// Every visible field in screen order.
  public var fields: [FieldModel] { sections.flatMap { $0.content.flatMap(\.fields) } }

  /// The form's sections in screen order: the buyer, each tourist (collapsible, with
  /// `booking.tourist.K.remove` for K >= 2), the price details (collapsible, the total as summary).
  ///
  /// The same models as the snapshot's blocks.
  public var sections: [SectionModel] {
    blocks.compactMap { block in
      if case .section(let section) = block, section.instance != nil { return section }
      return nil
    }
  }

  /// `booking.addTourist`, disabled at the offer's maximum.
  public var addTouristButton: ButtonModel? { button(.addTourist) }

  /// `booking.pay`: "Pay 300 850 ₽", always enabled (shows progress while submitting).
  public var payButton: ButtonModel? { button(.pay) }

  /// `booking.retry`, in the failed state.
  public var retryButton: ButtonModel? {
    state.ui.status.retryButton(on: .booking, strings: strings)
  }

  // MARK: - Private

  private var components: BookingComponents { BookingComponents(state: state, strings: strings) }

  private var blocks: [Block] { screenCache.blocks(state, strings: strings) }

  private func button(_ action: ButtonAction) -> ButtonModel? {
    for case .button(let button) in blocks where button.action == action { return button }
    return nil
  }
}

extension BookingViewModel: ScreenModel {
  var kind: ScreenKind { .booking }

  var snapshot: ScreenSnapshot {
    let state = state
    return ScreenSnapshot(
      screen: .booking, blocks: screenCache.blocks(state, strings: strings), status: status,
      strings: strings, focus: state.ui.focus.map(screenCache.id(of:)))
  }

  func show(_ notice: Notice) { state.ui.status.show(notice) }

  func hide(_ notice: Notice) { state.ui.status.hide(notice) }
}
