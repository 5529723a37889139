import Domain

/// The words of `hotel test`'s report in English or Russian (`--lang`).
struct SuiteStrings: Sendable {
  /// The language of the words.
  var language: Language

  private var ru: Bool { language == .ru }

  /// A duration as seconds with two decimals: "0.82 s" / "0,82 с".
  func seconds(_ duration: Duration) -> String {
    let components = duration.components
    let hundredths =
      max(0, components.seconds) * 100 + components.attoseconds / 10_000_000_000_000_000
    let text = "\(hundredths / 100)" + (ru ? "," : ".") + pad(hundredths % 100)
    return text + (ru ? " с" : " s")
  }

  /// The summary line: "3 passed, 1 failed" (with `flaky` given, "3 passed, 1 flaky,
  /// 1 failed"; and ", 2 not run" and ", 2 skipped by --tags" when some were).
  func summary(
    passed: Int, flaky: Int? = nil, failed: Int, notRun: Int = 0, skipped: Int
  )
    -> String
  {
    var line = ru ? "пройдено: \(passed)" : "\(passed) passed"
    if let flaky { line += ru ? ", нестабильных: \(flaky)" : ", \(flaky) flaky" }
    line += ru ? ", не пройдено: \(failed)" : ", \(failed) failed"
    if notRun > 0 { line += ru ? ", не запущено: \(notRun)" : ", \(notRun) not run" }
    if skipped > 0 {
      line += ru ? ", пропущено по --tags: \(skipped)" : ", \(skipped) skipped by --tags"
    }
    return line
  }

  /// After a journey's head, how many attempts it took (`--retries`): ", 3 attempts".
  func attempts(_ count: Int) -> String {
    ru ? ", попыток: \(count)" : ", \(count) attempts"
  }

  /// The line of a journey that failed, then passed: "flaky: attempt 1: MESSAGE".
  func flaky(firstFailure: String) -> String {
    ru ? "нестабилен: попытка 1: \(firstFailure)" : "flaky: attempt 1: \(firstFailure)"
  }

  /// The last line of a rerun's trace in the report: how long the attempt took.
  func attemptTook(_ duration: Duration) -> String {
    ru ? "Попытка длилась \(seconds(duration))." : "The attempt took \(seconds(duration))."
  }

  /// Why a journey did not run after `--max-failures` was reached.
  func notRunMaxFailures(_ count: Int) -> String {
    ru
      ? "не запущен: уже \(count) не пройдено (--max-failures \(count))"
      : "not run: \(count) had failed (--max-failures \(count))"
  }

  /// `--shard I/N` whose part holds no journey (fewer journeys than parts).
  func emptyShard(_ index: Int, of count: Int, selected: Int) -> String {
    ru
      ? "test: в части \(index)/\(count) нет сценариев (выбрано \(selected)); нечего выполнять"
      : "test: shard \(index)/\(count) has no journeys (\(selected) selected); nothing to run"
  }

  /// `--last-failed` with no journey that failed in the last run of these paths.
  var noLastFailed: String {
    ru
      ? "test: --last-failed: в прошлый раз на этих путях ничего не упало (или запусков не было); нечего выполнять"
      : "test: --last-failed: nothing failed in the last run of these paths (or there was none); nothing to run"
  }

  /// `--last-failed`: how many of the journeys that failed last time run now.
  func lastFailed(_ count: Int) -> String {
    ru
      ? "test: --last-failed: выполняются не прошедшие в прошлый раз (\(count))"
      : "test: --last-failed: running the \(count) that failed last time"
  }

  /// The failed journeys could not be remembered for `--last-failed` (the run is not failed).
  func cannotRememberFailures(_ path: String, reason: String) -> String {
    ru
      ? "test: не удалось запомнить непрошедшие сценарии в \(path): \(reason)"
      : "test: could not remember the failed journeys in \(path): \(reason)"
  }

  /// The record of the last run could not be read (`--last-failed`): every journey runs.
  func cannotReadLastRun(_ path: String, reason: String) -> String {
    ru
      ? "test: --last-failed: не удалось прочитать \(path): \(reason)"
      : "test: --last-failed: cannot read \(path): \(reason)"
  }

  /// Why the record of the last run could not be read or written.
  func reason(_ failure: LastFailedRecord.Failure) -> String {
    switch failure.kind {
    case .system(let reason): reason
    case .tooLarge: ru ? "файл больше 16 МиБ" : "the file is larger than 16 MiB"
    case .notARecord:
      ru ? "это не запись о непрошедших сценариях" : "it is not a record of failed journeys"
    }
  }

