/// Keeps results alive so the optimiser cannot drop the work that produced them.
final class Blackhole {
  private(set) var total = 0

  /// Counts `value` in (cheap, and enough to make the value observable).
  @inline(never)
  func consume(_ value: Int) { total &+= value }
}
