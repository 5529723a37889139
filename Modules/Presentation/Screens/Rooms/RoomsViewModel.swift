import Domain
import Observation
import UseCases

/// The Rooms screen: a card per room with its carousel, name, tags, price and "Choose this
/// room". It takes the rooms the Hotel screen prefetched.
@MainActor @Observable public final class RoomsViewModel {
  /// Everything the screen shows, grouped.
  public struct State: Hashable, Sendable {
    /// The rooms, once loaded.
    public var rooms: [Room]?
    /// The photo shown in each room's carousel, by room ID (absent: the first).
    public var photoIndex: [Int: Int]
    /// Loading, failure, notices, toast.
    public var status: ScreenStatus

    /// Creates a state.
    public init(
      rooms: [Room]? = nil, photoIndex: [Int: Int] = [:], status: ScreenStatus = ScreenStatus()
    ) {
      self.rooms = rooms
      self.photoIndex = photoIndex
      self.status = status
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
  /// The cards last built, and the rooms and photo positions they were built from: a host
  /// reads ``cards`` (and a snapshot) after every event, and a catalogue of many rooms
  /// would otherwise format every price again each time.
  @ObservationIgnored private var builtCards:
    (rooms: [Room], photoIndex: [Int: Int], cards: [Card])?

  /// Creates the screen; `onRoute` receives ``FlowRoute/booking(roomID:)``. Call ``load()``.
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
    let count = state.rooms?.first { $0.id == roomID }?.imageURLs.count ?? 0
    state.photoIndex[roomID] = min((state.photoIndex[roomID] ?? 0) + 1, max(count - 1, 0))
  }

  /// Performs what a button of this screen does (``ButtonModel/action``): a card's photo
  /// buttons and Choose, Retry; any other action does nothing here.
  public func perform(_ action: ButtonAction) {
    switch action {
    case .photo(.room(let roomID), .previous): previousPhotoTapped(roomID: roomID)
    case .photo(.room(let roomID), .next): nextPhotoTapped(roomID: roomID)
    case .chooseRoom(let roomID): chooseTapped(roomID: roomID)
    case .retry(.rooms): retryTapped()
    default: break
    }
  }

  /// `rooms.room.ID.choose`.
  public func chooseTapped(roomID: Int) {
    state.status.intentArrived()
    guard state.rooms?.contains(where: { $0.id == roomID }) == true else { return }
    onRoute(.booking(roomID: roomID))
  }

  /// Waits for the loads in flight.
  public func settle() async { await tasks.settle() }

  /// Whether no load is in flight.
  public var isIdle: Bool { tasks.isIdle }

  // MARK: - Component models

  /// The cards, in the API's order.
  public var cards: [Card] {
    let rooms = state.rooms ?? []
    if let built = builtCards, built.rooms == rooms, built.photoIndex == state.photoIndex {
      return built.cards
    }
    let cards = rooms.map { room in
      Card(
        id: room.id, name: room.name,
        carousel: CarouselModel.make(
          .room(room.id), imageURLs: room.imageURLs,
          index: state.photoIndex[room.id] ?? 0, strings: strings),
        peculiarities: room.peculiarities, price: strings.money(room.price),
        pricePer: room.pricePer,
        chooseButton: ButtonModel(action: .chooseRoom(room.id), title: strings.chooseThisRoom))
    }
    builtCards = (rooms, state.photoIndex, cards)
    return cards
  }

  /// `rooms.retry`, in the failed state.
  public var retryButton: ButtonModel? {
    state.status.retryButton(on: .rooms, strings: strings)
  }

  // MARK: - Private

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
    return cards.map { card in
      .section(
        SectionModel(
          handle: .room(card.id), title: card.name,
          content: [
            .carousel(card.carousel), .tags(card.peculiarities),
            .price(amount: card.price, caption: card.pricePer), .button(card.chooseButton),
          ]))
    }
  }

  func show(_ notice: Notice) { state.status.show(notice) }
  func hide(_ notice: Notice) { state.status.hide(notice) }
}
