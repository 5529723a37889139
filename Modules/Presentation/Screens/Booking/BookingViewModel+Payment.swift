import Domain
import UseCases

/// Pay and the held order: the check of every field, the submission, and the order whose
/// outcome is not known yet, which holds the form until the server answers.
extension BookingViewModel {
  /// Whether an order submitted from this form has no known outcome yet (in flight, or its
  /// answer was lost): the form is held, read-only, and Pay asks the server about that order
  /// again.
  public var isPaymentPending: Bool { state.data.pendingOrder != nil }

  /// `booking.pay`: checks every field; with problems it marks them, expands their sections,
  /// focuses the first and says so; without, it submits the order and moves to Paid.
  ///
  /// While an order is held (``isPaymentPending``) it asks the server about that order again,
  /// unchanged.
  public func payTapped() {
    clearToast()
    guard !state.ui.isSubmitting else { return }
    if let pending = state.data.pendingOrder {
      submit(pending)
      service.prefetchForRestart()
      return
    }
    guard let form = state.data.form, let offer = state.data.offer else { return }
    if Self.hasStarted(offer, today: context.today) {
      state.ui.status.toast = .tourStarted(offer.tourDates.start)
      return
    }
    // The total is not known while the server calculates a price line: nothing is submitted
    // (the order would carry a total the screen has not shown). Decided in Docs/FormSchema.md.
    guard state.ui.calculating.isEmpty else {
      state.ui.status.toast = .priceUpdating
      return
    }
    revalidateAll()
    let inputs = form.inputFieldPaths
    for path in inputs where form.isVisible(path) && form.isEnabled(path) {
      state.validation.checks[path] = state.validation.problems[path] == nil ? .valid : .invalid
    }
    screenCache.invalidateAll()
    let failedRemote = form.remoteFieldPaths.filter {
      state.validation.remoteFailures[$0] != nil && form.isVisible($0)
    }
    let firstProblem = inputs.first(where: { state.validation.problems[$0] != nil })
    if firstProblem != nil || !failedRemote.isEmpty {
      let refused = failedRemote.compactMap { state.validation.refusalTargets[$0] }
      for path in Array(state.validation.problems.keys) + failedRemote + refused {
        state.ui.collapsed.remove(SectionInstance(of: path))
      }
      state.ui.focus =
        firstProblem
        ?? failedRemote.lazy.compactMap { remote in
          self.state.validation.refusalTargets[remote].flatMap { target in
            Self.canEdit(target, in: form) ? target : nil
          } ?? self.editableInput(of: remote)
        }.first
      state.ui.status.toast = .correctHighlightedFields
      return
    }
    // A server's total that cannot be calculated (a price line reads an empty optional field,
    // say): no order for an amount the screen never showed. The price details open on it.
    // The same test as the total and Pay show ("not known"), so what Pay does matches its title.
    let totalPath = BookingComponents.totalPath
    switch BookingComponents.total(state) {
    case .notKnown(let failure)?:
      state.ui.collapsed.remove(SectionInstance(of: totalPath))
      screenCache.invalidateAll()
      state.ui.status.toast = .totalNotCalculated(failure)
      return
    case .notPayable(let total)?:
      state.ui.collapsed.remove(SectionInstance(of: totalPath))
      state.ui.status.toast = .totalNotPayable(total)
      return
    case .amount?, nil:
      break
    }
    let request: OrderRequest
    do throws(OrderRequestError) {
      request = try OrderRequestBuilder.request(from: form, offer: offer)
    } catch {
      state.ui.status.toast = .formCannotPlaceOrder(error.path)
      return
    }
    var pending = service.pendingOrder(for: request)
    // An older version's key goes out once: an order the server holds under it is found.
    if let key = state.data.initialInput.pendingIdempotencyKey.take() {
      pending.idempotencyKey = key
    }
    state.data.pendingOrder = pending
    screenCache.invalidateAll()
    submit(pending)
    onInputChange(input)
    // Paid leads to the restart: its hotel and rooms load while the order is submitted
    // (started second, so `POST /orders`, which the user waits for, goes out first).
    service.prefetchForRestart()
  }

  /// Sends `pending` (the first time, or again while its outcome is not known).
  func submit(_ pending: PendingOrder) {
    state.ui.focus = nil
    state.ui.isSubmitting = true
    tasks.start { [weak self] in await self?.send(pending) }
  }

  /// Whether an edit is refused because an order is held (``isPaymentPending``); the toast
  /// says why.
  func refusedWhileHeld() -> Bool {
    guard isPaymentPending else { return false }
    editRefused()
    return true
  }

  /// An edit of the held form was refused elsewhere (a script's `type` into a read-only
  /// field): the toast says why.
  func editRefused() {
    state.ui.status.toast = .paymentBeingChecked
  }

  private func send(_ pending: PendingOrder) async {
    do throws(OrderSubmissionError) {
      let order = try await service.submitOrder(pending)
      finishSubmission(order, savedLocally: true)
    } catch {
      state.ui.isSubmitting = false
      switch error {
      case .api(let apiError) where apiError.leavesOutcomeUnknown:
        // The server may hold the order: the form stays held, and Pay asks again.
        state.ui.status.show(.checkingPayment)
        state.ui.status.toast = .paymentNotConfirmed(apiError)
      case .api(let apiError):
        // A refusal: no order was made, the form is free, the next Pay is a new order.
        state.data.pendingOrder = nil
        state.ui.status.hide(.checkingPayment)
        state.ui.status.toast = .paymentFailed(apiError)
        screenCache.invalidateAll()
        onInputChange(input)
      case .notSaved(let order, _): finishSubmission(order, savedLocally: false)
      }
    }
  }

  private func finishSubmission(_ order: Order, savedLocally: Bool) {
    state.ui.isSubmitting = false
    state.data.pendingOrder = nil
    state.ui.status.hide(.checkingPayment)
    onRoute(.paid(order, savedLocally: savedLocally))
  }
}
