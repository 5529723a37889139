import Domain
import UseCases

/// Everything the current screen shows, as one `Equatable`, `Sendable` value: what the CLI
/// renders and prints as JSON, and what tests and scripts assert on.
public struct ScreenSnapshot: Hashable, Sendable {
  /// Which screen.
  public var screen: ScreenKind
  /// The screen's title ("Booking").
  public var title: String
  /// The content in screen order.
  public var blocks: [Block]
  /// The ID of the focused field, or `nil`.
  public var focus: String?
  /// Whether the content is loading (nothing to show yet) or an order is being submitted.
  public var isLoading: Bool
  /// Why the content could not be loaded ("No connection to the server"); the screen then
  /// offers `SCREEN.retry`.
  public var failure: String?
  /// The error behind ``failure``; ``APIError/isConnectivityProblem`` tells the no-connection
  /// state (the API could not be reached and no saved data could serve) from a bad answer.
  public var loadError: APIError?
  /// The lasting notices, joined with " · " ("Showing saved data"), or `nil`.
  public var notice: String?
  /// The message about the last intent ("Please correct the highlighted fields"), or `nil`.
  public var toast: String?

  /// Creates a snapshot.
  public init(
    screen: ScreenKind, title: String, blocks: [Block], focus: String? = nil,
    isLoading: Bool = false, failure: String? = nil, loadError: APIError? = nil,
    notice: String? = nil, toast: String? = nil
  ) {
    self.screen = screen
    self.title = title
    self.blocks = blocks
    self.focus = focus
    self.isLoading = isLoading
    self.failure = failure
    self.loadError = loadError
    self.notice = notice
    self.toast = toast
  }

  /// A snapshot whose loading, failure, notice and toast come from a screen's `status`.
  init(
    screen: ScreenKind, blocks: [Block], status: ScreenStatus, strings: Localizer,
    focus: String? = nil
  ) {
    self.init(
      screen: screen, title: strings.title(screen), blocks: blocks, focus: focus,
      isLoading: status.isBusy, failure: status.failure.map(strings.apiError),
      loadError: status.failure, notice: strings.noticeText(status.notices),
      toast: status.toast.map(strings.toast))
  }

  /// This screen as shown outside the form being filled (a test report, a log): each field
  /// that holds personal data shows its ``FieldModel/maskedValue`` as its value.
  public var maskingPersonalData: ScreenSnapshot {
    var masked = self
    masked.blocks = blocks.map(\.maskingPersonalData)
    return masked
  }

  /// Every text field, in screen order (fields of collapsed sections included).
  public var fields: [FieldModel] { blocks.flatMap { $0.fields } }

  /// Every button and section toggle, in screen order.
  public var buttons: [ButtonModel] { blocks.flatMap { $0.buttons } }

  /// The field at `path`, or `nil`.
  public func field(at path: FieldPath) -> FieldModel? { firstField { $0.path == path } }

  /// The button (or section toggle) that performs `action`, or `nil`.
  public func button(_ action: ButtonAction) -> ButtonModel? {
    buttons.first { $0.action == action }
  }

  // MARK: - By accessibility ID (scripts and UI tests)

  /// The field with accessibility ID `id`, or `nil`.
  public func field(_ id: String) -> FieldModel? { firstField { $0.id == id } }

  private func firstField(where matches: (FieldModel) -> Bool) -> FieldModel? {
    for block in blocks {
      if let found = block.firstField(where: matches) { return found }
    }
    return nil
  }

  /// The button or section toggle with accessibility ID `id`, or `nil`.
  public func button(_ id: String) -> ButtonModel? { buttons.first { $0.id == id } }

  /// Something a person acts on: a field or a button (a section toggle is a button).
  public enum Element: Hashable, Sendable {
    /// A text field.
    case field(FieldModel)
    /// A button, a carousel control or a section toggle.
    case button(ButtonModel)

    /// The accessibility ID.
    public var id: String {
      switch self {
      case .field(let field): field.id
      case .button(let button): button.id
      }
    }
  }

  /// Every field, button and section toggle in screen order, each with whether a person can reach
  /// it now.
  ///
  /// The rule the view models apply: a field is reachable wherever it is (focusing a field in a
  /// collapsed section expands the section); a button is not while it is inside a collapsed section
  /// (it is not shown).
  public var elements: [(element: Element, isReachable: Bool)] {
    var elements: [(Element, Bool)] = []
    collect(blocks, isShown: true, into: &elements)
    return elements
  }

  /// The elements a person can reach now, in screen order (what `help` lists).
  public var reachableElements: [Element] { elements.filter(\.isReachable).map(\.element) }

  /// The element with accessibility ID `id`, and whether a person can reach it now.
  public func element(_ id: String) -> (element: Element, isReachable: Bool)? {
    elements.first { $0.element.id == id }
  }

  /// Every ID a script can address on this screen now, in screen order (for `help`).
  public var availableIDs: [String] { reachableElements.map(\.id) }

  // MARK: - What an action can act on

  /// The element a tap on `handle` acts on now, by the one rule of SPEC section 10: a field
  /// is reachable wherever it is (focusing one in a collapsed section expands it) and refuses
  /// while read-only; a button is not reachable inside a collapsed section (it is not shown)
  /// and refuses while disabled.
  /// - Throws: ``ActionError``: ``ActionError/unknownElement(_:available:)``,
  ///   ``ActionError/insideCollapsedSection(_:)``, ``ActionError/disabled(_:)``,
  ///   ``ActionError/readOnly(_:)``.
  public func tapTarget(_ handle: ElementHandle) throws(ActionError) -> Element {
    let id = handle.accessibilityID
    guard let (element, isReachable) = element(id) else {
      throw .unknownElement(id, available: availableIDs)
    }
    switch element {
    case .field(let field):
      try field.checkEditable()
    case .button(let button):
      guard isReachable else { throw .insideCollapsedSection(id) }
      guard button.isEnabled else { throw .disabled(id) }
    }
    return element
  }

  /// The field text typed for `handle` goes into now, by the rule of ``tapTarget(_:)``.
  /// - Throws: ``ActionError``; a button is ``ActionError/notAField(_:)``.
  public func typeTarget(_ handle: ElementHandle) throws(ActionError) -> FieldModel {
    let id = handle.accessibilityID
    guard let (element, isReachable) = element(id) else {
      throw .unknownElement(id, available: availableIDs)
    }
    guard case .field(let field) = element else {
      throw isReachable ? .notAField(id) : .insideCollapsedSection(id)
    }
    try field.checkEditable()
    return field
  }

  private func collect(_ blocks: [Block], isShown: Bool, into elements: inout [(Element, Bool)]) {
    for block in blocks {
      switch block {
      case .field(let field):
        elements.append((.field(field), true))
        if let retry = field.retry { elements.append((.button(retry), isShown)) }
      case .button(let button): elements.append((.button(button), isShown))
      case .carousel(let carousel):
        elements += [(.button(carousel.previous), isShown), (.button(carousel.next), isShown)]
      case .section(let section):
        if let toggle = section.toggle { elements.append((.button(toggle), isShown)) }
        collect(
          section.content, isShown: isShown && (section.isExpanded || !section.isCollapsible),
          into: &elements)
      default: break
      }
    }
  }
}
