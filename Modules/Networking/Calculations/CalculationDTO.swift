import Domain

/// The body of a server calculation: `{"field": "price.discount", "inputs": {PATH: value}}`.
struct CalculationRequestDTO: Encodable, Sendable {
  var field: String
  var inputs: [String: JSONScalar]
}

/// The answer to a server calculation: `{"value": ...}`.
struct CalculationAnswerDTO: Decodable, Sendable {
  var value: JSONScalar
}

/// A form value as JSON: a number, a string, a boolean, or `null` for nothing.
enum JSONScalar: Codable, Sendable, Equatable {
  case null
  case number(Double)
  case string(String)
  case bool(Bool)

  /// The JSON for a form value.
  init(_ value: FormValue) {
    switch value {
    case .empty: self = .null
    case .number(let number): self = .number(number)
    case .text(let text): self = .string(text)
    case .bool(let flag): self = .bool(flag)
    }
  }

  /// The form value for this JSON value.
  var formValue: FormValue {
    switch self {
    case .null: .empty
    case .number(let number): .number(number)
    case .string(let text): text.isEmpty ? .empty : .text(text)
    case .bool(let flag): .bool(flag)
    }
  }

  /// Reads `null`, a boolean, a string or a number.
  ///
  /// A list or an object is a value of the wrong kind (``Domain/DecodingProblem/ValueKind/scalar``:
  /// "value is not a number, text, true or false, or null"); a number no `Double` holds (`1e400`,
  /// `1e-400`) fails as Foundation fails it, and ``Domain/DecodingProblem`` names it ("the number
  /// 1e400 at value is out of range").
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let flag = try? container.decode(Bool.self) {
      self = .bool(flag)
    } else if let text = try? container.decode(String.self) {
      self = .string(text)
    } else {
      let number: Double
      do {
        number = try container.decode(Double.self)
      } catch DecodingError.typeMismatch {
        throw DecodingError.typeMismatch(
          FormValue.self,
          .init(
            codingPath: container.codingPath,
            debugDescription: "a number, a string, true or false, or null"))
      }
      guard number.isFinite else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "not a finite number")
      }
      self = .number(number)
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .number(let number):
      // Whole numbers go out without a fraction (`289400`, not `289400.0`).
      if number.rounded() == number, abs(number) < 1e15 {
        try container.encode(Int64(number))
      } else {
        try container.encode(number)
      }
    case .string(let text): try container.encode(text)
    case .bool(let flag): try container.encode(flag)
    }
  }
}
