import Domain

/// The full-screen app's own words in English and Russian: its key hints, the keys overlay,
/// the calendar and the `:` command line (the screens' words come from Presentation's
/// `Localizer`, through the adapter).
extension CLIStrings {
  private var fullScreenRussian: Bool { language == .ru }

  /// The bottom line's key hints; "Esc back" only where there is a screen to go back to (not on
  /// Hotel, nor on Paid, where the booking is finished).
  ///
  /// Where they do not all fit, Shift-Tab goes first, then `:`, Enter, Tab and Esc; `?` and Ctrl-C
  /// stay.
  func keyHints(canGoBack: Bool) -> KeyHints {
    let ru = fullScreenRussian
    return hints([
      (ru ? "Tab/↓ далее" : "Tab/↓ next", 3),
      (ru ? "Shift-Tab/↑ назад" : "Shift-Tab/↑ previous", 6),
      (ru ? "Enter выбрать" : "Enter press", 4),
      canGoBack ? (ru ? "Esc назад" : "Esc back", 2) : nil,
      (ru ? ": команда" : ": command", 5), (ru ? "? клавиши" : "? keys", 0),
      (ru ? "Ctrl-C выход" : "Ctrl-C quit", 0),
    ])
  }

  /// The key hints in a text field, where `:` and `?` are text.
  func fieldKeyHints(canGoBack: Bool) -> KeyHints {
    let ru = fullScreenRussian
    return hints([
      (ru ? "Tab/Enter далее" : "Tab/Enter next", 3),
      (ru ? "Shift-Tab назад" : "Shift-Tab previous", 6),
      canGoBack ? (ru ? "Esc назад" : "Esc back", 2) : nil,
      (ru ? "F2 команда" : "F2 command", 5),
      (ru ? "F1 клавиши" : "F1 keys", 0), (ru ? "Ctrl-C выход" : "Ctrl-C quit", 0),
    ])
  }

  /// The key hints while the calendar is open (its keys, not the field's: Tab, F1 and F2 do nothing
  /// there, and Esc closes it).
  ///
  /// Where they do not all fit, the year goes first, then the month and the arrows; Enter, Esc and
  /// Ctrl-C stay.
  var calendarKeyHints: KeyHints {
    let ru = fullScreenRussian
    return hints([
      (ru ? "← → ↑ ↓ день, неделя" : "← → ↑ ↓ day, week", 3),
      (ru ? "PgUp/PgDn месяц" : "PgUp/PgDn month", 4), (ru ? "< > год" : "< > year", 5),
      (ru ? "Enter выбрать · Esc закрыть" : "Enter pick · Esc close", 0),
      (ru ? "Ctrl-C выход" : "Ctrl-C quit", 0),
    ])
  }

  /// The key hints while the keys overlay is open (its keys, not the field's or the screen's: any
  /// key but those that scroll it closes it).
  ///
  /// `scrolls`: the overlay is taller than the window, and ↑ ↓ PgUp PgDn scroll it. Where they do
  /// not all fit, the scrolling goes first; what closes it and Ctrl-C stay.
  func helpKeyHints(scrolls: Bool) -> KeyHints {
    let ru = fullScreenRussian
    return hints([
      scrolls ? (ru ? "↑ ↓ PgUp/PgDn прокрутка" : "↑ ↓ PgUp/PgDn scroll", 3) : nil,
      scrolls
        ? (ru ? "другая клавиша закрывает" : "any other key closes", 0)
        : (ru ? "любая клавиша закрывает" : "any key closes", 0),
      (ru ? "Ctrl-C выход" : "Ctrl-C quit", 0),
    ])
  }

  private func hints(_ items: [(String, Int)?]) -> KeyHints {
    KeyHints(hints: items.compactMap { $0.map { KeyHints.Hint(text: $0.0, dropOrder: $0.1) } })
  }

  /// Ctrl-Z where no shell could continue a stopped process (the app is the terminal
  /// window's own command, or a tmux pane's).
  var cannotSuspend: String {
    fullScreenRussian
      ? "Ctrl-Z здесь не работает: нет оболочки, в которую можно вернуться (выход: Ctrl-C)"
      : "Ctrl-Z does nothing here: there is no shell to go back to (Ctrl-C quits)"
  }

  /// A key the app has no use for (F5, Insert, Alt-x), and where every key is listed: F1 in
  /// a text field (where `?` is text), `?` elsewhere.
  func keyDoesNothing(_ name: String, inTextField: Bool) -> String {
    let keys = inTextField ? "F1" : "?"
    return fullScreenRussian
      ? "\(name) здесь ничего не делает (\(keys) — все клавиши)"
      : "\(name) does nothing here (\(keys) lists the keys)"
  }

