/// SPEC section 9, row 1: one keystroke in a 4-tourist booking form -> the complete new screen
/// state. Waits for the Presentation module (BookingViewModel).
enum KeystrokeBenchmark {
  static let name = "keystroke"

  static func run(_ options: Options, runner: Runner) async throws -> [ResultRow] {
    throw ChildProcess.Failure(description: "not measured yet: BookingViewModel is not on main")
  }
}
