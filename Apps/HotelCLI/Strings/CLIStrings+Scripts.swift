import Domain

/// The messages of `include`, `tags`, `${NAME}` and `hotel test`'s options, in English or
/// Russian (`--lang`).
extension CLIStrings {
  private var russian: Bool { language == .ru }

  // MARK: - Options

  /// `hotel test` without a path.
  var testNeedsJourneys: String {
    russian
      ? "test: укажите сценарии: hotel test ПУТЬ... (файлы или папки с *.hotel)"
      : "test needs journeys: hotel test PATH... (files, or folders of *.hotel)"
  }

  /// `hotel test ""`.
  var journeyPathEmpty: String {
    russian ? "test: путь к сценарию пуст" : "test: a journey path is empty"
  }

  /// `--jobs N` with `--data-dir`.
  var jobsWithDataDirectory: String {
    russian
      ? "--jobs: сценарии с общим --data-dir выполняются по одному"
      : "--jobs: journeys that share --data-dir run one at a time"
  }

  /// `--retries N` with `--data-dir`: a journey run again would start from the state it left.
  var retriesWithDataDirectory: String {
    russian
      ? "--retries: сценарий с общим --data-dir не начать заново с чистого листа"
      : "--retries: a journey that shares --data-dir cannot run again from a clean start"
  }

  /// `--shard` with a value that is not `I/N`.
  func shardNotAPart(_ value: String) -> String {
    russian
      ? "--shard: '\(value)' — не часть вида I/N (например, 1/3)"
      : "--shard: '\(value)' is not a part I/N (for example 1/3)"
  }

  /// `--shard I/N` with I outside 1...N (or N outside 1...10 000).
  func shardOutOfRange(_ value: String) -> String {
    russian
      ? "--shard: \(value): нужно 1 ≤ I ≤ N ≤ 10000"
      : "--shard: \(value): I/N needs 1 <= I <= N <= 10000"
  }

  /// `--junit ""`.
  var junitFileEmpty: String {
    russian ? "--junit: имя файла пусто" : "--junit: the file name is empty"
  }

  /// `--var X` without `=`.
  func varNotNameValue(_ text: String) -> String {
    russian ? "--var: '\(text)' — не ИМЯ=ЗНАЧЕНИЕ" : "--var: '\(text)' is not NAME=VALUE"
  }

  /// `--var 1X=a`.
  func varBadName(_ name: String) -> String {
    "--var: " + badVariableName(name)
  }

  /// `--tags a,,b`.
  func emptyTag(in text: String) -> String {
    russian ? "--tags: пустой тег в '\(text)'" : "--tags: an empty tag in '\(text)'"
  }

  /// A tag with other characters or too long (`prefix` names where: `--tags: ` or nothing);
  /// `note` says what is wrong in it (``CLIStrings/nonASCII(_:)``, ``tagLength(_:)``).
  func notATag(_ prefix: String, _ tag: String, note: String? = nil) -> String {
    let note = note.map { "\($0); " } ?? ""
    return prefix
      + (russian
        ? "'\(tag)' — не тег (\(note)только буквы ASCII, цифры, _, - и ., не больше 64)"
        : "'\(tag)' is not a tag (\(note)ASCII letters, digits, _, - and . only, at most 64)")
  }

  /// What is wrong with a tag longer than 64 characters: its length.
  func tagLength(_ count: Int) -> String {
    russian ? "символов: \(count)" : "\(count) characters"
  }

  // MARK: - Script files

  /// `include` or `tags` typed at the prompt.
  func onlyInAScriptFile(_ command: String) -> String {
    russian
      ? "'\(command)' работает только в файле сценария (hotel replay, hotel test)"
      : "'\(command)' works only in a script file (hotel replay, hotel test)"
  }

  /// `include ""`.
  var includeNameEmpty: String {
    russian ? "include: имя файла пусто" : "include: the file name is empty"
  }

  /// `tags` alone.
  var tagsNeedNames: String {
    russian ? "не хватает аргумента: tags ИМЯ..." : "missing argument: tags NAME..."
  }

  /// An include that closes a cycle: the chain of files, joined by arrows.
  ///
  /// A journey's step that failed without a message of its own (a fallback: every failing step says
  /// why), at `location` (`file:line`).
  func stepFailed(at location: String) -> String {
    location + (russian ? ": шаг не выполнен" : ": failed")
  }

