extension Unicode.Scalar {
  /// Whether this character must never reach a screen or a terminal as it is: the C0 controls
  /// (`U+0000`...`U+001F`, escape among them), DEL and the C1 controls (`U+007F`...`U+009F`),
  /// and the bidirectional marks, embeddings, overrides and isolates that can make text read
  /// other than it is (the "Trojan Source" characters: `U+061C`, `U+200E`, `U+200F`,
  /// `U+202A`...`U+202E`, `U+2066`...`U+2069`).
  ///
  /// The one list every host and module uses; what to do with such a character is each one's
  /// own choice (a server's refusal drops it, the `hotel` terminal shows a control picture or
  /// `�`). Tabs and newlines are C0 controls too: a caller that keeps them as spaces or lines
  /// checks them first.
  ///
  /// ```swift
  /// "\u{1B}[2J".unicodeScalars.contains(where: \.isUnsafeToShow)  // true
  /// "Превосходно".unicodeScalars.contains(where: \.isUnsafeToShow)  // false
  /// ```
  @inlinable public var isUnsafeToShow: Bool {
    switch value {
    case 0x20..<0x7F: false
    case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
      true
    default: false
    }
  }
}
