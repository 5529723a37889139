/// Deals the selected journeys of a suite into `--shard` parts (SPEC section 5.4): sorted by their
/// paths relative to the paths given (so every machine of a CI matrix, whatever folder it checked
/// the files out into, sorts them alike), then dealt in turn, the first to part 1, the second to
/// part 2, and so on.
///
/// The parts are disjoint, together hold every journey once, and differ in count by one at most.
enum ShardDealer {
  /// The journeys of part `shard` of `journeys`, in the order they came; `roots` are the
  /// paths given to `hotel test`.
  static func journeys(_ journeys: [Journey], in shard: Shard, roots: [String]) -> [Journey] {
    let order = journeys.indices.sorted { left, right in
      let a = key(journeys[left].path, roots: roots)
      let b = key(journeys[right].path, roots: roots)
      return a.root != b.root ? a.root < b.root : a.relative < b.relative
    }
    var taken = Set<Int>()
    for (position, index) in order.enumerated() where position % shard.count == shard.index - 1 {
      taken.insert(index)
    }
    return journeys.indices.filter { taken.contains($0) }.map { journeys[$0] }
  }

  /// Which root `path` was found under (its index among `roots`), and its path relative to it:
  /// a file given by name is its own root, and its name its relative path.
  static func key(_ path: String, roots: [String]) -> (root: Int, relative: String) {
    for (index, given) in roots.enumerated() {
      var root = given
      while root.count > 1, root.hasSuffix("/") { root.removeLast() }
      if path == root { return (index, String(path.split(separator: "/").last ?? "")) }
      if root == "." { return (index, path) }
      let prefix = root == "/" ? "/" : root + "/"
      if path.hasPrefix(prefix) { return (index, String(path.dropFirst(prefix.count))) }
    }
    return (roots.count, path)
  }
}
