import Domain

/// The date picker over a date field (F4 or Alt-↓): a month grid in the screen's language, Monday
/// first.
///
/// Arrows move the day (← / → a day, ↑ / ↓ a week), PgUp / PgDn the month, Shift- or Ctrl-PgUp /
/// PgDn (or `<` / `>`) the year, Home / End the month's first and last day; Enter picks, Esc
/// closes. Only the days the field's rule accepts can be picked; the others are dimmed, and the
/// cursor never lands on one: a key that would is taken to the acceptable day nearest to where it
/// aimed, in the direction it moves, or, when there is none that way, leaves the cursor where it is
/// and the popup says "No earlier (later) date can be chosen". The month shown is always the one
/// holding the cursor.
struct CalendarPopup: Sendable {
  /// The field the date goes into.
  let fieldID: String
  /// The field's rule.
  let rule: DateRule
  /// The first and last days the rule accepts, found once (`nil` when it accepts none near
  /// the field's date or today: then the cursor moves freely and Enter says why not).
  let pickable: ClosedRange<CalendarDate>?
  /// The day under the cursor.
  private(set) var cursor: CalendarDate
  /// What the popup says under the grid instead of its hint, after the last key.
  private(set) var message: Message?

  /// What the popup says after a key.
  enum Message: Equatable, Sendable {
    /// Enter on a day the rule refuses: why.
    case refused(String)
    /// A key aimed before the first acceptable day.
    case noEarlierDate
    /// A key aimed after the last acceptable day.
    case noLaterDate
  }

  /// Why the last Enter picked nothing, if it did not.
  var refusal: String? {
    if case .refused(let problem)? = message { problem } else { nil }
  }

  /// What a key did.
  enum Outcome: Equatable, Sendable {
    /// The popup stays open.
    case open
    /// Enter on an acceptable day: it goes into the field.
    case picked(CalendarDate)
    /// Esc.
    case closed
  }

  /// A picker for `fieldID`, starting at `selected` (the day the field holds) if the rule
  /// accepts it, else at the acceptable day nearest to it (or to today when the field holds
  /// no date).
  init(fieldID: String, selected: CalendarDate?, rule: DateRule) {
    self.fieldID = fieldID
    self.rule = rule
    let start = selected ?? rule.today
    let anchor =
      Self.someAcceptable(near: start, rule: rule)
      ?? Self.someAcceptable(near: rule.today, rule: rule)
    guard let anchor else {
      pickable = nil
      cursor = start
      return
    }
    let range = Self.acceptedRange(around: anchor, rule: rule)
    pickable = range
    let clamped = min(max(start, range.lowerBound), range.upperBound)
    cursor = Self.nearbyAcceptable(to: clamped, rule: rule) ?? anchor
  }

  /// Applies `key`.
  mutating func handle(_ key: Key) -> Outcome {
    message = nil
    switch key {
    case .left: move(to: CalendarMath.adding(days: -1, to: cursor))
    case .right: move(to: CalendarMath.adding(days: 1, to: cursor))
    case .up: move(to: CalendarMath.adding(days: -7, to: cursor))
    case .down: move(to: CalendarMath.adding(days: 7, to: cursor))
    case .pageUp: move(to: adding(months: -1))
    case .pageDown: move(to: adding(months: 1))
    case .shift(.pageUp), .ctrl(.pageUp), .text("<"): move(to: adding(months: -12))
    case .shift(.pageDown), .ctrl(.pageDown), .text(">"): move(to: adding(months: 12))
    case .home:
      move(to: CalendarDate(year: cursor.year, month: cursor.month, day: 1) ?? cursor)
    case .end:
      move(
        to: CalendarDate(
          year: cursor.year, month: cursor.month,
          day: CalendarDate.daysIn(month: cursor.month, year: cursor.year)) ?? cursor)
    case .enter, .text(" "):
      if let problem = rule.problem(cursor) {
        message = .refused(problem)
        return .open
      }
      return .picked(cursor)
    case .escape, .function(4), .alt(.up), .control("c"):
      return .closed
    default:
      break
    }
    return .open
  }

  // MARK: - Drawing

  /// The most lines the hint or the refusal under the grid takes.
  static let maximumHintLines = 4

