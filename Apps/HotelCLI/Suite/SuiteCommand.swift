import FixtureAPI
import Foundation

/// `hotel test PATH...`: runs journeys as a suite in this one process (SPEC section 5.4).
///
/// Every journey is found and parsed first; bad lines in any of them are all reported and
/// nothing runs (exit 2; `--junit` still writes the report, an `error` per journey that does not
/// parse). Then the journeys that `--tags` selects (and `--last-failed`, and `--shard`) run
/// `--jobs` at a time, each hermetic (``JourneyRunner``), sharing only the HTTP transport; one
/// that fails runs again up to `--retries` times. A line is printed per journey as it ends,
/// then the summary; `--junit FILE` writes the JUnit report.
@MainActor
enum SuiteCommand {
  /// Runs the suite; returns 0 when every journey passed, else the most serious code of a journey
  /// that did not (4 over 3 over 1), or 2 when nothing could run.
  ///
  /// `descriptorLimit` is the open-file limit in force (raised at start-up:
  /// ``Platform/raiseDescriptorLimit()``), which `--jobs` is lowered to fit; `nil` when it is not
  /// known.
  static func run(
    _ paths: [String], options: Options, environment: [String: String], console: Console,
    descriptorLimit: Int?
  ) async -> ExitCode {
    let strings = SuiteStrings(language: options.language)
    let messages = CLIStrings(language: options.language)
    let loaded: Loaded
    do {
      loaded = try load(paths, options: options, environment: environment)
    } catch {
      for message in error.messages { console.error(message) }
      // Paths that hold no journeys to parse are one error of the report, named by the paths.
      if let path = options.suite.junitPath, !options.suite.list,
        reportPathProblem(path, journeys: [], strings: messages) == nil
      {
        let result = JourneyResult(
          name: paths.joined(separator: " "),
          outcome: .broken(error.message), exitCode: .usage, duration: .zero)
        do throws(JUnitReport.Failure) {
          try JUnitReport(results: [result], duration: .zero, strings: strings)
            .write(to: path, messages: messages)
        } catch {
          console.error(error.message)
        }
      }
      return .usage
    }
    if let path = options.suite.junitPath, !options.suite.list,
      let problem = reportPathProblem(path, journeys: loaded.journeys, strings: messages)
    {
      console.error(problem)
      return .usage
    }
    // A report the system will not let be written is told now, not after the whole suite ran.
    if let path = options.suite.junitPath, !options.suite.list,
      let problem = reportWriteProblem(path, strings: messages)
    {
      console.error(problem)
      return .environment
    }
    guard loaded.problems.isEmpty else {
      for message in loaded.problems { console.error(message) }
      // CI shows why nothing ran: an error for each journey that does not parse.
      if let path = options.suite.junitPath, !options.suite.list {
        do throws(JUnitReport.Failure) {
          try JUnitReport(results: loaded.unparsed, duration: .zero, strings: strings)
            .write(to: path, messages: messages)
        } catch {
          console.error(error.message)
        }
      }
      return .usage
    }
    var journeys = loaded.journeys
    let wanted = options.suite.tags
    guard journeys.contains(where: { $0.isSelected(by: wanted) }) else {
      console.error(strings.nothingTagged(wanted, journeys: journeys.count))
      return .usage
    }
    // A tag of `--tags` that no journey has is told (a typo would leave journeys out silently).
    for tag in wanted where !journeys.contains(where: { $0.tags.contains(tag) }) {
      console.error(strings.noJourneyTagged(tag))
    }
    let lastFailedFile = LastFailedRecord.folder(environment: environment).map {
      LastFailedRecord.file(for: paths, in: $0)
    }
    var lastRecord: LastFailedRecord?
    if let file = lastFailedFile {
      do {
        lastRecord = try LastFailedRecord.read(file, paths: paths)
      } catch {
        if options.suite.lastFailed {
          console.error(
            strings.cannotReadLastRun(file, reason: strings.reason(error))
          )
          return .environment
        }
      }
    }
    if options.suite.lastFailed {
      guard lastFailedFile != nil else {
        console.error(strings.noCacheFolder)
        return .environment
      }
      let failed = Set(lastRecord?.failed ?? [])
      journeys = journeys.filter {
        $0.isSelected(by: wanted) && failed.contains(LastFailedRecord.absolute($0.path))
      }
      guard !journeys.isEmpty else {
        console.error(strings.noLastFailed)
        return .success
      }
      console.error(strings.lastFailed(journeys.count))
    }
    // A shard's report holds its own journeys only: the reports of the shards add up to one.
    if let shard = options.suite.shard {
      let selected = journeys.filter { $0.isSelected(by: wanted) }
      journeys = ShardDealer.journeys(selected, in: shard, roots: paths)
      if journeys.isEmpty {
        console.error(strings.emptyShard(shard.index, of: shard.count, selected: selected.count))
      }
    }
    if options.suite.list {
      for journey in journeys where journey.isSelected(by: wanted) {
        console.line(StyledLine(journey.name))
      }
      return .success
    }
    // Foundation's own per-user folders go into a temporary folder, not under $HOME.
    let foundationFiles: HermeticFolder?
    do {
      foundationFiles = try HermeticFolder.forHermeticRun(options, environment: environment)
    } catch {
      console.error(error.message)
      return .environment
    }
    defer { foundationFiles?.remove() }
    // So is a journey with nothing to run (an emptied file would otherwise stay green).
    for journey in journeys where journey.isSelected(by: wanted) && journey.lines.isEmpty {
      console.error(strings.noCommands(journey.name))
    }
    let clock = ContinuousClock()
    let start = clock.now
    let progress = SuiteProgress(
      journeys: journeys,
      skipped: Dictionary(
        uniqueKeysWithValues: journeys.indices.compactMap { index in
          let journey = journeys[index]
          guard !journey.isSelected(by: wanted) else { return nil }
          return (
            index,
            JourneyResult(
              name: journey.name, outcome: .skipped, exitCode: .success, duration: .zero,
              tags: journey.tags)
          )
        }))
    // Held until the suite ends: the signals are caught only while it lives.
    let signals = stopOnSignals(
      console: console, strings: strings, progress: progress,
      style: style(options: options, environment: environment),
      report: options.suite.junitPath.map { path in
        PartialReport(path: path, start: start, tags: wanted, messages: messages)
      })
    defer { withExtendedLifetime(signals) {} }

    var options = options
    if let limit = descriptorLimit, options.dataDirectory.isEmpty {
      let wanted = options.suite.jobs ?? ProcessInfo.processInfo.activeProcessorCount
      let affordable = Self.affordableJobs(descriptorLimit: limit)
      if wanted > affordable {
        if options.suite.jobs != nil {
          console.error(messages.jobsLowered(wanted, to: affordable, descriptorLimit: limit))
        }
        options.suite.jobs = affordable
      }
    }
    // Hermetic journeys share one fixture server, each in a scope of its own.
    var fixture: FixtureServer?
    if options.apiURL == nil, options.dataDirectory.isEmpty {
      let server = FixtureServer()
      do {
        try server.start(port: 0)
      } catch {
        console.error(messages.couldNotStartFixture(ServeCommand.describe(error, port: 0)))
        return .environment
      }
      fixture = server
    }
    let results = await runAll(
      journeys, options: options, fixture: fixture, progress: progress, strings: strings
    ) { result in
      report(result, console: console, strings: strings, options: options, environment: environment)
    }
    await fixture?.stop()
    let duration = clock.now - start
    let flaky = results.filter(\.isFlaky).count
    let notRun = results.filter { $0.outcome == .skipped && $0.skipReason != nil }.count
    let skipped = results.filter { $0.outcome == .skipped && $0.skipReason == nil }.count
    let failed = results.filter(\.isFailed).count
    console.line(
      strings.summary(
        passed: results.filter(\.passed).count - (options.suite.retries > 0 ? flaky : 0),
        flaky: options.suite.retries > 0 ? flaky : nil, failed: failed, notRun: notRun,
        skipped: skipped))

    var code = results.map(\.exitCode).max { rank($0) < rank($1) } ?? .success
    if failed > 0 || (flaky > 0 && options.suite.failOnFlaky), code == .success {
      code = .failure
    }
    if let file = lastFailedFile {
      remember(
        results, of: journeys, in: file, record: lastRecord, paths: paths, console: console,
        strings: strings)
    }
    if let path = options.suite.junitPath {
      do {
        try JUnitReport(results: results, duration: duration, tags: wanted, strings: strings)
          .write(to: path, messages: messages)
      } catch {
        console.error(error.message)
        return .environment
      }
    }
    return code
  }

