/// One screen as the CLI sees it: what the renderer draws, what scripts address by ID, and
/// what `--json` prints. The Presentation adapter builds it from the view models.
struct ScreenModel: Equatable, Sendable {
  /// Which screen.
  var screen: ScreenName
  /// The title in the header.
  var title: String
  /// A line under the header ("Showing saved data", "Please correct the highlighted fields").
  var notice: String?
  /// A short-lived message ("Order accepted").
  var toast: String?
  /// The body, top to bottom.
  var content: [Component]
  /// The sticky footer (the price and the pay button on Booking).
  var footer: Footer?
  /// A progress line while waiting ("Sending your order…").
  var progress: String?
  /// The API could not be reached and no saved data could serve (the no-connection state).
  var isUnreachable = false
  /// Why the screen's content could not be loaded, when the API answered but not usefully
  /// (for example "The server answered 404"); `nil` otherwise.
  var loadFailure: String?

  /// Creates a screen.
  init(
    screen: ScreenName, title: String, notice: String? = nil, toast: String? = nil,
    content: [Component], footer: Footer? = nil, progress: String? = nil,
    isUnreachable: Bool = false, loadFailure: String? = nil
  ) {
    self.screen = screen
    self.title = title
    self.notice = notice
    self.toast = toast
    self.content = content
    self.footer = footer
    self.progress = progress
    self.isUnreachable = isUnreachable
    self.loadFailure = loadFailure
  }
}

/// A part of a screen.
enum Component: Equatable, Sendable {
  /// A photo carousel with its position ("2 / 3") and its buttons.
  case carousel(Carousel)
  /// The rating badge ("★ 5 Excellent").
  case rating(String)
  /// A large title line (the hotel's or the room's name).
  case heading(String)
  /// A paragraph, wrapped to the width.
  case text(String)
  /// A dim secondary line (the address, a caption).
  case caption(String)
  /// A label and a value on one row, the value right-aligned.
  case detail(label: String, value: String)
  /// A price and what it covers ("from 134 268 ₽", "for a tour with flight").
  case price(amount: String, caption: String)
  /// Tags ("Free Wi-Fi", "1 km to the beach").
  case tags([String])
  /// A boxed section, collapsible when it has an ID.
  case section(Section)
  /// A text field.
  case field(Field)
  /// A button.
  case button(Button)
  /// An error state ("No connection") with its explanation.
  case problem(title: String, message: String)
}

/// A photo carousel.
struct Carousel: Equatable, Sendable {
  /// The ID prefix (`hotel.photos`): `.next` and `.previous` are its buttons.
  var id: String
  /// The photo shown, from 1.
  var position: Int
  /// How many photos.
  var count: Int
  /// The photo's address or caption.
  var caption: String?
}

/// A boxed section.
struct Section: Equatable, Sendable {
  /// The ID that toggles it (`booking.tourist.2`), or `nil` when it does not collapse.
  var id: String?
  /// The title.
  var title: String
  /// Whether its content is shown.
  var isExpanded = true
  /// What a collapsed section still shows (the total for the price section).
  var summary: [Component] = []
  /// The content.
  var children: [Component]
}

/// A text field.
struct Field: Equatable, Sendable {
  /// The accessibility ID (`booking.buyer.phone`).
  var id: String
  /// The label.
  var label: String
  /// The text shown (after formatting).
  var value: String
  /// Shown dim when the value is empty.
  var placeholder: String?
  /// The message of an error shown on the field.
  var error: String?
  /// Whether the field shows that it is valid.
  var isValid = false
  /// Whether the field has the focus.
  var isFocused = false
  /// Whether the field cannot be edited (computed or unsupported input types).
  var isReadOnly = false
  /// What the field shows while its value is being updated ("updating…"), or `nil`.
  var progress: String?
  /// Whether the field is a switch (a bool field): `tap` turns it on or off.
  var isSwitch = false
}

/// A button.
struct Button: Equatable, Sendable {
  /// The accessibility ID (`booking.pay`).
  var id: String
  /// The title.
  var title: String
  /// Whether it can be pressed.
  var isEnabled = true
}

/// The sticky footer: a line of text and a button.
struct Footer: Equatable, Sendable {
  /// A label and value pair ("Total to pay", "300 850 ₽"), if any.
  var label: String?
  /// The value.
  var value: String?
  /// The button.
  var button: Button?
}
