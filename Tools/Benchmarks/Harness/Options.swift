/// The command line of `Benchmarks`: `[--quick] [NAME ...]`.
///
/// `--quick` divides every iteration count by 10 (a smoke run; the figures are not stable).
/// Names choose benchmarks (`form-edit`, `order-save`, ...); none runs them all.
struct Options {
  var quick = false
  var names: Set<String> = []

  init(arguments: [String]) throws {
    for argument in arguments {
      switch argument {
      case "--quick": quick = true
      case "-h", "--help": throw Usage()
      default:
        guard !argument.hasPrefix("-") else { throw Usage() }
        names.insert(argument)
      }
    }
  }

  /// Whether the benchmark called `name` runs.
  func runs(_ name: String) -> Bool { names.isEmpty || names.contains(name) }

  /// `count` iterations, or a tenth of them (at least 5) in a quick run.
  func iterations(_ count: Int) -> Int { quick ? Swift.max(count / 10, 5) : count }

  struct Usage: Error, CustomStringConvertible {
    var description: String {
      "usage: Benchmarks [--quick] [NAME ...] (keystroke, screen-keystroke, form-edit, replay, "
        + "waiting, form-reload, order-save, suite, suite-1000, latency; none runs them all)"
    }
  }
}
