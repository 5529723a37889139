/// What the full-screen app draws, in its own terms: the adapter (``PresentationAdapter``)
/// makes it from Presentation's snapshot, so the rest of the app does not depend on how
/// Presentation spells its component models. Every text is already safe for a terminal.
struct ScreenContent: Equatable, Sendable {
  /// The screen's script name (`booking`).
  var screen: String
  /// The title ("Booking").
  var title: String
  /// The scrolling content, top to bottom.
  var items: [ContentItem]
  /// The field the view model has focused, if any.
  var focus: String?
  /// Booking's fixed footer: the total and Pay.
  var footer: Footer?
  /// What is in flight ("Loading…", "Paying…"), or `nil` when idle.
  var progress: String?
  /// The lasting notice, if any.
  var notice: String?
  /// The message about the last action, if any.
  var toast: String?
  /// Why the screen could not load, if it could not.
  var failure: String?

  /// Booking's footer.
  struct Footer: Equatable, Sendable {
    /// "Total to pay".
    var label: String
    /// "604 700 ₽".
    var value: String
    /// Pay.
    var button: ButtonItem
  }
}

/// One piece of a screen.
indirect enum ContentItem: Equatable, Sendable {
  /// A prominent line.
  case heading(String)
  /// A paragraph.
  case text(String)
  /// "★ 5 Excellent".
  case rating(String)
  /// An amount and what it covers.
  case price(amount: String, caption: String)
  /// Feature tags.
  case tags([String])
  /// Labelled values.
  case rows([Row])
  /// A photo carousel: its position and two buttons.
  case carousel(Carousel)
  /// A field.
  case field(FieldItem)
  /// A button.
  case button(ButtonItem)
  /// A titled group.
  case section(SectionItem)

  /// A label and a value.
  struct Row: Equatable, Sendable {
    /// The label.
    var label: String
    /// The value.
    var value: String
  }

  /// A carousel.
  struct Carousel: Equatable, Sendable {
    /// "2 / 3".
    var position: String
    /// The photo shown, if any.
    var caption: String?
    /// Previous photo.
    var previous: ButtonItem
    /// Next photo.
    var next: ButtonItem
  }
}

/// A field as drawn.
struct FieldItem: Equatable, Sendable {
  /// How a field is edited.
  enum Kind: Equatable, Sendable {
    /// Text, typed in place.
    case text
    /// A date: typed, or picked in the calendar (F4).
    case date
    /// On or off (Space).
    case toggle
    /// Not editable (computed or disabled).
    case readOnly
  }

  /// The accessibility ID.
  var id: String
  /// The label.
  var label: String
  /// The hint shown while empty.
  var placeholder: String
  /// The text shown.
  var value: String
  /// The problem shown, if any.
  var error: String?
  /// Checked and valid.
  var isValid: Bool
  /// How it is edited.
  var kind: Kind
  /// Whether a bool field (``Kind/toggle``) is on, as the view model says (not read back from
  /// its localised text).
  var isOn = false
}

/// A button (or a section's toggle) as drawn.
struct ButtonItem: Equatable, Sendable {
  /// The accessibility ID.
  var id: String
  /// The title.
  var title: String
  /// Whether it can be pressed.
  var isEnabled: Bool
}

/// A titled group.
struct SectionItem: Equatable, Sendable {
  /// The accessibility ID (the toggle's, when collapsible).
  var id: String
  /// The title.
  var title: String
  /// Whether Enter collapses and expands it.
  var isCollapsible: Bool
  /// Whether the content is shown.
  var isExpanded: Bool
  /// What a collapsed section shows.
  var summary: String?
  /// Whether it holds a field with an error.
  var hasErrors: Bool
  /// The content.
  var content: [ContentItem]
}