  /// Where an included line was reached from: the `include` lines, outermost first.
  func includedAt(_ places: [String]) -> String {
    (russian ? "включён в " : "included at ") + places.joined(separator: " -> ")
  }

  func includeCycle(_ chain: [String]) -> String {
    (russian ? "цикл включений: " : "an include cycle: ") + chain.joined(separator: " -> ")
  }

  /// Includes nested deeper than `limit` files.
  func includesTooDeep(_ limit: Int) -> String {
    russian
      ? "включения вложены глубже \(limit) файлов"
      : "includes nest deeper than \(limit) files"
  }

  /// A script longer than `limit` lines with its includes.
  func scriptTooLong(_ name: String, limit: Int) -> String {
    russian
      ? "\(name): сценарий со включениями длиннее \(limit) строк"
      : "\(name): the script is longer than \(limit) lines with its includes"
  }

  /// An included file with a line that does not parse, named by its number only (none of
  /// the file's text is shown: it may be anything, `/etc/shadow`).
  func includedNotAScript(line number: Int) -> String {
    russian
      ? "не сценарий (строка \(number) не разбирается)"
      : "not a script (line \(number) does not parse)"
  }

  /// The bad lines of a file past the ones told one by one
  /// (``ScriptLoader/badLinesShown``).
  func moreBadLines(_ count: Int, in name: String) -> String {
    russian
      ? "…и ещё \(count) \(russianLines(count)) с ошибками в \(name): это точно сценарий?"
      : "...and \(count) more bad line\(count == 1 ? "" : "s") in \(name): is it a journey script?"
  }

  private func russianLines(_ count: Int) -> String {
    let lastTwo = count % 100
    let last = count % 10
    if (11...14).contains(lastTwo) { return "строк" }
    if last == 1 { return "строка" }
    if (2...4).contains(last) { return "строки" }
    return "строк"
  }

  // MARK: - Variables

  /// `${NAME` without `}`.
  func unterminatedVariable(_ text: String) -> String {
    russian
      ? "незакрытая переменная '\(text)': добавьте }"
      : "unterminated variable '\(text)': add the closing }"
  }

  /// `${1A}`, `${}`.
  func badVariableName(_ name: String) -> String {
    russian
      ? "'\(name)' — не имя переменной (латинские буквы, цифры и _, не с цифры)"
      : "'\(name)' is not a variable name (ASCII letters, digits and _, not starting with a digit)"
  }

  /// A `${NAME}` that neither `--var` nor `HOTEL_VAR_NAME` defines.
  func undefinedVariable(_ name: String, prefix: String) -> String {
    russian
      ? "переменная '\(name)' не задана (--var \(name)=ЗНАЧЕНИЕ или \(prefix)\(name))"
      : "undefined variable '\(name)' (give --var \(name)=VALUE or set \(prefix)\(name))"
  }

  /// A variable's value holds a line break (`code`, its code point), which a line cannot hold.
  func variableHoldsLineBreak(_ name: String, _ code: UInt32) -> String {
    var hex = String(code, radix: 16, uppercase: true)
    if hex.count < 4 { hex = String(repeating: "0", count: 4 - hex.count) + hex }
    return russian
      ? "значение переменной '\(name)' содержит перевод строки (U+\(hex)), которого не может быть в строке сценария; задайте значение одной строкой"
      : "the value of variable '\(name)' holds a line break (U+\(hex)), which a script line cannot hold; give the value on one line"
  }

  /// `hotel replay` of a script with no command (empty, or comments only): it exits 0 without
  /// checking anything, as a journey of `hotel test` with none does, so it is said.
  func replayHasNoCommands(_ name: String) -> String {
    russian
      ? "replay: в сценарии \(name) нет ни одной команды: ничего не проверено"
      : "replay: \(name) has no commands: nothing was checked"
  }

  /// An argument that its `${NAME}`s make longer than `limit` bytes.
  func expandedTooLong(limit: Int) -> String {
    russian
      ? "с подставленными переменными аргумент длиннее \(limit) байт"
      : "with its variables replaced, the argument is longer than \(limit) bytes"
  }
}
