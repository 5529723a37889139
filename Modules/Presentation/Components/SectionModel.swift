import Domain

/// A titled group of blocks: a room card, a tourist, the buyer, the price details.
///
/// A collapsible section is toggled by ``toggle``'s action (`perform(.toggle(handle))`).
public struct SectionModel: Hashable, Sendable, Identifiable {
  /// Which section (a form section's ``SectionInstance``, a room card, ...).
  public var handle: SectionHandle {
    didSet { id = ElementHandle.id(of: handle) }
  }
  /// The accessibility ID (`booking.tourist.2`, `booking.price`, `rooms.room.1`), made from
  /// ``handle``.
  public private(set) var id: String
  /// The title ("Second tourist").
  public var title: String
  /// Whether tapping the ID collapses and expands it.
  public var isCollapsible: Bool
  /// Whether its content is shown.
  public var isExpanded: Bool
  /// What a collapsed section shows instead of its content (the total of the price details).
  public var summary: String?
  /// Whether the section holds a field with an error.
  public var hasErrors: Bool
  /// The content, shown when expanded.
  public var content: [Block]
  /// How the title looks, as the form's schema styles the section (``Domain/FormStyle``;
  /// `.plain` for a section the schema does not style, and off Booking).
  public var style: FormStyle = .plain

  /// Creates a section.
  public init(
    handle: SectionHandle, title: String, isCollapsible: Bool = false, isExpanded: Bool = true,
    summary: String? = nil, hasErrors: Bool = false, content: [Block], style: FormStyle = .plain
  ) {
    self.init(
      handle: handle, id: ElementHandle.id(of: handle), title: title,
      isCollapsible: isCollapsible, isExpanded: isExpanded, summary: summary,
      hasErrors: hasErrors, content: content, style: style)
  }

  /// A section whose ID was made from `handle` before (the Booking cache keeps it).
  init(
    handle: SectionHandle, id: String, title: String, isCollapsible: Bool, isExpanded: Bool,
    summary: String?, hasErrors: Bool, content: [Block], style: FormStyle = .plain
  ) {
    self.style = style
    self.handle = handle
    self.id = id
    self.title = title
    self.isCollapsible = isCollapsible
    self.isExpanded = isExpanded
    self.summary = summary
    self.hasErrors = hasErrors
    self.content = content
  }

  /// The form section this is, on Booking (`tourist.2`), else `nil`.
  public var instance: SectionInstance? {
    if case .form(let instance) = handle { return instance }
    return nil
  }

  /// The section's toggle, for collapsible sections.
  public var toggle: ButtonModel? {
    isCollapsible ? ButtonModel(action: .toggle(handle), title: title) : nil
  }

  /// The fields of ``content``, in order, whether the section is expanded or not: Booking's
  /// buyer section gives the phone and the e-mail, a tourist section the tourist's fields.
  ///
  /// ```swift
  /// let buyer = try #require(booking.sections.first)
  /// let phone = try #require(buyer.fields.first)
  /// ```
  public var fields: [FieldModel] {
    content.compactMap { block in
      if case .field(let field) = block { return field }
      return nil
    }
  }

  /// The buttons of ``content``, in order (a tourist section's "Remove tourist").
  ///
  /// The section's own ``toggle`` and a field's ``FieldModel/retry`` are not among them.
  public var buttons: [ButtonModel] {
    content.compactMap { block in
      if case .button(let button) = block { return button }
      return nil
    }
  }
}
