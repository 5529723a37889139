/// A titled group of blocks: a room card, a tourist, the buyer, the price details. A
/// collapsible section is toggled by tapping its ID.
public struct SectionModel: Hashable, Sendable, Identifiable {
  /// The accessibility ID (`booking.tourist.2`, `booking.price`, `rooms.room.1`).
  public var id: String
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

  /// Creates a section.
  public init(
    id: String, title: String, isCollapsible: Bool = false, isExpanded: Bool = true,
    summary: String? = nil, hasErrors: Bool = false, content: [Block]
  ) {
    self.id = id
    self.title = title
    self.isCollapsible = isCollapsible
    self.isExpanded = isExpanded
    self.summary = summary
    self.hasErrors = hasErrors
    self.content = content
  }

  /// The section's toggle, for collapsible sections.
  public var toggle: ButtonModel? {
    isCollapsible ? ButtonModel(id: id, title: title) : nil
  }
}