  /// The popup's lines (all as wide as each other) in `strings`' language.
  func lines(strings: CLIStrings) -> [Line] {
    let inner = 7 * 4 + 1
    var result: [Line] = []
    let title = strings.monthName(cursor.month) + " " + String(cursor.year)
    var top = Line("┌")
    let titleText = " " + title + " "
    let left = max(0, (inner - TextLayout.width(titleText)) / 2)
    top.add(String(repeating: "─", count: left))
    top.add(titleText, .strong)
    top.add(String(repeating: "─", count: max(0, inner - left - TextLayout.width(titleText))))
    top.add("┐")
    result.append(top)
    var header = Line("│ ")
    for name in strings.weekdayNames { header.add(TextLayout.pad(" " + name, to: 4), .faint) }
    header.pad(to: inner + 1)
    header.add("│")
    result.append(header)
    let first = CalendarDate(year: cursor.year, month: cursor.month, day: 1) ?? cursor
    let offset = CalendarMath.weekdayFromMonday(first)
    let days = CalendarDate.daysIn(month: cursor.month, year: cursor.year)
    var day = 1 - offset
    while day <= days {
      var line = Line("│ ")
      for _ in 0..<7 {
        if day < 1 || day > days {
          line.add("    ")
        } else if let date = CalendarDate(year: cursor.year, month: cursor.month, day: day) {
          line.add(" ")
          let text = (day < 10 ? " " : "") + String(day)
          var style = rule.accepts(date) ? TextStyle.plain : TextStyle(dim: true)
          if date == rule.today { style.underline = true }
          if date == cursor {
            style.inverse = true
            style.bold = true
          }
          line.add(text, style)
          line.add(" ")
        }
        day += 1
      }
      line.pad(to: inner + 1)
      line.add("│")
      result.append(line)
    }
    // Why a day cannot be picked is wrapped, not cut ("Дата рождения должна быть р…" said
    // nothing): up to four lines, which a 60×20 screen's body still holds with the grid.
    let said: String
    let saidStyle: TextStyle
    switch message {
    case .refused(let problem)?: (said, saidStyle) = (problem, .colored(.red))
    case .noEarlierDate?: (said, saidStyle) = (strings.calendarNoEarlierDate, .colored(.yellow))
    case .noLaterDate?: (said, saidStyle) = (strings.calendarNoLaterDate, .colored(.yellow))
    case nil: (said, saidStyle) = (strings.calendarHint, .faint)
    }
    var parts = TextLayout.wrap(said, to: inner - 1)
    if parts.count > Self.maximumHintLines {
      let rest = parts[(Self.maximumHintLines - 1)...].joined(separator: " ")
      parts =
        Array(parts.prefix(Self.maximumHintLines - 1))
        + [TextLayout.truncate(rest, to: inner - 1)]
    }
    for part in parts {
      var hint = Line("│ ")
      hint.add(part, saidStyle)
      hint.pad(to: inner + 1)
      hint.add("│")
      result.append(hint)
    }
    result.append(Line("└" + String(repeating: "─", count: inner) + "┘"))
    return result
  }

  // MARK: - Private

  /// The cursor's day `months` months on (the day kept, or the month's last; years 1...9999).
  private func adding(months: Int) -> CalendarDate {
    let index = cursor.year * 12 + (cursor.month - 1) + months
    let year = min(max(index / 12, 1), 9999)
    let month = index % 12 + 1
    let day = min(cursor.day, CalendarDate.daysIn(month: month, year: year))
    return CalendarDate(year: year, month: month, day: day) ?? cursor
  }

  /// Moves the cursor towards `target`: onto it when the rule accepts it, else onto the
  /// acceptable day nearest to it between the cursor and it, or beyond it in the same
  /// direction; when there is none, the cursor stays and the popup says so.
  private mutating func move(to target: CalendarDate) {
    guard target != cursor else {
      // Home on the 1st, a year on in year 9999: nothing to do.
      return
    }
    guard let pickable else {
      cursor = target
      return
    }
    if rule.accepts(target) {
      cursor = target
      return
    }
    let forward = target > cursor
    let aimed = min(max(target, pickable.lowerBound), pickable.upperBound)
    // Beyond the aim (a rule with a gap inside its range), then back towards the cursor.
    let found =
      Self.firstAcceptable(from: aimed, step: forward ? 1 : -1, within: pickable, rule: rule)
      ?? Self.firstAcceptable(from: aimed, step: forward ? -1 : 1, within: pickable, rule: rule)
    if let found, forward ? found > cursor : found < cursor {
      cursor = found
    } else {
      message = forward ? .noLaterDate : .noEarlierDate
    }
  }

  /// The most days looked at one by one for an acceptable day: a rule's range has no gaps
  /// (SPEC section 4), so this is only a bound on a strange one.
  private static let maximumScan = 3_700

