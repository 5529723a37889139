import Testing

@testable import HotelCLI

@Suite struct ShardDealerTests {
  static func journeys(_ paths: [String]) -> [Journey] {
    paths.map { Journey(name: $0, path: $0, lines: [], tags: []) }
  }

  /// For 0 to 40 journeys and 1 to 9 parts: disjoint, complete, within one in count.
  @Test func partsAreDisjointCompleteAndBalanced() {
    for total in 0...40 {
      let journeys = Self.journeys((0..<total).map { "j/\($0).hotel" })
      for count in 1...9 {
        let parts = (1...count).map {
          ShardDealer.journeys(journeys, in: Shard(index: $0, count: count), roots: ["j"])
            .map(\.path)
        }
        let all = parts.flatMap { $0 }
        #expect(all.count == total && Set(all).count == total, "\(total)/\(count)")
        let sizes = parts.map(\.count)
        #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1, "\(total)/\(count): \(sizes)")
      }
    }
  }

  /// The parts depend on the paths relative to the roots given, not on where the roots are
  /// nor on the order the journeys came in.
  @Test func thePartsAreTheSameWhereverTheFilesAre() {
    let names = ["b.hotel", "a/z.hotel", "a.hotel", "c/d/e.hotel", "x.hotel"]
    let here = Self.journeys(names.map { "/builds/1/j/" + $0 })
    let there = Self.journeys(names.reversed().map { "j/" + $0 })
    for index in 1...2 {
      let shard = Shard(index: index, count: 2)
      let a = ShardDealer.journeys(here, in: shard, roots: ["/builds/1/j/"]).map {
        String($0.path.dropFirst("/builds/1/j/".count))
      }
      let b = ShardDealer.journeys(there, in: shard, roots: ["j"]).map {
        String($0.path.dropFirst("j/".count))
      }
      #expect(a.sorted() == b.sorted())
    }
    #expect(ShardDealer.key("j/a.hotel", roots: ["k", "j"]) == (1, "a.hotel"))
    #expect(ShardDealer.key("/r/one.hotel", roots: ["/r/one.hotel"]) == (0, "one.hotel"))
    #expect(ShardDealer.key("one.hotel", roots: ["."]) == (0, "one.hotel"))
  }
}
