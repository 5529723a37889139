import Domain
import UseCases

/// Focus and sections: where typing goes, which field is checked as focus leaves it, and which
/// sections are folded.
extension BookingViewModel {
  /// A field was focused (`nil`: editing ended); the field that loses focus is checked if it is not
  /// empty.
  ///
  /// Moving the focus is not acting on the flow: the toast and "Restored your unfinished booking"
  /// stay (a message is read, not chased away by Tab or by a host that focuses a field as the
  /// screen appears); the next change, tap or action clears them. A field nobody can edit (hidden
  /// by its `visible_if`, locked by its `enabled_if`, computed) does not take the focus: the focus
  /// stays where it is.
  public func fieldFocused(_ path: FieldPath?) {
    if path != nil, isPaymentPending { return }
    if let path, let form = state.data.form, !Self.canEdit(path, in: form) { return }
    moveFocus(to: path)
  }

  /// The Return key: focus moves to the next input field in screen order; the last ends
  /// editing.
  public func nextTapped() {
    clearToast()
    guard let form = state.data.form else { return }
    let inputs = form.inputFieldPaths.filter { form.isVisible($0) && form.isEnabled($0) }
    guard let focus = state.ui.focus, let index = inputs.firstIndex(of: focus) else {
      return moveFocus(to: inputs.first)
    }
    moveFocus(to: inputs.indices.contains(index + 1) ? inputs[index + 1] : nil)
  }

  /// A collapsible section (`tourist.2`, `price`) was tapped: it collapses or expands.
  ///
  /// A section the form does not show, or one that does not collapse, is left alone.
  public func sectionToggled(_ instance: SectionInstance) {
    clearToast()
    guard let form = state.data.form,
      form.schema.sections.first(where: { $0.id == instance.sectionID })?.collapsible == true,
      form.sectionInstances.contains(where: {
        $0.sectionID == instance.sectionID && $0.index == instance.index
      })
    else { return }
    if state.ui.collapsed.contains(instance) {
      state.ui.collapsed.remove(instance)
    } else {
      state.ui.collapsed.insert(instance)
    }
  }

  /// Where a host's focus goes after tourist `ordinal` was removed by its Remove button, so
  /// it is not left on the next tourist's Remove (now of the same ID, which a second press
  /// would remove too): the title of the tourist now in its place, else Add tourist, else
  /// `nil` (leave it where it was).
  public func focusAfterRemovingTourist(at ordinal: Int) -> ElementHandle? {
    let next = SectionInstance(sectionID: Self.touristSection, index: ordinal)
    if sections.contains(where: { $0.handle == .form(next) }) { return .section(.form(next)) }
    return addTouristButton.map { .button($0.action) }
  }

  /// The focused field can no longer be edited (a change hid it or locked it): the focus moves on
  /// to the next field a person can edit, in screen order, or editing ends when there is none.
  ///
  /// Typing goes nowhere it cannot be seen; the field left is not checked (hidden, it has no
  /// problem to show; locked, none a person could fix).
  func refocusIfUneditable() {
    guard let focus = state.ui.focus, let form = state.data.form,
      !Self.canEdit(focus, in: form)
    else { return }
    let inputs = form.inputFieldPaths
    let after = inputs.firstIndex(of: focus).map { $0 + 1 } ?? inputs.endIndex
    state.ui.focus = nil
    moveFocus(to: inputs[after...].first { Self.canEdit($0, in: form) })
  }

  /// Whether a person can edit the field at `path`: a shown input that no `enabled_if` locks.
  static func canEdit(_ path: FieldPath, in form: FormState?) -> Bool {
    form?.display(path)?.isEditable ?? false
  }

  func moveFocus(to path: FieldPath?) {
    guard state.ui.focus != path else { return }
    if let left = state.ui.focus, let display = state.data.form?.display(left),
      !display.text.isEmpty, display.definition.isInput, display.isEditable
    {
      // Its problem is current (every change rechecks the fields it changed, every layout
      // change all of them): only whether it shows the problem changes.
      state.validation.checks[left] = state.validation.problems[left] == nil ? .valid : .invalid
      screenCache.invalidate(left)
    }
    if let path { expandSection(holding: path) }
    state.ui.focus = path
  }

  /// The field at `path` takes the focus or is typed into: its section opens if it is folded
  /// (what is typed is never hidden under a folded title).
  func expandSection(holding path: FieldPath) {
    guard !state.ui.collapsed.isEmpty else { return }
    let instance = SectionInstance(of: path)
    if state.ui.collapsed.contains(instance) { state.ui.collapsed.remove(instance) }
  }

  /// Expands the price details when the form becomes complete (once per completion).
  func expandComputedSectionsIfComplete() {
    let complete = state.validation.isComplete && state.data.form != nil
    defer { wasComplete = complete }
    guard complete, !wasComplete, let engine else { return }
    for section in engine.schema.sections where Self.isComputedOnly(section) {
      state.ui.collapsed.remove(SectionInstance(sectionID: section.id))
    }
  }

  static func isComputedOnly(_ section: FormSection) -> Bool {
    !section.fields.isEmpty && section.fields.allSatisfy { !$0.isInput }
  }
}
