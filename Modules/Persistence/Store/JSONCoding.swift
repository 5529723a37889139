import Foundation

/// The JSON conventions of every file: sorted keys, pretty printed, dates in ISO 8601 with
/// milliseconds (UTC).
enum JSONCoding {
  /// A new encoder (encoders are not `Sendable`, so each use makes one).
  static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(date.formatted(withMilliseconds))
    }
    return encoder
  }

  /// A new decoder that reads dates with or without fractional seconds.
  static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      if let date = try? withMilliseconds.parse(text) { return date }
      if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(text)' is not an ISO 8601 date")
    }
    return decoder
  }

  private static let withMilliseconds = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
