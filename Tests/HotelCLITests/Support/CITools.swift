import Foundation
import Testing

/// The tools a CI uses to read a JUnit report, run on a report as a CI would: `xmllint --schema`
/// against the Jenkins xUnit plugin's `junit-10.xsd` (kept beside this file), and `junitparser`
/// (PyPI).
///
/// A missing tool fails the test that needs it, saying what to install (`.ci/run` installs both).
enum CITools {
  /// The schema every report must validate against.
  static let schema = HotelProcess.testsDirectory.appendingPathComponent(
    "Support/junit-10.xsd"
  ).path

  /// The directories of `PATH`, then the usual ones.
  private static func find(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
    return folders.map { $0 + "/" + name }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// What `xmllint --schema junit-10.xsd` says of `report`: empty when it validates, else its
  /// errors.
  ///
  /// Throws when xmllint is missing.
  static func schemaErrors(_ report: URL) throws -> [String] {
    guard let xmllint = find("xmllint") else {
      throw HarnessError(
        "xmllint is missing: install it to check the JUnit schema (Debian: apt-get install libxml2-utils)"
      )
    }
    let run = try MeasuredRun(
      xmllint, ["--noout", "--schema", schema, report.path],
      environment: ["PATH": "/usr/bin:/bin"], timeLimit: 60)
    guard run.status != 0 else { return [] }
    let errors = run.output.split(separator: "\n").map(String.init)
    return errors.isEmpty ? ["xmllint exited \(run.status)"] : errors
  }

  /// `report` read by `junitparser` as a CI reads it: one line per test case, `name|result|
  /// message` (result: passed, failure, error or skipped).
  ///
  /// Throws when Python or junitparser is missing.
  static func junitparser(_ report: URL) throws -> [String] {
    guard let python = find("python3") else {
      throw HarnessError(
        "python3 is missing: junitparser reads the JUnit report (apt-get install python3)")
    }
    let script = """
      import sys
      try:
          from junitparser import JUnitXml
      except ImportError:
          print("junitparser is missing: pip install junitparser"); sys.exit(3)
      for suite in JUnitXml.fromfile(sys.argv[1]):
          for case in suite:
              kinds = [type(r).__name__ for r in case.result]
              kind = "passed" if not kinds else kinds[0].lower()
              message = case.result[0].message if case.result else ""
              print(f"{case.name}|{kind}|{message}")
      """
    var environment = ProcessInfo.processInfo.environment
    environment["PYTHONIOENCODING"] = "utf-8"
    let run = try MeasuredRun(
      python, ["-c", script, report.path], environment: environment, timeLimit: 60)
    guard run.status == 0 else { throw HarnessError("junitparser: \(run.output)") }
    return run.output.split(separator: "\n").map(String.init)
  }
}
