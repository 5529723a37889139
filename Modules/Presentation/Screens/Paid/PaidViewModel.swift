import Domain
import Observation
import UseCases

/// The Paid screen: "Your order is accepted", the server's order number, a summary with the
/// phone and passports masked (`•••• 3456`), and "Done", which restarts the flow.
@MainActor @Observable public final class PaidViewModel {
  /// Everything the screen shows, grouped.
  public struct State: Hashable, Sendable {
    /// The server's order number.
    public var orderNumber: Int
    /// The order, when known (not after a restart that finds no saved copy).
    public var order: Order?
    /// Notices and toast.
    public var status: ScreenStatus

    /// Creates a state.
    public init(orderNumber: Int, order: Order? = nil, status: ScreenStatus = ScreenStatus()) {
      self.orderNumber = orderNumber
      self.order = order
      self.status = status
    }
  }

  /// The current state.
  public private(set) var state: State
  /// Notices and toast (the same type on every screen; Paid never loads).
  public var status: ScreenStatus { state.status }
  /// The texts and formats.
  public let strings: Localizer

  private let onRoute: @MainActor (FlowRoute) -> Void

  /// Creates the screen for an accepted order; `onRoute` receives ``FlowRoute/restart``.
  public init(
    orderNumber: Int, order: Order?, savedLocally: Bool = true, strings: Localizer,
    onRoute: @escaping @MainActor (FlowRoute) -> Void
  ) {
    self.strings = strings
    self.onRoute = onRoute
    state = State(
      orderNumber: orderNumber, order: order,
      status: ScreenStatus(toast: savedLocally ? nil : .orderNotSaved))
  }

  // MARK: - Intents

  /// Performs what a button of this screen does: `done`; any other action does nothing here.
  public func perform(_ action: ButtonAction) {
    if action == .done { doneTapped() }
  }

  /// `paid.done`: start over.
  public func doneTapped() {
    state.status.intentArrived()
    onRoute(.restart)
  }

  // MARK: - Component models

  /// `paid.retry` while the screen shows a load failure, as on every screen; Paid loads
  /// nothing, so it is `nil`.
  public var retryButton: ButtonModel? {
    state.status.retryButton(on: .paid, strings: strings)
  }

  /// "Confirmation of order No.
  ///
  /// 104893 may take some time...".
  public var confirmationText: String { strings.orderConfirmation(number: state.orderNumber) }

  /// The order number, the total the server computed (and the one shown when Pay was tapped,
  /// when the server's is another), the phone and every passport, masked (SPEC section 8).
  public var summary: [InfoRow] {
    var rows = [InfoRow(label: strings.orderNumber, value: "\(state.orderNumber)")]
    guard let order = state.order else { return rows }
    rows.append(InfoRow(label: strings.totalPaid, value: strings.money(order.total)))
    if let shown = order.shownTotalUnlikeServers {
      rows.append(InfoRow(label: strings.totalShownWhenPaid, value: strings.money(shown)))
    }
    rows.append(InfoRow(label: strings.phone, value: order.request.buyer.phone.masked))
    for (index, tourist) in order.request.tourists.enumerated() {
      rows.append(
        InfoRow(
          label: strings.passport(ofTourist: index + 1),
          value: tourist.passportNumber.masked))
    }
    return rows
  }

  /// Returns at once: Paid starts no work (the same call as on the other screens).
  public func settle() async {}

  /// Always true: Paid starts no work.
  public var isIdle: Bool { true }

  /// `paid.done`.
  public var doneButton: ButtonModel { ButtonModel(action: .done, title: strings.done) }
}

extension PaidViewModel: ScreenModel {
  var kind: ScreenKind { .paid }

  var snapshot: ScreenSnapshot {
    ScreenSnapshot(
      screen: .paid,
      blocks: [
        .heading(strings.orderAccepted), .text(confirmationText), .rows(summary),
        .button(doneButton),
      ],
      status: state.status, strings: strings)
  }

  func show(_ notice: Notice) { state.status.show(notice) }
  func hide(_ notice: Notice) { state.status.hide(notice) }
}
