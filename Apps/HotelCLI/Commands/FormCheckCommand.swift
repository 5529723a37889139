import Domain
import Foundation

/// `hotel form check FILE`: every problem of a form schema file, one per line as compilers
/// print them (`FILE:LINE:COLUMN: error: MESSAGE`), then a count.
///
/// Exit 0 when the app would use the form (warnings allowed), 1 when it would refuse it or
/// the file cannot be read.
enum FormCheckCommand {
  /// Checks the file at `path`; returns the exit code.
  static func run(_ path: String, console: Console, strings: CLIStrings) -> ExitCode {
    let shown = TerminalText.neutralized(path)
    switch FormFile.check(path, strings: strings) {
    case .failure(let problem):
      console.error(strings.formCheckCannotRead(shown, problem))
      return .failure
    case .success(let check):
      for problem in check.problems {
        // `error` and `warning` are the words editors' problem matchers look for.
        let severity = problem.isError ? "error" : "warning"
        console.line("\(shown):\(problem.location): \(severity): \(problem.message)")
      }
      console.line(
        strings.formCheckSummary(
          errors: check.errorCount, warnings: check.warningCount, untold: check.untoldCount))
      return check.schema == nil ? .failure : .success
    }
  }
}
