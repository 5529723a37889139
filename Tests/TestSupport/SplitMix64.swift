/// SplitMix64: a tiny, seeded, deterministic random number generator, so a test that draws
/// random cases (schemas, kill points, escape sequences) draws the same ones on every run.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  /// The generator's state; the seed before the first draw.
  public var state: UInt64

  /// A generator whose first draw follows `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// A number in `0..<bound` (0 when `bound` is not positive).
  public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
}
