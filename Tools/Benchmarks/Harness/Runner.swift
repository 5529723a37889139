/// Runs work repeatedly with a warm-up, alone or alternating with a baseline, so a ratio is
/// measured side by side in the same run and holds on a noisy machine.
struct Runner {
  var clock = ContinuousClock()

  /// Times `body` `iterations` times after `warmUp` untimed runs.
  func measure(
    _ name: String, warmUp: Int, iterations: Int, _ body: () throws -> Void
  ) rethrows -> Sample {
    for _ in 0..<warmUp { try body() }
    var sample = Sample(name: name)
    sample.durations.reserveCapacity(iterations)
    for _ in 0..<iterations {
      let start = clock.now
      try body()
      sample.durations.append(start.duration(to: clock.now))
    }
    return sample
  }

  /// Times `subject` and `baseline` alternately (ABAB...), after a warm-up of each.
  func sideBySide(
    subject: String, baseline: String, warmUp: Int, iterations: Int,
    _ subjectBody: () throws -> Void, against baselineBody: () throws -> Void
  ) rethrows -> (subject: Sample, baseline: Sample) {
    for _ in 0..<warmUp {
      try subjectBody()
      try baselineBody()
    }
    var subjectSample = Sample(name: subject)
    var baselineSample = Sample(name: baseline)
    for index in 0..<iterations {
      // Alternate which goes first, so neither always runs on a warmer cache.
      if index.isMultiple(of: 2) {
        subjectSample.durations.append(try time(subjectBody))
        baselineSample.durations.append(try time(baselineBody))
      } else {
        baselineSample.durations.append(try time(baselineBody))
        subjectSample.durations.append(try time(subjectBody))
      }
    }
    return (subjectSample, baselineSample)
  }

  /// Times several bodies in turn, each iteration starting with the next one (ABC, BCA, CAB...),
  /// after a warm-up of each: three or more programs compared in the same run.
  func rotating(
    warmUp: Int, iterations: Int, _ bodies: [(name: String, body: () throws -> Void)]
  ) throws -> [Sample] {
    for _ in 0..<warmUp {
      for entry in bodies { try entry.body() }
    }
    var samples = bodies.map { Sample(name: $0.name) }
    for index in 0..<iterations {
      for step in 0..<bodies.count {
        let which = (index + step) % bodies.count
        samples[which].durations.append(try time(bodies[which].body))
      }
    }
    return samples
  }

  /// The async variant of ``sideBySide(subject:baseline:warmUp:iterations:_:against:)``.
  ///
  /// It runs on the caller's actor, so timing a main-actor body adds no executor hops.
  func sideBySideAsync(
    subject: String, baseline: String, warmUp: Int, iterations: Int,
    isolation: isolated (any Actor)? = #isolation,
    _ subjectBody: () async throws -> Void, against baselineBody: () async throws -> Void
  ) async rethrows -> (subject: Sample, baseline: Sample) {
    for _ in 0..<warmUp {
      try await subjectBody()
      try await baselineBody()
    }
    var subjectSample = Sample(name: subject)
    var baselineSample = Sample(name: baseline)
    for index in 0..<iterations {
      if index.isMultiple(of: 2) {
        subjectSample.durations.append(try await timeAsync(subjectBody))
        baselineSample.durations.append(try await timeAsync(baselineBody))
      } else {
        baselineSample.durations.append(try await timeAsync(baselineBody))
        subjectSample.durations.append(try await timeAsync(subjectBody))
      }
    }
    return (subjectSample, baselineSample)
  }

  /// Times `body` `iterations` times (async, on the caller's actor).
  func measureAsync(
    _ name: String, warmUp: Int, iterations: Int, isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Void
  ) async rethrows -> Sample {
    for _ in 0..<warmUp { try await body() }
    var sample = Sample(name: name)
    for _ in 0..<iterations { sample.durations.append(try await timeAsync(body)) }
    return sample
  }

  private func time(_ body: () throws -> Void) rethrows -> Duration {
    let start = clock.now
    try body()
    return start.duration(to: clock.now)
  }

  private func timeAsync(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
  ) async rethrows -> Duration {
    let start = clock.now
    try await body()
    return start.duration(to: clock.now)
  }
}
