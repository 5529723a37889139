import Domain

/// The Booking screen's blocks, kept between snapshots and rebuilt only where the state
/// changed: a keystroke rebuilds the field models of the paths it changed (and of the fields
/// that gain or lose focus) and the sections holding them, and reuses everything else.
///
/// What never changes for one form layout (the IDs `booking.PATH`, labels, placeholders,
/// keyboards, section titles and toggles, the header, Add tourist) is built once, when the
/// layout is first shown. The view model reports what it changes:
/// - ``reset()`` when the layout or the offer changes (load, add or remove a tourist);
/// - ``invalidate(_:)`` with the paths whose text, value, visibility, enablement, check or
///   problem changed (a keystroke, focus leaving a field);
/// - ``invalidateAll()`` when every field's validation may have changed (Pay).
///
/// Focus, the collapsed sections, the total and the submission state are compared with what
/// the cached models show on every snapshot (cheap comparisons), so they need no report.
/// It is the only builder of the screen's field and section models: the snapshot's blocks and
/// what hosts read (`fieldModel(_:)`, `sections`, `payButton`) both come from it; tests check
/// that a cache kept across changes equals a new one built from the same state.
@MainActor final class BookingScreenCache {
  private struct Field {
    let path: FieldPath
    /// `booking.PATH`, made once per layout.
    let id: String
    let label: String
    let placeholder: String
    let keyboard: FieldKeyboard
    /// Whether its rules make it personal data (masked outside the form).
    let isPersonal: Bool
    /// A computed price line, shown as money.
    let isMoney: Bool
    /// How the schema styles it.
    let style: FormStyle
    /// The model shown, or `nil` while hidden.
    var model: FieldModel?
    /// Whether the field, while hidden, has an error to show (its section is marked).
    var hiddenHasError = false
    var isDirty = true
  }

  private struct Section {
    /// `tourist.2`, as the view model's collapsed set holds it.
    let instance: SectionInstance
    /// `booking.tourist.2`, made once per layout.
    let id: String
    let title: String
    let style: FormStyle
    let isCollapsible: Bool
    /// A section of computed fields only (the price details: its summary is the total).
    let isComputedOnly: Bool
    let removeButton: ButtonModel?
    let fields: Range<Int>
    let blockIndex: Int
    var model: SectionModel?
    var isDirty = true
  }

  private var fields: [Field] = []
  private var sections: [Section] = []
  /// The steps of the last build of the fixed parts: the section definitions looked at and
  /// the field instances made (a test's proof that showing a form is linear in its size).
  private(set) var buildSteps = 0
  private var sectionOfField: [Int] = []
  private var indexByPath: [FieldPath: Int] = [:]
  private var blocks: [Block] = []
  private var payIndex: Int?
  private var isBuilt = false
  /// The focused field the cached models show.
  private var focus: FieldPath?
  private var focusIndex: Int?
  /// The collapsed sections the cached models show.
  private var collapsed: Set<SectionInstance> = []
  private var total: BookingComponents.Total?
  private var isSubmitting = false

  // MARK: - Reports

  /// The layout or the offer changed: everything is rebuilt at the next snapshot.
  func reset() {
    isBuilt = false
    fields = []
    sections = []
    sectionOfField = []
    indexByPath = [:]
    blocks = []
    payIndex = nil
  }

  /// The field at `path` shows something else now.
  func invalidate(_ path: FieldPath) {
    guard isBuilt, let index = indexByPath[path] else { return }
    markDirty(index)
  }

  /// The fields at `paths` show something else now.
  func invalidate(_ paths: Set<FieldPath>) {
    guard isBuilt else { return }
    for path in paths {
      if let index = indexByPath[path] { markDirty(index) }
    }
  }

  /// Every field may show something else now (its validation changed).
  func invalidateAll() {
    guard isBuilt else { return }
    for index in fields.indices { fields[index].isDirty = true }
    for index in sections.indices { sections[index].isDirty = true }
  }

  // MARK: - Reading

  /// The field at `path` as the snapshot shows it (built if it changed since), or `nil` when
  /// it is unknown or hidden.
  func fieldModel(
    _ path: FieldPath, state: BookingViewModel.State, strings: Localizer
  ) -> FieldModel? {
    guard let form = state.data.form, buildIfNeeded(state, strings: strings),
      let index = indexByPath[path]
    else { return nil }
    syncFocus(state.ui.focus)
    if fields[index].isDirty { rebuild(index, form: form, state: state, strings: strings) }
    return fields[index].model
  }

