import Domain
import UseCases

/// The date fields' calendar: the days a date picker offers and the check of each day, by the
/// field's rules in this booking's context.
extension BookingViewModel {
  /// The check a day-by-day date picker makes of each day for the date field at `path`: the field's
  /// rules in this booking's context (the injected today, the trip's last day), the same ones a
  /// typed date meets.
  ///
  /// A day it answers `nil` for can be picked; a problem says why not (``Localizer/message(for:)``
  /// words it). `nil` when the field is not a date field. Unlike ``acceptedDates(_:)``, it also
  /// answers for a schema's own rules on a date field.
  public func dateCheck(_ path: FieldPath) -> (@Sendable (CalendarDate) -> ValidationError?)? {
    guard let rules = dateRules(path) else { return nil }
    let context = context
    return { day in Self.problem(of: day, under: rules, in: context) }
  }

  /// The day the date field at `path` holds, or `nil` while its text is not a whole date (or
  /// it is not a date field): a `DatePicker`'s selection, where a calendar opens.
  public func date(at path: FieldPath) -> CalendarDate? {
    guard fieldModel(path)?.keyboard == .date else { return nil }
    return try? CalendarDate(parsing: text(of: path))
  }

  /// The days the date field at `path` accepts, first to last, by its rules and today (a birth date
  /// before today and at most 120 years ago; a passport expiry after the trip's last day): a
  /// SwiftUI view's `DatePicker(selection:in:)` range, a `UIDatePicker`'s minimum and maximum.
  ///
  /// A picked day is written into the field as `dd.MM.yyyy` with ``fieldChanged(_:to:)``. `nil`
  /// when the field is not a date field (its ``FieldModel/keyboard`` is not `.date`) or its rules
  /// accept no day.
  public func acceptedDates(_ path: FieldPath) -> ClosedRange<CalendarDate>? {
    guard let rules = dateRules(path) else { return nil }
    var first = CalendarDate.earliest
    var last = CalendarDate.latest
    for rule in rules {
      guard let accepted = rule.acceptedDates(in: context) else { continue }
      first = max(first, accepted.lowerBound)
      last = min(last, accepted.upperBound)
    }
    // A rule whose days are none (today on the first day there is) says `nil` as one that
    // does not limit them: the ends are checked against every rule.
    let accepts = { Self.problem(of: $0, under: rules, in: self.context) == nil }
    return first <= last && accepts(first) && accepts(last) ? first...last : nil
  }

  private func dateRules(_ path: FieldPath) -> [FieldRule]? {
    guard fieldModel(path)?.keyboard == .date else { return nil }
    return state.data.form?.field(path)?.rules
  }

  /// The first problem `day`, written as a typed date, has under `rules`.
  private nonisolated static func problem(
    of day: CalendarDate, under rules: [FieldRule], in context: ValidationContext
  ) -> ValidationError? {
    rules.lazy.compactMap { $0.validate(day.dottedString, in: context) }.first
  }
}
