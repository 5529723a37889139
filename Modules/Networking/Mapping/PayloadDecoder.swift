import Domain
import Foundation
import UseCases

/// Decodes JSON bodies, turning a decoding failure into ``APIError/undecodable(_:)``: what is
/// wrong (``Domain/DecodingProblem``) and the failing field's path as the API names it
/// (`rooms[1].price`; none for the whole body).
enum PayloadDecoder {
  /// Decodes `type` from `data`.
  static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(APIError) -> T {
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch {
      throw .undecodable(DecodingProblem(error, decoding: data))
    }
  }
}