  /// A character typed where the focus is on no text field (a button, a folded section).
  var typedOutsideAField: String {
    fullScreenRussian
      ? "Не введено: фокус не на поле (Tab — к следующему, ? — все клавиши)"
      : "Not typed: the focus is not on a field (Tab moves on, ? lists the keys)"
  }

  /// After the spinner's words: `count` keys typed while the screen loads wait for it.
  func keysTypedAhead(_ count: Int) -> String {
    fullScreenRussian
      ? "нажато заранее клавиш: \(count)"
      : count == 1 ? "1 key typed ahead" : "\(count) keys typed ahead"
  }

  /// A typed-ahead Enter (or Space, `key`) reached a button the person had not seen: not
  /// pressed, and the keys after it were dropped.
  func typedAheadPressRefused(_ button: String, key: String) -> String {
    fullScreenRussian
      ? "«\(button)» не нажата: \(key == "Space" ? "Пробел" : key) нажат до показа экрана;"
        + " нажмите ещё раз"
      : "“\(button)” not pressed: \(key) was typed before it was shown; press it again"
  }

  /// Keys typed ahead that were not applied (Esc went back, or more were typed than are kept).
  func typedAheadDropped(_ count: Int) -> String {
    fullScreenRussian
      ? "Не применены клавиши, нажатые во время загрузки: \(count)"
      : "Keys typed while the screen loaded that were not applied: \(count)"
  }

  /// The title of the keys overlay.
  var keysTitle: String { fullScreenRussian ? "Клавиши" : "Keys" }

  /// Every key, as (keys, what they do).
  var keys: [(String, String)] {
    fullScreenRussian
      ? [
        ("Tab, ↓", "следующий элемент"), ("Shift-Tab, ↑", "предыдущий элемент"),
        ("Enter", "нажать кнопку, свернуть раздел; в поле — следующее поле"),
        ("Пробел", "нажать кнопку, переключить флажок"), ("Esc", "назад на один экран"),
        ("←, →, Home, End", "курсор в поле"), ("←, → на фото", "предыдущее, следующее фото"),
        ("Backspace, Delete", "удалить символ"),
        ("Ctrl-U, Ctrl-K, Ctrl-W", "удалить до начала, до конца, слово"),
        ("Ctrl-Delete", "удалить слово после курсора"),
        ("Ctrl-←, Ctrl-→", "на слово назад, вперёд"),
        ("F4, Alt-↓", "календарь в поле даты"),
        ("  ← → ↑ ↓", "день, неделя"), ("  PgUp, PgDn", "месяц"), ("  < >", "год"),
        ("  Enter, Esc", "выбрать, закрыть"),
        ("PgUp, PgDn", "прокрутить экран"), (": (F2 в поле)", "командная строка сценария"),
        ("  ↑ ↓, Tab", "история, дополнение команд и ID"), ("? (F1 в поле)", "эта справка"),
        ("Ctrl-Z", "приостановить (fg — вернуться)"), ("Ctrl-C", "выйти (черновик сохранится)"),
      ]
      : [
        ("Tab, ↓", "next element"), ("Shift-Tab, ↑", "previous element"),
        ("Enter", "press a button, toggle a section; on a field: next field"),
        ("Space", "press a button, switch a bool field"), ("Esc", "back one screen"),
        ("←, →, Home, End", "move in a field"), ("←, → on photos", "previous, next photo"),
        ("Backspace, Delete", "delete a character"),
        ("Ctrl-U, Ctrl-K, Ctrl-W", "delete to the start, to the end, a word"),
        ("Ctrl-Delete", "delete the word after the cursor"),
        ("Ctrl-←, Ctrl-→", "a word back, a word forward"),
        ("F4, Alt-↓", "calendar on a date field"),
        ("  ← → ↑ ↓", "day, week"), ("  PgUp, PgDn", "month"), ("  < >", "year"),
        ("  Enter, Esc", "pick, close"),
        ("PgUp, PgDn", "scroll the screen"), (": (F2 in a field)", "script command line"),
        ("  ↑ ↓, Tab", "history, completion of commands and IDs"),
        ("? (F1 in a field)", "this help"),
        ("Ctrl-Z", "suspend (fg comes back)"), ("Ctrl-C", "quit (the draft is kept)"),
      ]
  }