  /// The accessibility ID of the field at `path`.
  func id(of path: FieldPath) -> String {
    if isBuilt, let index = indexByPath[path] { return fields[index].id }
    return ElementHandle.id(of: path)
  }

  /// Every block the screen shows for `state`, top to bottom: the failure with Retry; or the
  /// header, the form's sections (Add tourist after the last tourist) and Pay; or nothing while
  /// the form loads.
  func blocks(_ state: BookingViewModel.State, strings: Localizer) -> [Block] {
    if let failure = state.ui.status.failureBlocks(on: .booking, strings: strings) {
      return failure
    }
    guard let form = state.data.form, buildIfNeeded(state, strings: strings) else { return [] }
    syncFocus(state.ui.focus)
    if state.ui.collapsed != collapsed {
      collapsed = state.ui.collapsed
      for index in sections.indices {
        let isExpanded = !collapsed.contains(sections[index].instance)
        if sections[index].model?.isExpanded != isExpanded { sections[index].isDirty = true }
      }
    }
    let total = BookingComponents.total(state)
    if total != self.total || state.ui.isSubmitting != isSubmitting {
      if total != self.total {
        for index in sections.indices where sections[index].isComputedOnly {
          sections[index].isDirty = true
        }
        // Its reason follows the missing value to the input at its root, which can change
        // while the total's own value stays empty (an amount that changed marked it already).
        if let index = indexByPath[BookingComponents.totalPath] { markDirty(index) }
      }
      self.total = total
      isSubmitting = state.ui.isSubmitting
      if let payIndex {
        if let button = BookingComponents.payButton(
          total: total, isSubmitting: isSubmitting, strings: strings)
        {
          blocks[payIndex] = .button(button)
        }
      }
    }
    for index in sections.indices where sections[index].isDirty {
      let model = sectionModel(index, form: form, state: state, strings: strings)
      sections[index].model = model
      sections[index].isDirty = false
      blocks[sections[index].blockIndex] = .section(model)
    }
    return blocks
  }

  // MARK: - Private

  private func markDirty(_ index: Int) {
    fields[index].isDirty = true
    sections[sectionOfField[index]].isDirty = true
  }

  private func syncFocus(_ focus: FieldPath?) {
    guard focus != self.focus else { return }
    if let focusIndex { markDirty(focusIndex) }
    self.focus = focus
    focusIndex = focus.flatMap { indexByPath[$0] }
    if let focusIndex { markDirty(focusIndex) }
  }

  private func buildIfNeeded(_ state: BookingViewModel.State, strings: Localizer) -> Bool {
    if isBuilt { return true }
    guard let form = state.data.form, state.data.offer != nil else { return false }
    let components = BookingComponents(state: state, strings: strings)
    blocks = components.header
    let touristSection = BookingViewModel.touristSection
    let count = form.repeatCount(touristSection)
    let bounds = form.repeatBounds(touristSection) ?? 1...4
    let definitions = form.schema.sections
    // Each definition found by its identifier, not searched for from the start per instance.
    var definitionByID: [String: FormSection] = [:]
    buildSteps = 0
    for definition in definitions where definitionByID[definition.id] == nil {
      buildSteps += 1
      definitionByID[definition.id] = definition
    }
    for instance in form.sectionInstances {
      buildSteps += 1
      guard let definition = definitionByID[instance.sectionID] else { continue }
      let start = fields.count
      for path in instance.fieldPaths {
        buildSteps += 1
        guard let field = form.field(path) else { continue }
        indexByPath[path] = fields.count
        sectionOfField.append(sections.count)
        let id = ElementHandle.id(of: path)
        fields.append(
          Field(
            path: path, id: id, label: field.label, placeholder: field.placeholder ?? "",
            keyboard: BookingComponents.keyboard(field.inputType),
            isPersonal: PersonalData.isPersonal(field.rules),
            isMoney: BookingComponents.isMoney(field, in: instance.sectionID), style: field.style))
      }
      let title =
        instance.index.map {
          instance.sectionID == touristSection
            ? strings.touristTitle($0) : "\(definition.title) \($0)"
        } ?? definition.title
      let removeButton = instance.index.flatMap { index in
        index >= 2 && instance.sectionID == touristSection
          ? ButtonModel(
            action: .removeTourist(index), title: strings.removeTourist,
            isEnabled: count > bounds.lowerBound) : nil
      }
      let handle = SectionInstance(sectionID: instance.sectionID, index: instance.index)
      sections.append(
        Section(
          instance: handle, id: ElementHandle.id(of: handle),
          title: title, style: definition.style, isCollapsible: definition.collapsible,
          isComputedOnly: definition.fields.allSatisfy { !$0.isInput }, removeButton: removeButton,
          fields: start..<fields.count, blockIndex: blocks.count))
      // A placeholder until the first refresh builds it.
      blocks.append(.text(""))
      if instance.sectionID == touristSection, instance.index == count,
        let addTouristButton = components.addTouristButton
      {
        blocks.append(.button(addTouristButton))
      }
    }
    total = components.total
    isSubmitting = state.ui.isSubmitting
    if let payButton = components.payButton {
      payIndex = blocks.count
      blocks.append(.button(payButton))
    }
    focus = nil
    focusIndex = nil
    collapsed = state.ui.collapsed
    isBuilt = true
    return true
  }

