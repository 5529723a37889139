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
    focus: String? = nil, isBusy: Bool = false
  ) {
    self.init(
      screen: screen, title: strings.title(screen), blocks: blocks, focus: focus,
      isLoading: status.isLoading || isBusy, failure: status.failure.map(strings.apiError),
      loadError: status.failure, notice: strings.noticeText(status.notices),
      toast: status.toast.map(strings.toast))
  }

  /// Every text field, in screen order (fields of collapsed sections included).
  public var fields: [FieldModel] { blocks.flatMap { $0.fields } }

  /// Every button and section toggle, in screen order.
  public var buttons: [ButtonModel] { blocks.flatMap { $0.buttons } }

  /// The field with `id`, or `nil`.
  public func field(_ id: String) -> FieldModel? { fields.first { $0.id == id } }

  /// The button or section toggle with `id`, or `nil`.
  public func button(_ id: String) -> ButtonModel? { buttons.first { $0.id == id } }

  /// Every ID a script can address on this screen, in screen order (for `help`).
  public var availableIDs: [String] {
    var ids: [String] = []
    collectIDs(blocks, into: &ids)
    return ids
  }

  private func collectIDs(_ blocks: [Block], into ids: inout [String]) {
    for block in blocks {
      switch block {
      case .field(let field):
        ids.append(field.id)
        if let retry = field.retry { ids.append(retry.id) }
      case .button(let button): ids.append(button.id)
      case .carousel(let carousel): ids += [carousel.previous.id, carousel.next.id]
      case .section(let section):
        if section.isCollapsible { ids.append(section.id) }
        collectIDs(section.content, into: &ids)
      default: break
      }
    }
  }
}