  /// Updates the record of the journeys that failed in runs of `paths`; a record that cannot be
  /// written is told and fails nothing.
  private static func remember(
    _ results: [JourneyResult], of journeys: [Journey], in file: String,
    record: LastFailedRecord?, paths: [String], console: Console, strings: SuiteStrings
  ) {
    var ran: Set<String> = []
    var failed: Set<String> = []
    for (journey, result) in zip(journeys, results) where result.outcome != .skipped {
      let path = LastFailedRecord.absolute(journey.path)
      ran.insert(path)
      if result.isFailed { failed.insert(path) }
    }
    let previous =
      record ?? LastFailedRecord(paths: paths.map(LastFailedRecord.absolute), failed: [])
    let updated = previous.updated(ran: ran, failedNow: failed)
    guard updated != previous else { return }
    do {
      try updated.write(to: file)
    } catch {
      console.error(
        strings.cannotRememberFailures(
          file, reason: strings.reason(error)))
    }
  }

  // MARK: - Loading

  /// The journeys found and parsed, and what is wrong with those that do not parse.
  struct Loaded {
    /// The journeys that parse, in the order they were found.
    var journeys: [Journey] = []
    /// Every problem of every journey, each told once, in order (for stderr).
    var problems: [String] = []
    /// Each journey that does not parse, as an error of the report.
    var unparsed: [JourneyResult] = []
  }

