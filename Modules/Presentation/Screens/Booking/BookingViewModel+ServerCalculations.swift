import Domain
import UseCases

/// The fields computed by the server (`action_url`): asked for after their inputs change,
/// their answers landed, their failures shown on the field or the input they refuse.
extension BookingViewModel {
  /// The retry of a field computed by the server whose calculation failed
  /// (`booking.price.discount.retry`): it is asked for again at once.
  public func remoteRetryTapped(_ path: FieldPath) {
    clearToast()
    guard !refusedWhileHeld() else { return }
    guard let form = state.data.form, form.isVisible(path),
      let request = form.remoteRequests().first(where: { $0.path == path })
    else { return }
    calculate(request, debounced: false)
  }

  /// Asks again for the fields computed by the server whose inputs are among `changed` (all of them
  /// when `nil`) or that just appeared; a field that just hid drops its request and its value.
  ///
  /// Debounced (300 ms after the last edit) unless `debounced` is `false`.
  func updateRemoteFields(after changed: Set<FieldPath>?, debounced: Bool = true) {
    guard let form = state.data.form else { return }
    for request in form.remoteRequests() {
      let path = request.path
      let isVisible = form.isVisible(path)
      let wasVisible = remoteRequests.look(at: path, isVisible: isVisible)
      let inputsChanged =
        changed.map { changed in request.inputs.keys.contains { changed.contains(FieldPath($0)) } }
        ?? true
      guard inputsChanged || wasVisible != isVisible else { continue }
      if isVisible {
        calculate(request, debounced: debounced)
      } else if wasVisible != nil || state.ui.calculating.contains(path) {
        dropRemote(path)
      }
    }
  }

  /// The first input a field computed by the server reads that the user can edit (where Pay
  /// puts the focus when the calculation failed).
  func editableInput(of remote: FieldPath) -> FieldPath? {
    guard let form = state.data.form,
      let request = form.remoteRequests().first(where: { $0.path == remote })
    else { return nil }
    return form.inputFieldPaths.first {
      request.inputs[$0.rawValue] != nil && form.isVisible($0) && form.isEnabled($0)
    }
  }

  /// Starts `request` (after the debounce): the field shows progress and its dependents
  /// "updating" until the answer of the latest request lands.
  private func calculate(_ request: RemoteCalculationRequest, debounced: Bool) {
    let path = request.path
    let generation = remoteRequests.start(path)
    state.ui.calculating.insert(path)
    setRemoteFailure(nil, of: path)
    invalidateRemote(path)
    let coordinator = service.remoteFields
    tasks.start { [weak self] in
      let outcome = await coordinator.calculate(request, debounced: debounced)
      self?.land(outcome, for: path, generation: generation)
    }
  }

  /// The field hid (or lost its inputs): whatever is pending for it is dropped, and so is its
  /// value.
  private func dropRemote(_ path: FieldPath) {
    remoteRequests.drop(path)
    let coordinator = service.remoteFields
    tasks.start { await coordinator.cancel(path) }
    finishRemote(path, value: .empty, failure: nil)
  }

  private func land(_ outcome: RemoteCalculationOutcome, for path: FieldPath, generation: Int) {
    guard remoteRequests.isLatest(generation, of: path) else { return }
    switch outcome {
    case .superseded: return
    case .value(let value): finishRemote(path, value: value, failure: nil)
    case .failure(let error):
      finishRemote(path, value: .empty, failure: error)
      // Shown where the user looks: the section holding the field (or the refused input) opens.
      let shown = state.validation.refusalTargets[path] ?? path
      state.ui.collapsed.remove(SectionInstance(of: shown))
    }
  }

  /// Records why the calculation of `path` failed (`nil`: it did not), and where a refusal is
  /// shown (``Validation/refusalTargets``); the fields that show it, before and after, redraw.
  private func setRemoteFailure(_ failure: RemoteCalculationError?, of path: FieldPath) {
    let target: FieldPath? =
      if case .refused(_, let field)? = failure { refusalTarget(of: path, named: field) } else {
        nil
      }
    if state.validation.remoteFailures[path] != failure {
      state.validation.remoteFailures[path] = failure
    }
    let old = state.validation.refusalTargets[path]
    guard old != target else { return }
    state.validation.refusalTargets[path] = target
    if let old { screenCache.invalidate(old) }
    if let target { screenCache.invalidate(target) }
  }

  /// The field a refusal of the calculation of `remote` is shown on: `named` (the answer's
  /// `field`) when it is an input the form shows, else the one input among the field's inputs a
  /// person can edit, else `remote` itself.
  private func refusalTarget(of remote: FieldPath, named: FieldPath?) -> FieldPath {
    guard let form = state.data.form else { return remote }
    if let named, let display = form.display(named), display.isVisible,
      display.definition.isInput
    {
      return named
    }
    guard let request = form.remoteRequests().first(where: { $0.path == remote }) else {
      return remote
    }
    var editable: [FieldPath] = []
    for key in request.inputs.keys {
      let input = FieldPath(key)
      if form.field(input)?.isInput == true, Self.canEdit(input, in: form) {
        editable.append(input)
      }
    }
    return editable.count == 1 ? editable[0] : remote
  }

  private func finishRemote(_ path: FieldPath, value: FormValue, failure: RemoteCalculationError?) {
    if state.ui.calculating.contains(path) { state.ui.calculating.remove(path) }
    setRemoteFailure(failure, of: path)
    invalidateRemote(path)
    guard var form = state.data.form.take() else { return }
    let changed = form.setRemoteValue(value, at: path)
    state.data.form = form
    for changedPath in changed { recheck(changedPath, in: form) }
    screenCache.invalidate(changed)
    if let focus = state.ui.focus, changed.contains(focus) { refocusIfUneditable() }
    if !changed.isEmpty { updateRemoteFields(after: changed) }
    expandComputedSectionsIfComplete()
  }

  private func invalidateRemote(_ path: FieldPath) {
    screenCache.invalidate(path)
    if let form = state.data.form { screenCache.invalidate(form.computedDependents(of: path)) }
  }
}