  private func sectionModel(
    _ index: Int, form: FormState, state: BookingViewModel.State, strings: Localizer
  ) -> SectionModel {
    let section = sections[index]
    var content: [Block] = []
    content.reserveCapacity(section.fields.count + 1)
    var hasErrors = false
    for fieldIndex in section.fields {
      if fields[fieldIndex].isDirty {
        rebuild(fieldIndex, form: form, state: state, strings: strings)
      }
      if let model = fields[fieldIndex].model {
        hasErrors = hasErrors || model.error != nil
        content.append(.field(model))
      } else {
        hasErrors = hasErrors || fields[fieldIndex].hiddenHasError
      }
    }
    if let removeButton = section.removeButton { content.append(.button(removeButton)) }
    let summary =
      section.isComputedOnly
      ? BookingComponents.totalSummary(total, state: state, strings: strings) : nil
    return SectionModel(
      handle: .form(section.instance), id: section.id, title: section.title,
      isCollapsible: section.isCollapsible,
      isExpanded: !collapsed.contains(section.instance), summary: summary,
      hasErrors: hasErrors, content: content, style: section.style)
  }

  private func rebuild(
    _ index: Int, form: FormState, state: BookingViewModel.State, strings: Localizer
  ) {
    let path = fields[index].path
    fields[index].isDirty = false
    guard let display = form.display(path), display.isVisible else {
      fields[index].model = nil
      fields[index].hiddenHasError = state.validation.shownError(path) != nil
      return
    }
    let check = state.validation.checks[path]
    let error = check == .invalid ? state.validation.problems[path] : nil
    var value = BookingComponents.switchText(display, strings: strings) ?? display.text
    if display.definition.inputType == .unsupported {
      // A kind of field this app does not know (SPEC section 6): read-only, and saying so
      // rather than showing an empty label.
      value = strings.unsupportedField
    }
    // A price line a server's form cannot calculate says so, rather than staying blank or
    // showing a raw number.
    var priceProblem: String?
    if fields[index].isMoney, let currency = state.data.offer?.prices.tourPrice.currency {
      if let number = display.value.number {
        if let money = Money(rounding: number, currency: currency) {
          value = strings.money(money)
        } else if path == BookingComponents.totalPath {
          // As its summary and Pay say (the footer showed a blank total).
          value = strings.totalNotKnown(.numberOutOfRange)
        } else {
          value = ""
          priceProblem = strings.priceNotCalculated(.numberOutOfRange)
        }
      } else if path == BookingComponents.totalPath {
        // The total says it is not known, and why, where it stands (and so in the footer).
        value = strings.totalNotKnown(form.evaluationErrorSource(path))
      } else if let failure = form.evaluationError(path), failure.isAFault {
        priceProblem = strings.priceNotCalculated(failure)
      }
    }
    let field = fields[index]
    let remote = BookingComponents.remoteStatus(path, state: state, form: form, strings: strings)
    let refusal = state.validation.refusal(on: path)
    fields[index].model = FieldModel(
      path: path, id: field.id, label: field.label, placeholder: field.placeholder, value: value,
      error: error.map(strings.message(for:)) ?? refusal ?? remote.error ?? priceProblem,
      isValid: check == .valid && error == nil && refusal == nil,
      isEnabled: display.isEnabled && state.data.pendingOrder == nil,
      isFocused: focusIndex == index, keyboard: field.keyboard,
      isInProgress: remote.isInProgress, retry: remote.retry,
      isOn: field.keyboard == .toggle && display.value == .bool(true),
      isPersonal: field.isPersonal, style: field.style)
    fields[index].hiddenHasError = false
  }
}