  /// Finds and parses every journey; throws when the paths hold no journeys to parse.
  static func load(
    _ paths: [String], options: Options, environment: [String: String]
  ) throws(ScriptLoader.Failure) -> Loaded {
    let files: [String]
    // Journeys that cannot be read are named with those that do not parse (exit 2 for all).
    let problems: [String]
    do {
      (files, problems) = try JourneyFinder.find(
        paths, strings: CLIStrings(language: options.language))
    } catch {
      throw ScriptLoader.Failure(messages: error.messages)
    }
    let variables = ScriptVariables(values: options.variables, environment: environment)
    var loaded = Loaded(problems: problems)
    if !problems.isEmpty {
      // Journeys that cannot be read are not named apart: one error, named by the paths.
      loaded.unparsed.append(
        JourneyResult(
          name: paths.joined(separator: " "),
          outcome: .broken(problems.joined(separator: "\n")), exitCode: .usage, duration: .zero))
    }
    var seen: Set<String> = []
    for file in files {
      do {
        let script = try ScriptLoader.script(
          .file(file), standardInput: .nullDevice, strings: CLIStrings(language: options.language),
          variables: variables)
        loaded.journeys.append(
          Journey(
            name: file, path: file, lines: script.lines,
            tags: script.tags))
      } catch {
        // A shared included file's bad line is told once, not once per journey.
        for message in error.messages where seen.insert(message).inserted {
          loaded.problems.append(message)
        }
        loaded.unparsed.append(
          JourneyResult(
            name: file, outcome: .broken(error.message),
            exitCode: .usage, duration: .zero))
      }
    }
    return loaded
  }

  /// Why the JUnit report cannot go to `path`, told before any journey runs: its folder is missing,
  /// it is a folder, or it is a script (a journey of this run, or any `*.hotel` file), which the
  /// report would overwrite.
  ///
  /// `nil` when it can.
  static func reportPathProblem(
    _ path: String, journeys: [Journey], strings: CLIStrings
  ) -> String? {
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty, FileKind.of(folder) != .folder {
      return strings.reportFolderMissing(folder)
    }
    switch FileKind.of(path) {
    case .folder:
      return strings.reportIsAFolder(path)
    case .regular:
      let identity = Self.identity(path)
      let isJourney = journeys.contains { Self.identity($0.path) == identity }
      return isJourney || path.hasSuffix(".hotel") ? strings.reportWouldOverwriteScript(path) : nil
    case .missing:
      // A report named `*.hotel` would be taken for a journey by the next `hotel test`.
      return path.hasSuffix(".hotel") ? strings.reportWouldOverwriteScript(path) : nil
    case .special:
      return nil
    }
  }

