/// The elements of a screen that scripts address by ID.
extension ScreenModel {
  /// An element a script can address.
  enum Element: Equatable {
    /// A text field.
    case field(Field)
    /// A button, a carousel control or a section toggle (with its enabled state).
    case button(id: String, title: String, isEnabled: Bool)
  }

  /// Every field, in screen order (including those in collapsed sections).
  var fields: [Field] { Self.collect(content, includeCollapsed: true).compactMap(\.field) }

  /// Every button, carousel control and section toggle, in screen order, with the footer's.
  var buttons: [(id: String, title: String, isEnabled: Bool)] {
    (Self.collect(content, includeCollapsed: true) + footerElements).compactMap(\.button)
  }

  /// The elements a person can reach now (nothing inside a collapsed section), in screen order.
  var reachableElements: [Element] {
    Self.collect(content, includeCollapsed: false) + footerElements
  }

  /// The element called `id`, reachable or not, and whether it is reachable.
  func element(_ id: String) -> (element: Element, isReachable: Bool)? {
    if let found = reachableElements.first(where: { $0.id == id }) { return (found, true) }
    let all = Self.collect(content, includeCollapsed: true) + footerElements
    return all.first { $0.id == id }.map { ($0, false) }
  }

  /// The field called `id`, if any.
  func field(_ id: String) -> Field? { fields.first { $0.id == id } }

  private var footerElements: [Element] {
    guard let button = footer?.button else { return [] }
    return [.button(id: button.id, title: button.title, isEnabled: button.isEnabled)]
  }

  private static func collect(_ components: [Component], includeCollapsed: Bool) -> [Element] {
    var elements: [Element] = []
    for component in components {
      switch component {
      case .carousel(let carousel):
        elements.append(
          .button(
            id: carousel.id + ".previous", title: "Previous photo",
            isEnabled: carousel.position > 1))
        elements.append(
          .button(
            id: carousel.id + ".next", title: "Next photo",
            isEnabled: carousel.position < carousel.count))
      case .section(let section):
        if let id = section.id {
          elements.append(.button(id: id, title: section.title, isEnabled: true))
        }
        if section.isExpanded || includeCollapsed {
          elements += collect(section.children, includeCollapsed: includeCollapsed)
        }
      case .field(let field):
        elements.append(.field(field))
      case .button(let button):
        elements.append(.button(id: button.id, title: button.title, isEnabled: button.isEnabled))
      case .rating, .heading, .text, .caption, .detail, .price, .tags, .problem:
        break
      }
    }
    return elements
  }
}

extension ScreenModel.Element {
  /// The element's ID.
  var id: String {
    switch self {
    case .field(let field): field.id
    case .button(let id, _, _): id
    }
  }

  /// The field, when it is one.
  var field: Field? {
    if case .field(let field) = self { return field }
    return nil
  }

  /// The button, when it is one.
  var button: (id: String, title: String, isEnabled: Bool)? {
    if case .button(let id, let title, let isEnabled) = self { return (id, title, isEnabled) }
    return nil
  }
}
