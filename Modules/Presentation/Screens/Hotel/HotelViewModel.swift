import Domain
import Observation
import UseCases

/// The Hotel screen: photo carousel, rating, name, address, minimal price, description and tags,
/// and "Choose a room".
///
/// Showing it starts prefetching the rooms.
@MainActor @Observable public final class HotelViewModel {
  /// Everything the screen shows, grouped.
  public struct State: Hashable, Sendable {
    /// The hotel, once loaded.
    public var hotel: Hotel?
    /// The index of the photo shown.
    public var photoIndex: Int
    /// Loading, failure, notices, toast.
    public var status: ScreenStatus

    /// Creates a state.
    public init(hotel: Hotel? = nil, photoIndex: Int = 0, status: ScreenStatus = ScreenStatus()) {
      self.hotel = hotel
      self.photoIndex = photoIndex
      self.status = status
    }
  }

  /// The current state.
  public private(set) var state: State
  /// Loading, failure with Retry, notices, toast (the same type on every screen).
  public var status: ScreenStatus { state.status }
  /// The texts and formats.
  public let strings: Localizer

  private let service: BookingService
  private let onRoute: @MainActor (FlowRoute) -> Void
  private let tasks = TaskTracker()

  /// Creates the screen; `hotel` shows content at once (a restart), `onRoute` receives
  /// ``FlowRoute/rooms``.
  ///
  /// Call ``load(_:)`` to fetch.
  public init(
    service: BookingService, strings: Localizer, hotel: Hotel? = nil,
    onRoute: @escaping @MainActor (FlowRoute) -> Void
  ) {
    self.service = service
    self.strings = strings
    self.onRoute = onRoute
    state = State(hotel: hotel)
  }

  // MARK: - Intents

  /// Loads the hotel (and starts prefetching the rooms, concurrently).
  public func load(_ strategy: LoadStrategy = .networkFirst) {
    service.prefetchRooms()
    state.status.failure = nil
    state.status.isLoading = state.hotel == nil
    tasks.start { [weak self] in await self?.fetch(strategy) }
  }

  /// `hotel.retry`.
  public func retryTapped() {
    state.status.intentArrived()
    load(.networkFirst)
  }

  /// `hotel.photos.previous`.
  public func previousPhotoTapped() {
    state.status.intentArrived()
    state.photoIndex = max(state.photoIndex - 1, 0)
  }

  /// `hotel.photos.next`.
  public func nextPhotoTapped() {
    state.status.intentArrived()
    let count = state.hotel?.imageURLs.count ?? 0
    state.photoIndex = min(state.photoIndex + 1, max(count - 1, 0))
  }

  /// Performs what a button of this screen does (``ButtonModel/action``): the photo buttons,
  /// Choose a room, Retry; any other action does nothing here.
  public func perform(_ action: ButtonAction) {
    switch action {
    case .photo(.hotel, .previous): previousPhotoTapped()
    case .photo(.hotel, .next): nextPhotoTapped()
    case .showRooms: chooseRoomTapped()
    case .retry(.hotel): retryTapped()
    default: break
    }
  }

  /// `hotel.chooseRoom`.
  public func chooseRoomTapped() {
    state.status.intentArrived()
    guard state.hotel != nil else { return }
    onRoute(.rooms)
  }

  /// Waits for the loads in flight.
  public func settle() async { await tasks.settle() }

  /// Whether no load is in flight.
  public var isIdle: Bool { tasks.isIdle }

  // MARK: - Component models

  /// The photo carousel (`hotel.photos.previous`, `hotel.photos.next`), once loaded.
  public var carousel: CarouselModel? {
    state.hotel.map {
      CarouselModel.make(
        .hotel, imageURLs: $0.imageURLs, index: state.photoIndex, strings: strings)
    }
  }

  /// "★ 5 Excellent".
  public var ratingText: String? {
    state.hotel.map { strings.rating($0.rating, name: $0.ratingName) }
  }

  /// "from 134 268 ₽".
  public var priceText: String? { state.hotel.map { strings.fromPrice($0.minimalPrice) } }

  /// `hotel.chooseRoom`.
  public var chooseRoomButton: ButtonModel {
    ButtonModel(action: .showRooms, title: strings.chooseRoom, isEnabled: state.hotel != nil)
  }

  /// `hotel.retry`, in the failed state.
  public var retryButton: ButtonModel? {
    state.status.retryButton(on: .hotel, strings: strings)
  }

  // MARK: - Private

  private func fetch(_ strategy: LoadStrategy) async {
    if strategy == .cacheThenRevalidate, state.hotel == nil,
      let cached = await service.cachedHotel()
    {
      state.hotel = cached.value
      state.status.isLoading = false
    }
    do {
      let loaded = try await service.loadHotel()
      if loaded.value != state.hotel { state.photoIndex = 0 }
      state.hotel = loaded.value
      state.status.loaded(fromCache: loaded.isFromCache)
    } catch {
      state.status.loadFailed(error, hasContent: state.hotel != nil)
    }
    state.status.isLoading = false
  }
}

extension HotelViewModel: ScreenModel {
  var kind: ScreenKind { .hotel }

  var snapshot: ScreenSnapshot {
    ScreenSnapshot(screen: .hotel, blocks: blocks, status: state.status, strings: strings)
  }

  private var blocks: [Block] {
    if let failure = state.status.failureBlocks(on: .hotel, strings: strings) {
      return failure
    }
    guard let hotel = state.hotel, let carousel, let ratingText, let priceText else { return [] }
    return [
      .carousel(carousel),
      .rating(ratingText),
      .heading(hotel.name),
      .text(hotel.address),
      .price(amount: priceText, caption: hotel.priceForIt),
      .section(
        SectionModel(
          handle: .hotelAbout, title: strings.aboutTheHotel,
          content: [.tags(hotel.peculiarities), .text(hotel.description)])),
      .button(chooseRoomButton),
    ]
  }

  func show(_ notice: Notice) { state.status.show(notice) }
  func hide(_ notice: Notice) { state.status.hide(notice) }
}