  /// `--last-failed` with no cache folder (neither `XDG_CACHE_HOME` nor `HOME`).
  var noCacheFolder: String {
    ru
      ? "test: --last-failed: негде хранить прошлый запуск (не заданы ни XDG_CACHE_HOME, ни HOME)"
      : "test: --last-failed: nowhere to keep the last run (neither XDG_CACHE_HOME nor HOME is set)"
  }

  /// The summary line of a suite stopped by a signal: "1 passed, 0 failed, 1 interrupted,
  /// 2 not run" (and ", 2 skipped by --tags" when some were).
  func interruptedSummary(
    passed: Int, failed: Int, interrupted: Int, notRun: Int, skipped: Int
  ) -> String {
    var line =
      ru
      ? "пройдено: \(passed), не пройдено: \(failed), прервано: \(interrupted),"
        + " не запущено: \(notRun)"
      : "\(passed) passed, \(failed) failed, \(interrupted) interrupted, \(notRun) not run"
    if skipped > 0 {
      line += ru ? ", пропущено по --tags: \(skipped)" : ", \(skipped) skipped by --tags"
    }
    return line
  }

  /// Why a journey is not run: "not tagged smoke, nightly".
  func notTagged(_ tags: [String]) -> String {
    (ru ? "нет тегов " : "not tagged ") + tags.joined(separator: ", ")
  }

  /// The error when `--tags` leaves nothing to run.
  func nothingTagged(_ tags: [String], journeys: Int) -> String {
    ru
      ? "test: ни у одного из \(journeys) сценариев нет тегов \(tags.joined(separator: ", "))"
      : "test: none of the \(journeys) journeys is tagged \(tags.joined(separator: ", "))"
  }

  /// The line after a journey's `system-out` cut at `limit` bytes.
  func outputCut(_ limit: Int) -> String {
    ru
      ? "… (обрезано: сохраняются только первые \(limit / 1024) КиБ вывода сценария)\n"
      : "… (cut: only the first \(limit / 1024) KiB of what the journey printed is kept)\n"
  }

  /// The heading of the screen under a failure in the JUnit report.
  var screenHeading: String { ru ? "Экран на этой строке:" : "The screen at that line:" }
  /// In a failure whose screen is the one the failure before it carried.
  var screenAsAbove: String {
    ru ? "Экран на этой строке — тот же, что выше." : "The screen at that line is the one above."
  }
  /// In a failure after a journey's report has carried `limit` screens.
  func screenLeftOut(_ limit: Int) -> String {
    ru
      ? "Экран на этой строке не приведён (в отчёте о сценарии не больше \(limit) экранов)."
      : "The screen at that line is left out (a journey's report carries at most \(limit) screens)."
  }

  /// The line of a stop signal.
  var interrupted: String { ru ? "test: прервано" : "test: interrupted" }

  /// The line of a stop signal when the JUnit report of what ended was written to `path`.
  func interrupted(reportAt path: String, ended: Int) -> String {
    ru
      ? "test: прервано; отчёт JUnit \(path) содержит завершившиеся сценарии (\(ended))"
      : "test: interrupted; the JUnit report \(path) holds the journeys that ended (\(ended))"
  }

  /// The JUnit error of a journey still running when a stop signal ended the suite.
  var stoppedWhileRunning: String {
    ru
      ? "набор остановлен сигналом, пока шёл этот сценарий"
      : "the suite was stopped while this journey ran"
  }

  /// Why a journey not yet started when a stop signal ended the suite was skipped.
  var notRunStopped: String {
    ru ? "не запущен: набор остановлен раньше" : "not run: the suite was stopped before it started"
  }

  /// A journey with no command to run (an emptied file, or comments only): it would pass
  /// without checking anything, so it is said (it still runs, and passes).
  func noCommands(_ name: String) -> String {
    ru
      ? "test: в сценарии \(name) нет ни одной команды: он пройдёт, ничего не проверив"
      : "test: \(name) has no commands: it passes without checking anything"
  }

  /// A `--tags` tag no journey has (a typo would otherwise leave journeys out silently).
  func noJourneyTagged(_ tag: String) -> String {
    ru ? "test: ни у одного сценария нет тега \(tag)" : "test: no journey is tagged \(tag)"
  }

  private func pad(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
