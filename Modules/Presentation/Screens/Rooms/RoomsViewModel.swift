import Domain
import Observation
import UseCases

/// The Rooms screen: a card per room with its carousel, name, tags, price and "Choose this room".
///
/// It takes the rooms the Hotel screen prefetched.
@MainActor @Observable public final class RoomsViewModel {
  /// Everything the screen shows, grouped.
  public struct State: Hashable, Sendable {
    /// The rooms, once loaded.
    public var rooms: [Room]?
    /// The photo shown in each room's carousel, by room ID (absent: the first).
    public var photoIndex: [Int: Int]
    /// Loading, failure, notices, toast.
    public var status: ScreenStatus
    /// The page of the catalogue shown, from 0: rooms `page × pageSize` up to
    /// ``RoomsViewModel/pageSize`` after it.
    public var page: Int

    /// Creates a state.
    public init(
      rooms: [Room]? = nil, photoIndex: [Int: Int] = [:], status: ScreenStatus = ScreenStatus(),
      page: Int = 0
    ) {
      self.rooms = rooms
      self.photoIndex = photoIndex
      self.status = status
      self.page = page
    }
  }

  /// One room's card, as a view shows it.
  public struct Card: Hashable, Sendable, Identifiable {
    /// The room's ID.
    public var id: Int
    /// The room's name.
    public var name: String
    /// The carousel (`rooms.room.ID.photos.previous`, `.next`).
    public var carousel: CarouselModel
    /// The feature tags.
    public var peculiarities: [String]
    /// "289 400 ₽".
    public var price: String
    /// "For 7 nights with flight".
    public var pricePer: String
    /// `rooms.room.ID.choose`.
    public var chooseButton: ButtonModel
  }

  /// The current state.
  public private(set) var state = State()
  /// Loading, failure with Retry, notices, toast (the same type on every screen).
  public var status: ScreenStatus { state.status }
  /// The texts and formats.
  public let strings: Localizer

  private let service: BookingService
  private let onRoute: @MainActor (FlowRoute) -> Void
  private let tasks = TaskTracker()
  /// The cards of the shown page and the screen's blocks last built, and what they were built from:
  /// a host reads ``cards`` (and a snapshot) after every event.
  ///
  /// Only the shown page is built, so what a read costs follows the page, not the catalogue.
  @ObservationIgnored private var lastBuilt: Built?
  /// Where each room ID is in the catalogue (its first room, when IDs repeat), built once per
  /// catalogue: choosing a room, or bringing its page into view, by its ID.
  @ObservationIgnored private var positions: (rooms: [Room], index: [Int: Int])?

  /// The most room cards a page shows: a longer catalogue is shown a page at a time, with
  /// `rooms.page.previous` and `rooms.page.next`, and every room stays reachable by its ID
  /// (``showRoom(_:)``; a script naming a room off the page brings its page into view).
  public static let pageSize = 50

  /// Creates the screen; `onRoute` receives ``FlowRoute/booking(roomID:)``.
  ///
  /// Call ``load()``.
  public init(
    service: BookingService, strings: Localizer,
    onRoute: @escaping @MainActor (FlowRoute) -> Void
  ) {
    self.service = service
    self.strings = strings
    self.onRoute = onRoute
  }

  // MARK: - Intents

  /// Loads the rooms (the prefetched answer when there is one).
  public func load() {
    state.status.failure = nil
    state.status.isLoading = state.rooms == nil
    tasks.start { [weak self] in await self?.fetch() }
  }

  /// `rooms.retry`.
  public func retryTapped() {
    state.status.intentArrived()
    load()
  }

  /// `rooms.room.ID.photos.previous`.
  public func previousPhotoTapped(roomID: Int) {
    state.status.intentArrived()
    state.photoIndex[roomID] = max((state.photoIndex[roomID] ?? 0) - 1, 0)
  }

  /// `rooms.room.ID.photos.next`.
  public func nextPhotoTapped(roomID: Int) {
    state.status.intentArrived()
    let count = position(of: roomID).flatMap { state.rooms?[$0].imageURLs.count } ?? 0
    state.photoIndex[roomID] = min((state.photoIndex[roomID] ?? 0) + 1, max(count - 1, 0))
  }

  /// Performs what a button of this screen does (``ButtonModel/action``): a card's photo
  /// buttons and Choose, Retry; any other action does nothing here.
  public func perform(_ action: ButtonAction) {
    switch action {
    case .photo(.room(let roomID), .previous): previousPhotoTapped(roomID: roomID)
    case .photo(.room(let roomID), .next): nextPhotoTapped(roomID: roomID)
    case .chooseRoom(let roomID): chooseTapped(roomID: roomID)
    case .roomsPage(.previous): previousPageTapped()
    case .roomsPage(.next): nextPageTapped()
    case .retry(.rooms): retryTapped()
    default: break
    }
  }