  /// Why the system will not let the JUnit report be written at `path`, whose folder exists
  /// (``reportPathProblem(_:journeys:strings:)`` found no mistake in the path): a file cannot be
  /// made in that folder (permission denied, a read-only disk), tried with an empty file removed at
  /// once.
  ///
  /// `nil` when it can, and for a device or a FIFO (written in place later).
  static func reportWriteProblem(_ path: String, strings: CLIStrings) -> String? {
    guard FileKind.of(path) != .special else { return nil }
    let target =
      FileKind.of(path) == .regular
      ? URL(fileURLWithPath: path).resolvingSymlinksInPath().path : path
    var folder = (target as NSString).deletingLastPathComponent
    if folder.isEmpty { folder = "." }
    let probe = folder + "/.hotel-report-check-" + UUID().uuidString
    let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      let reason = strings.systemReason(errno)
      return strings.cannotWriteReport(path, reason: reason)
    }
    close(descriptor)
    unlink(probe)
    return nil
  }

  private static func identity(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }

  // MARK: - Running

  /// How many journeys may run at once with `descriptorLimit` open files (`ulimit -n`): a journey
  /// with a fixture of its own and `--data-dir` holds its fixture's socket, both ends of its
  /// connections and its files (about a dozen at its peak); the process itself keeps about 32 (the
  /// standard ones, the shared transport, libdispatch's).
  ///
  /// At least 1.
  static func affordableJobs(descriptorLimit: Int) -> Int {
    max(1, (descriptorLimit - 32) / 12)
  }

  /// Runs the selected journeys, `--jobs` at a time (one at a time when they share `--data-dir`, in
  /// order), a failed one again up to `--retries` times; starts none after `--max-failures` have
  /// failed; calls `ended` as each ends.
  ///
  /// Returns every journey's result in the order they were found, those left out by `--tags` as
  /// skipped, those not started as not run.
  private static func runAll(
    _ journeys: [Journey], options: Options, fixture: FixtureServer?,
    progress: SuiteProgress, strings: SuiteStrings, ended: (JourneyResult) -> Void
  ) async -> [JourneyResult] {
    let runner = JourneyRunner(
      options: options, transport: FlowSession.makeTransport(for: options), fixture: fixture)
    let jobs =
      options.dataDirectory.isEmpty
      ? max(1, options.suite.jobs ?? ProcessInfo.processInfo.activeProcessorCount) : 1
    let retries = options.suite.retries
    var results: [JourneyResult?] = journeys.map { journey in
      journey.isSelected(by: options.suite.tags)
        ? nil
        : JourneyResult(
          name: journey.name, outcome: .skipped, exitCode: .success, duration: .zero,
          tags: journey.tags)
    }
    var queue = journeys.indices.filter { results[$0] == nil }[...]
    var failed = 0
    await withTaskGroup(of: (Int, JourneyResult).self) { group in
      var running = 0
      while true {
        while running < jobs, failed < options.suite.maxFailures ?? .max,
          let index = queue.popFirst()
        {
          let journey = journeys[index]
          progress.started(index, at: ContinuousClock.now)
          group.addTask {
            var result = await runner.run(journey)
            var earlier: [JourneyResult] = []
            while !result.passed, earlier.count < retries {
              earlier.append(result)
              result = await runner.run(journey)
            }
            if !earlier.isEmpty {
              result.duration = earlier.reduce(result.duration) { $0 + $1.duration }
              result.retried = earlier
            }
            result.tags = journey.tags
            return (index, result)
          }
          running += 1
        }
        guard let (index, result) = await group.next() else { break }
        running -= 1
        if result.isFailed { failed += 1 }
        results[index] = result
        progress.ended(index, with: result)
        ended(result)
      }
    }
    for index in queue {
      let result = JourneyResult(
        name: journeys[index].name, outcome: .skipped, exitCode: .success, duration: .zero,
        skipReason: strings.notRunMaxFailures(failed), tags: journeys[index].tags)
      results[index] = result
      progress.ended(index, with: result)
    }
    return results.compactMap { $0 }
  }

  private static func report(
    _ result: JourneyResult, console: Console, strings: SuiteStrings, options: Options,
    environment: [String: String]
  ) {
    let style = style(options: options, environment: environment)
    let attempts = result.retried.isEmpty ? "" : strings.attempts(result.retried.count + 1)
    let head = "\(result.name) (\(strings.seconds(result.duration))\(attempts))"
    switch result.outcome {
    case .passed where result.isFlaky:
      let first = result.retried[0]
      let message: String
      if case .broken(let text) = first.outcome {
        message = text
      } else {
        message = first.failures.first?.message ?? ""
      }
      console.lines(
        resultLines(
          StyledLine("✓", style.yellow), head + ": " + strings.flaky(firstFailure: message)))
    case .passed:
      console.lines(resultLines(StyledLine("✓", style.green), head))
    case .skipped:
      break
    case .broken(let message):
      console.lines(resultLines(StyledLine("✗", style.red), head + ": " + message))
    case .failed:
      let first = result.failures.first?.message ?? ""
      console.lines(resultLines(StyledLine("✗", style.red), head + ": " + first))
      for failure in result.failures.dropFirst() {
        console.lines(resultLines(StyledLine("   "), failure.message))
      }
    }
    for note in result.notes { console.error("\(result.name): \(note)") }
  }

  private static func resultLines(_ mark: StyledLine, _ text: String) -> [StyledLine] {
    let parts = text.split(separator: "\n", omittingEmptySubsequences: false)
    return [mark + StyledLine(" " + (parts.first ?? ""))]
      + parts.dropFirst().map { StyledLine(String($0)) }
  }

  private static func style(options: Options, environment: [String: String]) -> Style {
    Style(
      isEnabled: ColorPolicy.usesColor(
        options.color, standardOutputIsTerminal: Platform.standardOutputIsTerminal,
        environment: environment))
  }

  private static func rank(_ code: ExitCode) -> Int {
    switch code {
    case .success: 0
    case .failure: 1
    case .usage: 2
    case .unreachable: 3
    case .environment: 4
    }
  }

  private struct PartialReport: Sendable {
    var path: String
    var start: ContinuousClock.Instant
    var tags: [String]
    var messages: CLIStrings
  }

  /// On SIGINT or SIGTERM: names the journeys still running (so a CI log names the one that hung),
  /// prints the summary, writes the partial JUnit report when `--junit` was given (CI keeps the
  /// report of a run it cancelled), and exits 130 or 143 from the signal thread.
  ///
  private static func stopOnSignals(
    console: Console, strings: SuiteStrings, progress: SuiteProgress, style: Style,
    report: PartialReport?
  ) -> Platform.StopSignals {
    let signals = Platform.StopSignals(waitUntilCaught: false)
    Platform.StopSignals.onExit {
      holdTheMainActor()
      let stoppedAt = ContinuousClock.now
      let running = progress.running(at: stoppedAt)
      for (name, duration) in running {
        console.line(
          StyledLine("✗", style.red)
            + StyledLine(" \(name) (\(strings.seconds(duration))): " + strings.stoppedWhileRunning))
      }
      let results = progress.results(
        at: stoppedAt, stopped: strings.stoppedWhileRunning, notRun: strings.notRunStopped)
      let notRun = results.filter { $0.outcome == .skipped && $0.skipReason != nil }.count
      let skipped = results.filter { $0.outcome == .skipped && $0.skipReason == nil }.count
      let passed = results.filter(\.passed).count
      console.line(
        strings.interruptedSummary(
          passed: passed, failed: results.count - passed - running.count - notRun - skipped,
          interrupted: running.count, notRun: notRun, skipped: skipped))
      guard let report else { return console.error(strings.interrupted) }
      do throws(JUnitReport.Failure) {
        try JUnitReport(
          results: results, duration: stoppedAt - report.start, tags: report.tags, strings: strings
        ).write(to: report.path, messages: report.messages)
        console.error(
          strings.interrupted(
            reportAt: report.path, ended: progress.endedCount))
      } catch {
        console.error(strings.interrupted)
        console.error(error.message)
      }
    }
    signals.exitOnStop(flushingWithin: .zero) {}
    return signals
  }

  /// Holds the main actor, where the journeys run, at its next suspension point until the
  /// process exits (waiting a second at most, on the signal thread): a journey that was
  /// starting when the signal came would otherwise make its files again in a temporary data
  /// directory just removed on the way out, and leave it behind.
  nonisolated private static func holdTheMainActor() {
    let held = DispatchSemaphore(value: 0)
    DispatchQueue.main.async {
      held.signal()
      DispatchSemaphore(value: 0).wait()
    }
    _ = held.wait(timeout: .now() + 1)
  }
}