  /// The last line of the keys overlay.
  var closeHint: String {
    fullScreenRussian ? "Любая клавиша закрывает справку" : "Any key closes this help"
  }

  /// The last line of the keys overlay when it is taller than the window: how to scroll,
  /// and which of its lines are shown.
  func helpScrollHint(first: Int, last: Int, of count: Int) -> String {
    fullScreenRussian
      ? "↑ ↓ PgUp PgDn прокрутка (\(first)–\(last) из \(count)) · другая клавиша закрывает"
      : "↑ ↓ PgUp PgDn scroll (\(first)–\(last) of \(count)) · any other key closes"
  }

  /// A stop signal's way out that could not wait for the booking in progress to be saved.
  var draftNotFlushedOnStop: String {
    fullScreenRussian
      ? "остановлено до того, как черновик был сохранён: последние изменения бронирования могут быть потеряны"
      : "stopped before the draft was saved: the last changes to the booking may be lost"
  }

  /// The calendar's hint line.
  var calendarHint: String {
    fullScreenRussian ? "Enter выбрать · Esc закрыть" : "Enter pick · Esc close"
  }

  /// The calendar's line when a key would go past the first day the field accepts.
  var calendarNoEarlierDate: String {
    fullScreenRussian ? "Более раннюю дату выбрать нельзя" : "No earlier date can be chosen"
  }

  /// The calendar's line when a key would go past the last day the field accepts.
  var calendarNoLaterDate: String {
    fullScreenRussian ? "Более позднюю дату выбрать нельзя" : "No later date can be chosen"
  }

  /// The month's name, standalone ("September", "Сентябрь").
  func monthName(_ month: Int) -> String {
    let english = [
      "January", "February", "March", "April", "May", "June", "July", "August", "September",
      "October", "November", "December",
    ]
    let russian = [
      "Январь", "Февраль", "Март", "Апрель", "Май", "Июнь", "Июль", "Август", "Сентябрь",
      "Октябрь", "Ноябрь", "Декабрь",
    ]
    let names = fullScreenRussian ? russian : english
    return names.indices.contains(month - 1) ? names[month - 1] : String(month)
  }

  /// The weekdays from Monday, two letters each.
  var weekdayNames: [String] {
    fullScreenRussian
      ? ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"] : ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
  }

  /// The window is too small.
  func tooSmall(columns: Int, rows: Int, needed: (Int, Int)) -> String {
    fullScreenRussian
      ? "Окно \(columns)×\(rows); нужно не меньше \(needed.0)×\(needed.1)"
      : "The window is \(columns)×\(rows); hotel needs at least \(needed.0)×\(needed.1)"
  }

  /// An expectation typed at the command line held.
  var expectationHeld: String { fullScreenRussian ? "✓ выполнено" : "✓ holds" }

  /// The completion candidates.
  func candidates(_ names: [String]) -> String {
    (fullScreenRussian ? "Варианты: " : "Options: ") + names.joined(separator: " ")
  }

  /// The commands and IDs section of the help.
  var idsTitle: String {
    fullScreenRussian ? "ID на этом экране (для : tap/type)" : "IDs on this screen (for : tap/type)"
  }

  /// The script commands.
  var commandsLine: String {
    fullScreenRussian
      ? "Команды: tap ID · type ID ТЕКСТ · next · back · expect … · show · help · quit"
      : "Commands: tap ID · type ID TEXT · next · back · expect … · show · help · quit"
  }

  /// A bad command line.
  func badCommand(_ problem: String) -> String {
    problem
      + (fullScreenRussian ? " (Tab дополняет, ? — справка)" : " (Tab completes, ? shows help)")
  }

  /// `--record FILE` stopped: a line could not be written (the file keeps what was done
  /// before, and nothing after it, so it still replays).
  func recordingStopped(_ path: String, reason: String) -> String {
    fullScreenRussian
      ? "запись в '\(path)' остановлена: \(reason); в файле то, что сделано до этого"
      : "recording to '\(path)' stopped: \(reason); the file holds what was done before"
  }

  /// Why a file could not be written, from the system's error number: the usual ones in the
  /// message's language, any other in the system's words.
  func systemReason(_ code: Int32) -> String {
    switch code {
    case Platform.SystemError.noSpace:
      fullScreenRussian ? "нет места на диске" : "no space left on device"
    case Platform.SystemError.fileTooLarge:
      fullScreenRussian ? "файл слишком велик" : "the file is too large"
    case Platform.SystemError.accessDenied: permissionDenied
    default: Platform.SystemError.message(code)
    }
  }
}
