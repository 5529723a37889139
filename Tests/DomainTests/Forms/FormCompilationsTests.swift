import Foundation
import Testing

@testable import Domain

/// Compiled form schemas shared between flows: each distinct schema (with its constants)
/// compiled once, keyed by content.
@Suite struct FormCompilationsTests {
  static let schema = singleSection([
    numberInput("a"), computed("b", "a * 2 + offer.bonus", dependsOn: ["a"]),
  ])
  static let constants: [String: FormValue] = ["offer.bonus": .number(1)]

  @Test func equalContentIsCompiledOnce() throws {
    let compilations = FormCompilations()
    let first = try compilations.engine(schema: Self.schema, constants: Self.constants)
    // An equal schema built again (as a second journey decodes the same answer): not compiled.
    let again = singleSection([
      numberInput("a"), computed("b", "a * 2 + offer.bonus", dependsOn: ["a"]),
    ])
    let second = try compilations.engine(schema: again, constants: Self.constants)
    #expect(first.program === second.program)
    #expect(compilations.count == 1)
    // Each flow still makes its own state.
    var one = first.makeState()
    _ = one.setText("3", at: "s.a")
    #expect(one.value("s.b") == .number(7))
    #expect(second.makeState().value("s.a") == .empty)
  }

  @Test func anotherSchemaOrOtherConstantsAreCompiledApart() throws {
    let compilations = FormCompilations()
    let base = try compilations.engine(schema: Self.schema, constants: Self.constants)
    let otherConstants = try compilations.engine(
      schema: Self.schema, constants: ["offer.bonus": .number(2)])
    let otherSchema = try compilations.engine(
      schema: singleSection([numberInput("a")]), constants: Self.constants)
    #expect(base.program !== otherConstants.program)
    #expect(base.program !== otherSchema.program)
    var state = otherConstants.makeState()
    _ = state.setText("3", at: "s.a")
    #expect(state.value("s.b") == .number(8))
    #expect(compilations.count == 3)
  }

  @Test func aSchemaThatDoesNotCompileThrowsEachTimeAndIsNotKept() {
    let compilations = FormCompilations()
    let cyclic = singleSection([
      computed("a", "b", dependsOn: ["b"]), computed("b", "a", dependsOn: ["a"]),
    ])
    for _ in 0..<2 {
      #expect(throws: FormSchemaError.self) { try compilations.engine(schema: cyclic) }
    }
    #expect(compilations.count == 0)
  }

  @Test func itStaysBounded() throws {
    let compilations = FormCompilations()
    for bonus in 0...(FormCompilations.capacity + 5) {
      _ = try compilations.engine(
        schema: Self.schema, constants: ["offer.bonus": .number(Double(bonus))])
    }
    #expect(compilations.count <= FormCompilations.capacity)
    #expect(compilations.count > 0)
  }

  @Test func flowsAskingAtOnceGetOneCompilationAfterwards() async throws {
    let compilations = FormCompilations()
    let programs = try await withThrowingTaskGroup(of: FormEngine.self) { group in
      for _ in 0..<8 {
        group.addTask { try compilations.engine(schema: Self.schema, constants: Self.constants) }
      }
      return try await group.reduce(into: [FormEngine]()) { $0.append($1) }
    }
    #expect(programs.count == 8)
    #expect(compilations.count == 1)
    let kept = try compilations.engine(schema: Self.schema, constants: Self.constants)
    #expect(programs.contains { $0.program === kept.program })
  }

  /// A body of one section holding the field `id`.
  static func body(_ id: String) -> Data {
    Data(
      #"{"version": 1, "sections": [{"id": "s", "title": "S", "fields": [{"id": "\#(id)", "label": "A", "input_type": "string"}]}]}"#
        .utf8)
  }

  @Test func equalBodiesAreDecodedOnceAndOthersApart() throws {
    let compilations = FormCompilations()
    let first = try compilations.schema(decoding: Self.body("a"))
    let again = try compilations.schema(decoding: Self.body("a"))
    let other = try compilations.schema(decoding: Self.body("b"))
    #expect(first == (try FormSchema.decode(from: Self.body("a"))))
    #expect(again == first)
    #expect(other == (try FormSchema.decode(from: Self.body("b"))))
    #expect(compilations.decodedCount == 2)
  }

  @Test func aBodyThatDoesNotDecodeThrowsEachTimeAndIsNotKept() {
    let compilations = FormCompilations()
    for _ in 0..<2 {
      #expect(throws: FormSchemaError.self) {
        try compilations.schema(decoding: Data(#"{"version": 1}"#.utf8))
      }
    }
    #expect(compilations.decodedCount == 0)
  }

  @Test func decodingsStayBoundedInCountAndSize() throws {
    let compilations = FormCompilations()
    for index in 0...(FormCompilations.capacity + 5) {
      _ = try compilations.schema(decoding: Self.body("f\(index)"))
    }
    #expect(compilations.decodedCount <= FormCompilations.capacity)
    #expect(compilations.decodedCount > 0)
    // A body over the bound is decoded, not kept.
    let large = FormCompilations()
    var padded = Self.body("a")
    padded.append(Data(repeating: 0x20, count: FormCompilations.largestKeptBody))
    #expect(try large.schema(decoding: padded) == (try FormSchema.decode(from: Self.body("a"))))
    #expect(large.decodedCount == 0)
  }
}
