import Foundation

/// A colour as a form's style gives it (`#RRGGBB`): 8 bits each of red, green and blue, in sRGB.
///
/// A SwiftUI host makes its `Color` in a line:
/// `Color(red: color.red, green: color.green, blue: color.blue)`.
public struct RGBColor: Hashable, Sendable {
  /// Red, 0...255.
  public var red8: UInt8
  /// Green, 0...255.
  public var green8: UInt8
  /// Blue, 0...255.
  public var blue8: UInt8

  /// Creates a colour from its three 8-bit components.
  public init(red8: UInt8, green8: UInt8, blue8: UInt8) {
    self.red8 = red8
    self.green8 = green8
    self.blue8 = blue8
  }

  /// Reads `#RRGGBB` (hex digits in either case); `nil` for anything else.
  public init?(hex text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count == 7, bytes[0] == UInt8(ascii: "#") else { return nil }
    var components: [UInt8] = []
    for index in stride(from: 1, to: 7, by: 2) {
      guard let high = Self.digit(bytes[index]), let low = Self.digit(bytes[index + 1]) else {
        return nil
      }
      components.append(high << 4 | low)
    }
    self.init(red8: components[0], green8: components[1], blue8: components[2])
  }

  /// `#RRGGBB`, upper case.
  public var hex: String {
    let digits = Array("0123456789ABCDEF")
    var text = "#"
    for component in [red8, green8, blue8] {
      text.append(digits[Int(component >> 4)])
      text.append(digits[Int(component & 0x0F)])
    }
    return text
  }

  /// Red, 0...1.
  public var red: Double { Double(red8) / 255 }
  /// Green, 0...1.
  public var green: Double { Double(green8) / 255 }
  /// Blue, 0...1.
  public var blue: Double { Double(blue8) / 255 }

  /// The relative luminance (WCAG 2), 0 for black to 1 for white.
  public var luminance: Double {
    func linear(_ value: Double) -> Double {
      value <= 0.039_28 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// The WCAG 2 contrast ratio of this colour and `other`, 1 (the same) to 21 (black on white).
  public func contrast(with other: RGBColor) -> Double {
    let (lighter, darker) = (max(luminance, other.luminance), min(luminance, other.luminance))
    return (lighter + 0.05) / (darker + 0.05)
  }

  private static func digit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
