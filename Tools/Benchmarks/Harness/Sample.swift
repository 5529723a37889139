import Foundation

/// Durations of repeated runs of one piece of work, with the statistics the table reports.
struct Sample {
  var name: String
  var durations: [Duration]

  init(name: String, durations: [Duration] = []) {
    self.name = name
    self.durations = durations
  }

  var median: Duration { percentile(0.5) }
  var p99: Duration { percentile(0.99) }

  /// The value below which `fraction` of the runs fall (nearest rank).
  func percentile(_ fraction: Double) -> Duration {
    guard !durations.isEmpty else { return .zero }
    let sorted = durations.sorted()
    let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
  }
}

extension Duration {
  /// The duration in microseconds, as a floating-point number.
  var microseconds: Double {
    let parts = components
    return Double(parts.seconds) * 1_000_000 + Double(parts.attoseconds) / 1_000_000_000_000
  }

  /// The duration in milliseconds, as a floating-point number.
  var milliseconds: Double { microseconds / 1000 }

  /// A short human form: `12.3 µs`, `4.56 ms`, `1.23 s`.
  var formatted: String {
    let micros = microseconds
    if micros < 1000 { return String(format: "%.2f µs", micros) }
    if micros < 1_000_000 { return String(format: "%.2f ms", micros / 1000) }
    return String(format: "%.3f s", micros / 1_000_000)
  }
}
