import Domain
import Foundation
import Presentation
import Testing
import UseCases

/// A SwiftUI host draws a date field as a `DatePicker(selection:in:)` and a UIKit one as a
/// `UIDatePicker` with a minimum and a maximum date: both need the days the field's rules
/// accept, which the view model says (the `hotel` app's calendar offers the same days), so a
/// host does not write the birth date and passport rules of SPEC section 4 again.
@MainActor @Suite struct HostDatePickerTests {
  let api = HostAPI()
  let stores = HostStores()
  let coordinator: AppCoordinator

  init() {
    coordinator = api.coordinator(stores: stores)
  }

  func date(_ text: String) throws -> CalendarDate { try CalendarDate(parsing: text) }

  @Test func aDatePickerOffersTheDaysTheFieldAccepts() async throws {
    let booking = try await coordinator.openBooking(roomID: 2)
    let dates = booking.fields.filter { $0.keyboard == .date }
    let birth = try #require(dates.first)
    let expiry = try #require(dates.last)

    // Born before today (15 January 2027) and at most 120 years ago.
    #expect(
      booking.acceptedDates(birth.path) == (try date("15.01.1907"))...(try date("14.01.2027")))
    // Valid after the trip's last day (27 September 2027).
    #expect(
      booking.acceptedDates(expiry.path) == (try date("28.09.2027"))...(try date("31.12.9999")))
    // Not a date field: no picker.
    let phone = try #require(booking.fields.first { $0.keyboard == .phone })
    #expect(booking.acceptedDates(phone.path) == nil)

    // The edges are the rule's: a picked day inside is valid, one outside is refused.
    let range = try #require(booking.acceptedDates(birth.path))
    for (day, isValid) in [
      (range.lowerBound, true), (range.upperBound, true), (try date("14.01.1907"), false),
      (try date("15.01.2027"), false),
    ] {
      booking.fieldFocused(birth.path)
      booking.fieldChanged(birth.path, to: day.dottedString)
      booking.fieldFocused(nil)
      #expect((booking.fieldModel(birth.path)?.error == nil) == isValid, "\(day)")
    }
    let after = try #require(booking.acceptedDates(expiry.path)).lowerBound
    booking.fieldFocused(expiry.path)
    booking.fieldChanged(expiry.path, to: "27.09.2027")
    booking.fieldFocused(nil)
    #expect(
      booking.fieldModel(expiry.path)?.error
        == "The passport must be valid after the trip ends on 27 September 2027")
    booking.fieldChanged(expiry.path, to: after.dottedString)
    #expect(booking.fieldModel(expiry.path)?.error == nil)
  }

  /// A picker that dims day by day asks the view model's check (the field's rules in the
  /// booking's own context) and words a refused day with the Localizer: the `hotel` app's
  /// calendar built that context itself before (today from the dependencies, the trip's end
  /// from the offer), a second home of it.
  @Test func aDayByDayPickerAsksTheViewModelWhyADayIsRefused() async throws {
    let booking = try await coordinator.openBooking(roomID: 2)
    let dates = booking.fields.filter { $0.keyboard == .date }
    let birth = try #require(dates.first)
    let expiry = try #require(dates.last)
    let checkBirth = try #require(booking.dateCheck(birth.path))
    let checkExpiry = try #require(booking.dateCheck(expiry.path))
    #expect(checkBirth(try date("14.01.2027")) == nil)
    #expect(checkBirth(try date("15.01.2027")) != nil)
    #expect(checkExpiry(try date("28.09.2027")) == nil)
    let refused = try #require(checkExpiry(try date("27.09.2027")))
    #expect(
      coordinator.strings.message(for: refused)
        == "The passport must be valid after the trip ends on 27 September 2027")
    // Every day it accepts is in the range a DatePicker gets, and the ends are accepted.
    let range = try #require(booking.acceptedDates(birth.path))
    #expect(checkBirth(range.lowerBound) == nil && checkBirth(range.upperBound) == nil)
    #expect(checkBirth(try date("14.01.1907")) != nil, "the day before \(range.lowerBound)")
    let phone = try #require(booking.fields.first { $0.keyboard == .phone })
    #expect(booking.dateCheck(phone.path) == nil)
  }

  /// The rules' own ranges across the ends of months, years and leap days.
  @Test(arguments: [
    ("01.03.2028", "31.12.2027", "01.03.1908", "29.02.2028", "01.01.2028"),
    ("01.01.2027", "28.02.2027", "01.01.1907", "31.12.2026", "01.03.2027"),
    ("29.02.2028", "28.02.2028", "29.02.1908", "28.02.2028", "29.02.2028"),
    ("01.03.2027", "30.04.2027", "01.03.1907", "28.02.2027", "01.05.2027"),
  ])
  func theRulesRangesCrossMonthsAndYears(
    today: String, tripEnd: String, firstBirth: String, lastBirth: String, firstExpiry: String
  ) throws {
    let context = ValidationContext(today: try date(today), tripEnd: try date(tripEnd))
    #expect(
      FieldRule.birthDate.acceptedDates(in: context)
        == (try date(firstBirth))...(try date(lastBirth)))
    #expect(
      FieldRule.passportExpiry.acceptedDates(in: context)?.lowerBound == (try date(firstExpiry)))
    #expect(
      FieldRule.passportExpiry.acceptedDates(in: ValidationContext(today: context.today)) == nil)
    #expect(FieldRule.required.acceptedDates(in: context) == nil)
  }

  /// No day can pass: today is the first day there is, or the trip ends on the last.
  @Test func noDayIsNoRange() async throws {
    let first = try date("0001-01-01")
    let last = try date("9999-12-31")
    #expect(FieldRule.birthDate.acceptedDates(in: ValidationContext(today: first)) == nil)
    #expect(
      FieldRule.passportExpiry.acceptedDates(in: ValidationContext(today: first, tripEnd: last))
        == nil)
    let early = api.coordinator(stores: stores, today: first)
    let booking = try await early.openBooking(roomID: 2)
    let birth = try #require(booking.fields.first { $0.keyboard == .date })
    #expect(booking.acceptedDates(birth.path) == nil, "born before the first day: no day")
  }
}
