/// A photo carousel with its position ("2 / 3") and its two buttons; it does not wrap around.
public struct CarouselModel: Hashable, Sendable, Identifiable {
  /// Which carousel.
  public var carousel: PhotoCarousel {
    didSet { id = ElementHandle.id(of: carousel) }
  }
  /// The carousel's ID prefix (`hotel.photos`), made from ``carousel``; its buttons are
  /// `ID.previous` and `ID.next`.
  public private(set) var id: String
  /// The photo addresses, in order.
  public var imageURLs: [String]
  /// The index of the photo shown (0 when there are none).
  public var index: Int
  /// The position as shown, "2 / 3".
  public var position: String
  /// `ID.previous` (``ButtonAction/photo(_:_:)``), disabled on the first photo.
  public var previous: ButtonModel
  /// `ID.next`, disabled on the last photo.
  public var next: ButtonModel

  /// The address of the photo shown, or `nil` when there are none.
  public var currentImageURL: String? {
    imageURLs.indices.contains(index) ? imageURLs[index] : nil
  }

  /// Creates a carousel model.
  public init(
    carousel: PhotoCarousel, imageURLs: [String], index: Int, position: String,
    previous: ButtonModel, next: ButtonModel
  ) {
    self.carousel = carousel
    self.id = ElementHandle.id(of: carousel)
    self.imageURLs = imageURLs
    self.index = index
    self.position = position
    self.previous = previous
    self.next = next
  }

  /// A carousel for `imageURLs` at `index`, titled with `strings`.
  static func make(
    _ carousel: PhotoCarousel, imageURLs: [String], index: Int, strings: Localizer
  )
    -> CarouselModel
  {
    let count = imageURLs.count
    let index = min(max(index, 0), max(count - 1, 0))
    return CarouselModel(
      carousel: carousel, imageURLs: imageURLs, index: index,
      position: strings.photoPosition(index, of: count),
      previous: ButtonModel(
        action: .photo(carousel, .previous), title: strings.previousPhoto, isEnabled: index > 0),
      next: ButtonModel(
        action: .photo(carousel, .next), title: strings.nextPhoto, isEnabled: index < count - 1))
  }
}