  /// `rooms.room.ID.choose`.
  public func chooseTapped(roomID: Int) {
    state.status.intentArrived()
    guard position(of: roomID) != nil else { return }
    onRoute(.booking(roomID: roomID))
  }

  /// `rooms.page.previous`: the page before (nothing on the first).
  public func previousPageTapped() {
    state.status.intentArrived()
    let page = min(state.page, pageCount - 1) - 1
    if page >= 0 { state.page = page }
  }

  /// `rooms.page.next`: the page after (nothing on the last).
  public func nextPageTapped() {
    state.status.intentArrived()
    let page = min(state.page, pageCount - 1) + 1
    if page < pageCount { state.page = page }
  }

  /// Shows the page that holds the room with ID `roomID` (its first room, when IDs repeat); returns
  /// whether there is such a room.
  ///
  /// What a UI test's query does when it scrolls an element into view: a script that names a room
  /// off the shown page comes here first.
  @discardableResult public func showRoom(_ roomID: Int) -> Bool {
    guard let position = position(of: roomID) else { return false }
    let page = position / Self.pageSize
    if state.page != page { state.page = page }
    return true
  }

  /// The IDs of the catalogue's rooms one typo away from `roomID` (a digit changed, added, dropped,
  /// or two neighbours swapped), else two typos away, in ascending order and at most `limit` of
  /// them: what a "did you mean" hint offers for an ID no room has, from the whole catalogue, not
  /// only the shown page.
  ///
  /// Empty when a room has `roomID`. The work follows the length of the ID, not the catalogue: each
  /// candidate is looked up in the catalogue's ID index, built once per catalogue.
  public func roomIDs(near roomID: Int, limit: Int = 10) -> [Int] {
    guard position(of: roomID) == nil, let index = positions?.index, !index.isEmpty else {
      return []
    }
    let typed = String(roomID)
    var found: Set<Int> = []
    let once = Self.typos(of: typed)
    for text in once {
      if let id = Int(text), index[id] != nil { found.insert(id) }
    }
    if found.isEmpty {
      for text in once {
        for twice in Self.typos(of: text) {
          if let id = Int(twice), id != roomID, index[id] != nil { found.insert(id) }
        }
      }
    }
    return Array(found.sorted().prefix(max(limit, 0)))
  }

  /// How many pages the catalogue takes (1 for a catalogue of ``pageSize`` rooms or fewer,
  /// none included).
  public var pageCount: Int {
    max(1, ((state.rooms?.count ?? 0) + Self.pageSize - 1) / Self.pageSize)
  }

  /// The positions in the catalogue the shown page holds (`50..<100` on the second page).
  public var shownRange: Range<Int> {
    let count = state.rooms?.count ?? 0
    let page = min(max(state.page, 0), pageCount - 1)
    let start = min(page * Self.pageSize, count)
    return start..<min(start + Self.pageSize, count)
  }

  /// Waits for the loads in flight.
  public func settle() async { await tasks.settle() }

  /// Whether no load is in flight.
  public var isIdle: Bool { tasks.isIdle }

  // MARK: - Component models

  /// The cards of the shown page (``shownRange``), in the API's order: all of them for a
  /// catalogue of ``pageSize`` rooms or fewer.
  public var cards: [Card] { built().cards }

  /// `rooms.page.previous` and `rooms.page.next`, enabled where there is a page that way;
  /// `nil` when the catalogue fits on one page.
  public var pageButtons: (previous: ButtonModel, next: ButtonModel)? {
    guard pageCount > 1 else { return nil }
    let range = shownRange
    return (
      ButtonModel(
        action: .roomsPage(.previous), title: strings.roomsPage(.previous),
        isEnabled: range.lowerBound > 0),
      ButtonModel(
        action: .roomsPage(.next), title: strings.roomsPage(.next),
        isEnabled: range.upperBound < (state.rooms?.count ?? 0))
    )
  }

  /// "Rooms 51–100 of 50 000", when the catalogue takes more than one page; else `nil`.
  public var pageSummary: String? {
    guard pageCount > 1 else { return nil }
    let range = shownRange
    return strings.roomsShown(
      first: range.lowerBound + 1, last: range.upperBound, of: state.rooms?.count ?? 0)
  }

  /// `rooms.retry`, in the failed state.
  public var retryButton: ButtonModel? {
    state.status.retryButton(on: .rooms, strings: strings)
  }

  // MARK: - Private

  private struct Built {
    var rooms: [Room]
    var range: Range<Int>
    var photoIndex: [Int: Int]
    var cards: [Card]
    var blocks: [Block]
  }