  private static func firstAcceptable(
    from start: CalendarDate, step: Int, within range: ClosedRange<CalendarDate>, rule: DateRule
  ) -> CalendarDate? {
    var date = start
    for _ in 0..<maximumScan {
      guard range.contains(date) else { return nil }
      if rule.accepts(date) { return date }
      let next = CalendarMath.adding(days: step, to: date)
      if next == date { return nil }
      date = next
    }
    return nil
  }

  /// An acceptable day near `date`: `date` itself, or 1, 2, 4, ...
  ///
  /// days (up to 11 000 years) later or earlier, later first; `nil` when none of those is. About 50
  /// questions to the rule, where a day-by-day search for a date typed 60 years off would ask 40
  /// 000.
  static func someAcceptable(near date: CalendarDate, rule: DateRule) -> CalendarDate? {
    if rule.accepts(date) { return date }
    var distance = 1
    while distance < 4_000_000 {
      let later = CalendarMath.adding(days: distance, to: date)
      if later != date, rule.accepts(later) { return later }
      let earlier = CalendarMath.adding(days: -distance, to: date)
      if earlier != date, rule.accepts(earlier) { return earlier }
      distance *= 2
    }
    return nil
  }

  /// The acceptable day nearest to `date` within two years either way (later first), or
  /// `nil` when there is none.
  static func nearbyAcceptable(to date: CalendarDate, rule: DateRule) -> CalendarDate? {
    if rule.accepts(date) { return date }
    for distance in 1...731 {
      let later = CalendarMath.adding(days: distance, to: date)
      if rule.accepts(later) { return later }
      let earlier = CalendarMath.adding(days: -distance, to: date)
      if rule.accepts(earlier) { return earlier }
    }
    return nil
  }

  /// The first and last days of the run of acceptable days holding `anchor`, found by
  /// bisection over years 1...9999 (a field's date rule accepts one run of days: before
  /// today and after 120 years ago, after the trip's last day).
  static func acceptedRange(
    around anchor: CalendarDate, rule: DateRule
  ) -> ClosedRange<CalendarDate> {
    let anchorNumber = CalendarMath.dayNumber(anchor)
    func edge(towards limit: Int) -> CalendarDate {
      // `accepted` is accepted, `limit` the farthest day; bisect the day between them where
      // acceptance ends.
      guard let last = CalendarMath.date(dayNumber: limit) else { return anchor }
      if rule.accepts(last) { return last }
      var accepted = anchorNumber
      var refused = limit
      while abs(refused - accepted) > 1 {
        let middle = accepted + (refused - accepted) / 2
        if let date = CalendarMath.date(dayNumber: middle), rule.accepts(date) {
          accepted = middle
        } else {
          refused = middle
        }
      }
      return CalendarMath.date(dayNumber: accepted) ?? anchor
    }
    return edge(towards: CalendarMath.firstDayNumber)...edge(towards: CalendarMath.lastDayNumber)
  }
}

/// Day arithmetic on ``CalendarDate`` (proleptic Gregorian, as ``CalendarDate`` is).
enum CalendarMath {
  /// The day number of 0001-01-01, the first ``CalendarDate``.
  static let firstDayNumber = -719_162
  /// The day number of 9999-12-31, the last ``CalendarDate``.
  static let lastDayNumber = 2_932_896

  /// Days since 1970-01-01.
  static func dayNumber(_ date: CalendarDate) -> Int {
    let year = date.month <= 2 ? date.year - 1 : date.year
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let month = date.month > 2 ? date.month - 3 : date.month + 9
    let dayOfYear = (153 * month + 2) / 5 + date.day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date `number` days after 1970-01-01.
  static func date(dayNumber number: Int) -> CalendarDate? {
    let shifted = number + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return CalendarDate(year: year, month: month, day: day)
  }

  /// `date` moved by `days` (kept within years 1...9999).
  static func adding(days: Int, to date: CalendarDate) -> CalendarDate {
    Self.date(dayNumber: dayNumber(date) + days) ?? date
  }

  /// 0 for Monday ...
  ///
  /// 6 for Sunday.
  static func weekdayFromMonday(_ date: CalendarDate) -> Int {
    // 1970-01-01 was a Thursday (3 from Monday).
    ((dayNumber(date) + 3) % 7 + 7) % 7
  }
}

extension CalendarPopup: Equatable {
  /// Two popups are the same when they are over the same field and show the same (the rule is
  /// the field's, read again each time the popup opens).
  static func == (lhs: CalendarPopup, rhs: CalendarPopup) -> Bool {
    lhs.fieldID == rhs.fieldID && lhs.pickable == rhs.pickable && lhs.cursor == rhs.cursor
      && lhs.message == rhs.message
  }
}
