import Domain
import Foundation
import UseCases

/// Decodes JSON bodies, turning a decoding failure into ``APIError/undecodable(_:)``: what is
/// wrong (``Domain/DecodingProblem``) and the failing field's path as the API names it
/// (`rooms[1].price`; none for the whole body).
enum PayloadDecoder {
  /// Decodes `type` from `data`, after the one pass over its bytes that refuses what the
  /// decoder would not say (``Domain/JSONNesting/problem(in:)``: a key twice in an object, which
  /// it would take in silence, or nesting too deep for it).
  static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(APIError) -> T {
    if let problem = JSONNesting.problem(in: data) { throw .undecodable(problem) }
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch {
      throw .undecodable(DecodingProblem(error, decoding: data))
    }
  }
}
