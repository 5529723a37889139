/// The edit distance between two short words, for "did you mean" hints: insertions, deletions,
/// substitutions and swaps of two adjacent characters each count one (so `tpa` is one edit from
/// `tap`, as a typo of two swapped keys is).
enum EditDistance {
  /// The number of single-character edits (an adjacent swap counts as one) that turn `lhs` into
  /// `rhs`.
  static func between(_ lhs: String, _ rhs: String) -> Int {
    let left = Array(lhs)
    let right = Array(rhs)
    guard !left.isEmpty else { return right.count }
    guard !right.isEmpty else { return left.count }
    var beforePrevious: [Int] = []
    var previous = Array(0...right.count)
    for (row, leftCharacter) in left.enumerated() {
      var current = [row + 1]
      current.reserveCapacity(right.count + 1)
      for (column, rightCharacter) in right.enumerated() {
        let substitution = previous[column] + (leftCharacter == rightCharacter ? 0 : 1)
        var best = min(previous[column + 1] + 1, current[column] + 1, substitution)
        if row > 0, column > 0, leftCharacter == right[column - 1],
          left[row - 1] == rightCharacter
        {
          best = min(best, beforePrevious[column - 1] + 1)
        }
        current.append(best)
      }
      beforePrevious = previous
      previous = current
    }
    return previous[right.count]
  }
}
