import Domain
import Foundation
import Testing

@Suite struct TourDatesTests {
  @Test func theStopIsNeverBeforeTheStart() {
    #expect(TourDates(start: .on(2027, 9, 19), stop: .on(2027, 9, 27)) != nil)
    #expect(TourDates(start: .on(2027, 9, 19), stop: .on(2027, 9, 19)) != nil)
    #expect(TourDates(start: .on(2027, 9, 19), stop: .on(2027, 9, 18)) == nil)
  }

  @Test func roundTripsThroughJSON() throws {
    let dates = try #require(TourDates(start: .on(2027, 9, 19), stop: .on(2027, 9, 27)))
    let data = try JSONEncoder().encode(dates)
    #expect(try JSONDecoder().decode(TourDates.self, from: data) == dates)
  }

  @Test(arguments: [
    #"{"start": "2027-09-27", "stop": "2027-09-19"}"#,
    #"{"start": "2027-09-19", "stop": "31.02.2027"}"#,
    #"{"start": "2027-09-19"}"#,
  ])
  func refusesToDecodeImpossibleDates(json: String) {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(TourDates.self, from: Data(json.utf8))
    }
  }
}
