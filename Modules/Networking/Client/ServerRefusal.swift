import Domain
import Foundation

/// A server's own reason for refusing a request: the `{"error": "message"}` body of a 4xx
/// answer (a refused order, a refused promo code), made fit to show on any screen or terminal:
/// one line, control characters and bidirectional overrides removed, at most ``maxLength``
/// characters (SPEC sections 6 and 8).
enum ServerRefusal {
  /// The longest message kept; a longer one is cut and ends with `…`.
  static let maxLength = 200
  /// The largest refusal body looked at, in bytes; a larger one gives no message.
  static let maxBodyBytes = 64 * 1_024

  /// The message of `response` when its body is a JSON refusal with a non-empty `error`.
  ///
  /// A body the decoder would misread (a key twice in an object, which it would take in silence, or
  /// nesting too deep: ``Domain/JSONNesting/problem(in:)``, as for every answer) gives no message.
  static func message(in response: HTTPResponseData) -> String? {
    guard response.body.count <= maxBodyBytes, APIClient.isJSON(response),
      JSONNesting.problem(in: response.body) == nil,
      let refusal = try? JSONDecoder().decode(Body.self, from: response.body)
    else { return nil }
    return shown(refusal.error)
  }

  /// `text` as one line to show (`String.lineToShow(maxLength:)` in Domain); `nil` when
  /// nothing is left.
  static func shown(_ text: String, maxLength: Int = maxLength) -> String? {
    text.lineToShow(maxLength: maxLength)
  }

  /// The input a refusal of `response` names (`{"error": "...", "field": "extras.promoCode"}`),
  /// when its body is a refusal ``message(in:)`` reads and `field` is a path of at most
  /// ``maxFieldLength`` Latin letters, digits, `_` and dots; anything else names none.
  static func field(in response: HTTPResponseData) -> FieldPath? {
    guard message(in: response) != nil,
      let refusal = try? JSONDecoder().decode(FieldBody.self, from: response.body),
      let field = refusal.field, !field.isEmpty, field.utf8.count <= maxFieldLength,
      field.utf8.allSatisfy({ byte in
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
          || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
      })
    else { return nil }
    return FieldPath(field)
  }

  /// The longest field path a refusal may name, in bytes.
  static let maxFieldLength = 200

  /// `{"error": "message"}`.
  private struct Body: Decodable {
    var error: String
  }

  /// `{"field": "path"}`: a `field` that is not a text names none.
  private struct FieldBody: Decodable {
    var field: String?

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      field = try? container.decodeIfPresent(String.self, forKey: .field)
    }

    private enum CodingKeys: String, CodingKey { case field }
  }
}
