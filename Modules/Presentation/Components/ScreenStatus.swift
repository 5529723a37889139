import UseCases

/// The UI state every screen shares, the same type under the same name (`status`) on all four
/// view models: loading and progress (an order being submitted), a load failure with Retry,
/// notices, a toast.
///
/// ```swift
/// if model.status.isBusy { ProgressView() }
/// if let failure = model.status.failure {
///   Text(model.strings.apiError(failure))
///   Button(model.strings.retry) { model.perform(.retry(.rooms)) }
/// }
/// ```
public struct ScreenStatus: Hashable, Sendable {
  /// Whether the screen's content is loading (nothing to show yet).
  public var isLoading: Bool
  /// Whether the screen's action is in progress (Booking: the order is being submitted).
  public var isSubmitting: Bool
  /// Why the content could not be loaded (the screen shows it with `SCREEN.retry`).
  public var failure: APIError?
  /// Lasting messages ("Showing saved data").
  public var notices: [Notice]
  /// The message about the last intent, if any.
  public var toast: Toast?

  /// Creates a status.
  public init(
    isLoading: Bool = false, isSubmitting: Bool = false, failure: APIError? = nil,
    notices: [Notice] = [], toast: Toast? = nil
  ) {
    self.isLoading = isLoading
    self.isSubmitting = isSubmitting
    self.failure = failure
    self.notices = notices
    self.toast = toast
  }

  /// Whether the screen waits for something (loading or submitting): a view shows progress.
  public var isBusy: Bool { isLoading || isSubmitting }

  /// Adds `notice` unless it is shown already.
  mutating func show(_ notice: Notice) {
    if !notices.contains(notice) { notices.append(notice) }
  }

  /// Removes `notice`.
  mutating func hide(_ notice: Notice) {
    notices.removeAll { $0 == notice }
  }

  /// Whether an intent would change something here (see ``intentArrived()``).
  var carriesIntentMessages: Bool { toast != nil || notices.contains(.restoredDraft) }

  /// An intent arrived, of any kind, through any door (a typed intent, a binding, a button's
  /// action, a script's ID): the toast about the previous intent goes, and so does "Restored your
  /// unfinished booking", which is said until the person does something.
  ///
  /// Every intent of every screen starts here, but for moving the focus (Booking's `fieldFocused`),
  /// which acts on nothing: a message is read, not chased away by Tab.
  mutating func intentArrived() {
    toast = nil
    hide(.restoredDraft)
  }

  /// Records a successful load: "Showing saved data" is shown exactly while the content came
  /// from the cache.
  mutating func loaded(fromCache: Bool) {
    if fromCache { show(.showingSavedData) } else { hide(.showingSavedData) }
  }

  /// Records a failed load: with content already on screen it stays, marked as saved data;
  /// with nothing to show, the screen shows the failure with Retry.
  mutating func loadFailed(_ error: APIError, hasContent: Bool) {
    if hasContent { show(.showingSavedData) } else { failure = error }
  }

  /// `SCREEN.retry` while the screen shows a load failure, else `nil`.
  func retryButton(on screen: ScreenKind, strings: Localizer) -> ButtonModel? {
    failure == nil ? nil : ButtonModel(action: .retry(screen), title: strings.retry)
  }

  /// What a screen shows instead of its content after a load failure (the problem and Retry),
  /// or `nil` when there is no failure.
  func failureBlocks(on screen: ScreenKind, strings: Localizer) -> [Block]? {
    guard let failure, let retry = retryButton(on: screen, strings: strings) else { return nil }
    return [.text(strings.apiError(failure)), .button(retry)]
  }
}