  private func built() -> Built {
    let rooms = state.rooms ?? []
    let range = shownRange
    if let built = lastBuilt, built.range == range, built.photoIndex == state.photoIndex,
      built.rooms == rooms
    {
      return built
    }
    let cards = rooms[range].map { room in
      Card(
        id: room.id, name: room.name,
        carousel: CarouselModel.make(
          .room(room.id), imageURLs: room.imageURLs,
          index: state.photoIndex[room.id] ?? 0, strings: strings),
        peculiarities: room.peculiarities, price: strings.money(room.price),
        pricePer: room.pricePer,
        chooseButton: ButtonModel(action: .chooseRoom(room.id), title: strings.chooseThisRoom))
    }
    var blocks: [Block] = cards.map { card in
      .section(
        SectionModel(
          handle: .room(card.id), title: card.name,
          content: [
            .carousel(card.carousel), .tags(card.peculiarities),
            .price(amount: card.price, caption: card.pricePer), .button(card.chooseButton),
          ]))
    }
    if let summary = pageSummary, let buttons = pageButtons {
      blocks += [.text(summary), .button(buttons.previous), .button(buttons.next)]
    }
    let made = Built(
      rooms: rooms, range: range, photoIndex: state.photoIndex, cards: cards, blocks: blocks)
    lastBuilt = made
    return made
  }

  private func position(of roomID: Int) -> Int? {
    let rooms = state.rooms ?? []
    if let positions, positions.rooms == rooms { return positions.index[roomID] }
    var index: [Int: Int] = [:]
    index.reserveCapacity(rooms.count)
    for (position, room) in rooms.enumerated() where index[room.id] == nil {
      index[room.id] = position
    }
    positions = (rooms, index)
    return index[roomID]
  }

  /// Every text one typo away from `text` (an ID's decimal digits): a digit changed, added or
  /// dropped, or two neighbours swapped.
  private static func typos(of text: String) -> Set<String> {
    let characters = Array(text)
    let digits = Array("0123456789")
    var typos: Set<String> = []
    for offset in 0...characters.count {
      for digit in digits {
        var added = characters
        added.insert(digit, at: offset)
        typos.insert(String(added))
      }
      guard offset < characters.count else { break }
      var dropped = characters
      dropped.remove(at: offset)
      typos.insert(String(dropped))
      for digit in digits where digit != characters[offset] {
        var changed = characters
        changed[offset] = digit
        typos.insert(String(changed))
      }
      if offset + 1 < characters.count, characters[offset] != characters[offset + 1] {
        var swapped = characters
        swapped.swapAt(offset, offset + 1)
        typos.insert(String(swapped))
      }
    }
    typos.remove(text)
    return typos
  }

  private func fetch() async {
    do {
      let loaded = try await service.loadRooms()
      state.rooms = loaded.value
      state.status.loaded(fromCache: loaded.isFromCache)
    } catch {
      state.status.loadFailed(error, hasContent: state.rooms != nil)
    }
    state.status.isLoading = false
  }
}

extension RoomsViewModel: ScreenModel {
  var kind: ScreenKind { .rooms }

  var snapshot: ScreenSnapshot {
    ScreenSnapshot(screen: .rooms, blocks: blocks, status: state.status, strings: strings)
  }

  private var blocks: [Block] {
    if let failure = state.status.failureBlocks(on: .rooms, strings: strings) {
      return failure
    }
    if state.rooms?.isEmpty == true {
      // Loaded, and the API lists no rooms: say so rather than show a blank screen. (Not in
      // the built blocks: those of "no rooms yet", while loading, are cached for `[]` too.)
      return [.text(strings.noRooms)]
    }
    return built().blocks
  }

  func bringIntoView(_ handle: ElementHandle) {
    switch handle {
    case .button(.chooseRoom(let roomID)), .button(.photo(.room(let roomID), _)),
      .section(.room(let roomID)):
      showRoom(roomID)
    default: break
    }
  }

  func similarIDs(to handle: ElementHandle) -> [String] {
    let near: (Int) -> [Int] = { self.roomIDs(near: $0) }
    return switch handle {
    case .button(.chooseRoom(let roomID)):
      near(roomID).map { ElementHandle.button(.chooseRoom($0)).accessibilityID }
    case .button(.photo(.room(let roomID), let step)):
      near(roomID).map { ElementHandle.button(.photo(.room($0), step)).accessibilityID }
    case .section(.room(let roomID)):
      near(roomID).map { ElementHandle.section(.room($0)).accessibilityID }
    default: []
    }
  }

  func show(_ notice: Notice) { state.status.show(notice) }
  func hide(_ notice: Notice) { state.status.hide(notice) }
}
