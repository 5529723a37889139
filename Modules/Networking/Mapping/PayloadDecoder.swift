import Foundation
import UseCases

/// Decodes JSON bodies, turning `DecodingError` into ``APIError/undecodable(path:reason:)`` with
/// the failing field's path as the API names it (`rooms[1].price`, `(root)` for the whole body).
enum PayloadDecoder {
  /// The path of the whole body.
  static let rootPath = "(root)"

  /// Decodes `type` from `data`.
  static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(APIError) -> T {
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch let error as DecodingError {
      // A number an `Int` cannot hold is "not valid JSON" for the whole body to Foundation:
      // name its field instead.
      if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
        let number = NumberScanner.firstOutOfRange(in: data)
      {
        throw .undecodable(
          path: number.path, reason: "\(number.token) is not a whole number in range")
      }
      throw describe(error)
    } catch {
      throw .undecodable(path: rootPath, reason: "not valid JSON")
    }
  }

  /// `rooms[1].price` for the coding path `rooms`, index 1, `price`.
  static func path(_ codingPath: [any CodingKey]) -> String {
    var result = ""
    for key in codingPath {
      if let index = key.intValue {
        result += "[\(index)]"
      } else {
        result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return result.isEmpty ? rootPath : result
  }

  private static func describe(_ error: DecodingError) -> APIError {
    switch error {
    case .keyNotFound(let key, let context):
      return .undecodable(path: path(context.codingPath + [key]), reason: "missing")
    case .valueNotFound(let type, let context):
      return .undecodable(
        path: path(context.codingPath), reason: "null where \(name(type)) was expected")
    case .typeMismatch(let type, let context):
      return .undecodable(path: path(context.codingPath), reason: "not \(name(type))")
    case .dataCorrupted(let context):
      let reason = context.codingPath.isEmpty ? "not valid JSON" : context.debugDescription
      return .undecodable(path: path(context.codingPath), reason: reason)
    @unknown default:
      return .undecodable(path: rootPath, reason: "undecodable")
    }
  }

  private static func name(_ type: Any.Type) -> String {
    switch type {
    case is Int.Type: "a whole number"
    case is String.Type: "text"
    case is Bool.Type: "true or false"
    case is Double.Type: "a number"
    default:
      String(describing: type).hasPrefix("Array") ? "a list" : "an object"
    }
  }
}
