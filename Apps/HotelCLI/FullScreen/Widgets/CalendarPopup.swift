import Domain

/// The date picker over a date field (F4 or Alt-↓): a month grid in the screen's language,
/// Monday first. Arrows move the day (← / → a day, ↑ / ↓ a week), PgUp / PgDn the month,
/// Shift- or Ctrl-PgUp / PgDn (or `<` / `>`) the year, Home / End the month's first and last
/// day; Enter picks, Esc closes. Only the days the field's rule accepts can be picked; the
/// others are dimmed.
struct CalendarPopup: Sendable {
  /// The field the date goes into.
  let fieldID: String
  /// The field's rule.
  let rule: DateRule
  /// The day under the cursor.
  private(set) var cursor: CalendarDate
  /// Why the last Enter picked nothing, if it did not.
  private(set) var refusal: String?

  /// What a key did.
  enum Outcome: Equatable, Sendable {
    /// The popup stays open.
    case open
    /// Enter on an acceptable day: it goes into the field.
    case picked(CalendarDate)
    /// Esc.
    case closed
  }

  /// A picker for `fieldID`, starting at the day the field holds if it is one, else at the
  /// acceptable day nearest to today.
  init(fieldID: String, value: String, rule: DateRule) {
    self.fieldID = fieldID
    self.rule = rule
    if let date = try? CalendarDate(parsing: value) {
      cursor = date
    } else {
      cursor = Self.nearestAcceptable(to: rule.today, rule: rule)
    }
  }

  /// Applies `key`.
  mutating func handle(_ key: Key) -> Outcome {
    refusal = nil
    switch key {
    case .left: move(days: -1)
    case .right: move(days: 1)
    case .up: move(days: -7)
    case .down: move(days: 7)
    case .pageUp: move(months: -1)
    case .pageDown: move(months: 1)
    case .shift(.pageUp), .ctrl(.pageUp), .text("<"): move(months: -12)
    case .shift(.pageDown), .ctrl(.pageDown), .text(">"): move(months: 12)
    case .home: cursor = CalendarDate(year: cursor.year, month: cursor.month, day: 1) ?? cursor
    case .end:
      cursor =
        CalendarDate(
          year: cursor.year, month: cursor.month,
          day: CalendarDate.daysIn(month: cursor.month, year: cursor.year)) ?? cursor
    case .enter, .text(" "):
      if let problem = rule.problem(cursor) {
        refusal = problem
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
    var parts = TextLayout.wrap(refusal ?? strings.calendarHint, to: inner - 1)
    if parts.count > Self.maximumHintLines {
      let rest = parts[(Self.maximumHintLines - 1)...].joined(separator: " ")
      parts =
        Array(parts.prefix(Self.maximumHintLines - 1))
        + [TextLayout.truncate(rest, to: inner - 1)]
    }
    for part in parts {
      var hint = Line("│ ")
      hint.add(part, refusal == nil ? .faint : .colored(.red))
      hint.pad(to: inner + 1)
      hint.add("│")
      result.append(hint)
    }
    result.append(Line("└" + String(repeating: "─", count: inner) + "┘"))
    return result
  }

  // MARK: - Private

  private mutating func move(days: Int) {
    cursor = CalendarMath.adding(days: days, to: cursor)
  }

  private mutating func move(months: Int) {
    let index = cursor.year * 12 + (cursor.month - 1) + months
    let year = min(max(index / 12, 1), 9999)
    let month = index % 12 + 1
    let day = min(cursor.day, CalendarDate.daysIn(month: month, year: year))
    cursor = CalendarDate(year: year, month: month, day: day) ?? cursor
  }

  /// The acceptable day nearest to `date` within two years either way (later first), or
  /// `date` when there is none.
  static func nearestAcceptable(to date: CalendarDate, rule: DateRule) -> CalendarDate {
    if rule.accepts(date) { return date }
    for distance in 1...731 {
      let later = CalendarMath.adding(days: distance, to: date)
      if rule.accepts(later) { return later }
      let earlier = CalendarMath.adding(days: -distance, to: date)
      if rule.accepts(earlier) { return earlier }
    }
    return date
  }
}

/// Day arithmetic on ``CalendarDate`` (proleptic Gregorian, as ``CalendarDate`` is).
enum CalendarMath {
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

  /// 0 for Monday ... 6 for Sunday.
  static func weekdayFromMonday(_ date: CalendarDate) -> Int {
    // 1970-01-01 was a Thursday (3 from Monday).
    ((dayNumber(date) + 3) % 7 + 7) % 7
  }
}
