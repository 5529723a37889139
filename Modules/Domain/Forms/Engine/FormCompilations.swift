import Foundation
import Synchronization

/// Decoded and compiled form schemas shared by several flows of one process (the journeys of a
/// `hotel test` suite, SPEC section 5.4): each distinct body is decoded once, and each distinct
/// schema with the same constants compiled once.
///
/// Keyed by content, the schema value and the constants, so equal schemas from different servers
/// share one compilation and a changed schema is compiled anew. A compiled ``FormEngine`` holds no
/// state of a flow (each flow makes its own ``FormState``), so sharing it is safe. Bounded: at most
/// ``capacity`` entries; a full cache starts over.
///
/// ```swift
/// let compilations = FormCompilations()  // one per process, or per suite run
/// let schema = try compilations.schema(decoding: body)  // a `GET /booking/form` body
/// let engine = try compilations.engine(schema: schema, constants: constants)
/// let same = try compilations.engine(schema: schema, constants: constants)  // not compiled again
/// ```
public final class FormCompilations: Sendable {
  /// The most compilations kept.
  public static let capacity = 64

  /// The largest body whose decoding is kept.
  public static let largestKeptBody = 1 << 20

  private let engines = Mutex<[Key: FormEngine]>([:])
  private let schemas = Mutex<[Data: FormSchema]>([:])

  /// An empty cache.
  public init() {}

  /// The engine for `schema` with `constants`: the one compiled before for equal content, or a new
  /// compilation (outside the lock: two flows asking at the same moment may both compile; one
  /// result is kept).
  ///
  /// A schema that does not compile throws each time, as ``FormEngine``.
  public func engine(
    schema: FormSchema, constants: [String: FormValue] = [:]
  ) throws(FormSchemaError) -> FormEngine {
    let key = Key(schema: schema, constants: constants)
    if let engine = engines.withLock({ $0[key] }) { return engine }
    let engine = try FormEngine(schema: schema, constants: constants)
    engines.withLock { engines in
      if engines.count >= Self.capacity { engines.removeAll() }
      engines[key] = engine
    }
    return engine
  }

  /// The schema `body` decodes to (``FormSchema/decode(from:)``): the one decoded before from
  /// equal bytes, or a new decoding (outside the lock).
  ///
  /// A body that does not decode throws each time; one over ``largestKeptBody`` bytes is decoded
  /// each time. At most ``capacity`` decodings are kept; a full cache starts over.
  public func schema(decoding body: Data) throws(FormSchemaError) -> FormSchema {
    guard body.count <= Self.largestKeptBody else { return try FormSchema.decode(from: body) }
    if let schema = schemas.withLock({ $0[body] }) { return schema }
    let schema = try FormSchema.decode(from: body)
    schemas.withLock { schemas in
      if schemas.count >= Self.capacity { schemas.removeAll() }
      schemas[body] = schema
    }
    return schema
  }

  /// How many compilations are kept.
  public var count: Int { engines.withLock(\.count) }

  /// How many decodings are kept.
  var decodedCount: Int { schemas.withLock(\.count) }

  private struct Key: Hashable, Sendable {
    var schema: FormSchema
    var constants: [String: FormValue]
  }
}
