import Domain
import Foundation
import Synchronization
import UseCases

extension Dependencies {
  /// Deterministic dependencies: `clock` (a ``TestClock`` by default), `now` fixed at
  /// ``Samples/now``, `today` at ``Samples/today``, UUIDs counting up from
  /// `00000000-0000-0000-0000-000000000001`, `random` always 0.5.
  public static func test(
    clock: any Clock<Duration> = TestClock(), language: Language = .en,
    today: CalendarDate = Samples.today, now: Date = Samples.now
  ) -> Dependencies {
    let counter = Mutex(0)
    return Dependencies(
      clock: clock,
      now: { now },
      today: { today },
      uuid: {
        let next = counter.withLock { count -> Int in
          count += 1
          return count
        }
        return UUID.counting(next)
      },
      random: { 0.5 },
      language: language
    )
  }
}

extension UUID {
  /// The `n`th UUID of ``Dependencies/test(clock:language:today:now:)``:
  /// `00000000-0000-0000-0000-00000000000n` (in hexadecimal).
  public static func counting(_ n: Int) -> UUID {
    let value = UInt64(truncatingIfNeeded: n)
    func byte(_ shift: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: value >> shift) }
    return UUID(
      uuid: (
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, byte(40), byte(32), byte(24), byte(16), byte(8), byte(0)
      ))
  }
}
