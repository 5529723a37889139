import Domain
import Presentation
import UseCases

/// Turns the Presentation coordinator's ``ScreenSnapshot`` into the CLI's ``ScreenModel``: the
/// blocks become components, and on Booking the Pay button and the total move to the sticky
/// footer.
enum SnapshotAdapter {
  /// The screen model for `snapshot`, with the CLI's own words ("Loading…", "empty") from
  /// `strings`.
  static func model(
    _ snapshot: ScreenSnapshot, strings: Localizer = Localizer(language: .en)
  ) -> ScreenModel {
    let screen = ScreenName(rawValue: snapshot.screen.rawValue) ?? .hotel
    var content = snapshot.blocks.flatMap {
      components($0, focus: snapshot.focus, empty: strings.emptyValue, updating: strings.updating)
    }
    var footer: Footer?
    if screen == .booking, let index = content.firstIndex(where: isPayButton),
      case .button(let pay) = content[index]
    {
      content.remove(at: index)
      let total = snapshot.field("booking.price.total")
      let value = total.map {
        $0.isInProgress ? $0.value + " (" + strings.updating + ")" : $0.value
      }
      footer = Footer(label: total?.label, value: value, button: pay)
    }
    var progress: String?
    if snapshot.isLoading {
      progress = snapshot.buttons.first { $0.isInProgress }?.title ?? strings.loading
    }
    return ScreenModel(
      screen: screen, title: snapshot.title, notice: snapshot.notice, toast: snapshot.toast,
      content: content, footer: footer, progress: progress,
      isUnreachable: snapshot.loadError?.isConnectivityProblem ?? false,
      loadFailure: snapshot.loadError == nil ? nil : snapshot.failure)
  }

  private static func isPayButton(_ component: Component) -> Bool {
    if case .button(let button) = component { return button.id == "booking.pay" }
    return false
  }

  private static func components(
    _ block: Block, focus: String?, empty: String, updating: String
  ) -> [Component] {
    switch block {
    case .heading(let text): return [.heading(text)]
    case .text(let text): return [.text(text)]
    case .rating(let text): return [.rating(text)]
    case .price(let amount, let caption): return [.price(amount: amount, caption: caption)]
    case .tags(let tags): return [.tags(tags)]
    case .rows(let rows): return rows.map { .detail(label: $0.label, value: $0.value) }
    case .carousel(let carousel):
      return [
        .carousel(
          Carousel(
            id: carousel.id, position: carousel.imageURLs.isEmpty ? 0 : carousel.index + 1,
            count: carousel.imageURLs.count, caption: carousel.currentImageURL))
      ]
    case .field(let field):
      return [
        .field(
          Field(
            id: field.id, label: field.label, value: field.value,
            placeholder: field.placeholder.isEmpty ? empty : field.placeholder, error: field.error,
            isValid: field.isValid, isFocused: field.isFocused || field.id == focus,
            isReadOnly: !field.isEnabled, progress: field.isInProgress ? updating : nil,
            isSwitch: field.keyboard == .toggle))
      ]
        + (field.retry.map {
          [.button(Button(id: $0.id, title: $0.title, isEnabled: $0.isEnabled))]
        } ?? [])
    case .button(let button):
      return [.button(Button(id: button.id, title: button.title, isEnabled: button.isEnabled))]
    case .section(let section):
      return [
        .section(
          Section(
            id: section.isCollapsible ? section.id : nil, title: section.title,
            isExpanded: section.isExpanded || !section.isCollapsible,
            summary: section.summary.map { [.caption($0)] } ?? [],
            children: section.content.flatMap {
              components($0, focus: focus, empty: empty, updating: updating)
            }))
      ]
    }
  }
}
