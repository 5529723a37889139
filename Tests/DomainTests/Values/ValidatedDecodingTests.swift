import Domain
import Foundation
import Testing

/// A file or an API payload cannot smuggle in a value that its validating initialiser refuses.
@Suite struct ValidatedDecodingTests {
  struct Contact: Codable, Equatable {
    var phone: PhoneNumber
    var email: EmailAddress
    var name: PersonName
    var passport: PassportNumber
  }

  static let valid = #"""
    {"phone": "+79161234567", "email": "anna@mail.ru", "name": "Анна", "passport": "4506123456"}
    """#

  @Test func decodesValidValuesAndRoundTrips() throws {
    let contact = try JSONDecoder().decode(Contact.self, from: Data(Self.valid.utf8))
    #expect(contact.phone.formatted == "+7 (916) 123-45-67")
    #expect(contact.name.rawValue == "Анна")
    let again = try JSONDecoder().decode(Contact.self, from: JSONEncoder().encode(contact))
    #expect(again == contact)
  }

  @Test func encodesPlainStrings() throws {
    let contact = try JSONDecoder().decode(Contact.self, from: Data(Self.valid.utf8))
    let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(contact))
    let fields = try #require(object as? [String: String])
    #expect(fields["phone"] == "+79161234567")
    #expect(fields["passport"] == "4506123456")
  }

  static let smuggled: [(field: String, value: String)] = [
    ("phone", "12345"),
    ("phone", "+7 (916) ABC-45-67"),
    ("email", "anna@@mail.ru"),
    ("email", ""),
    ("name", "R2-D2"),
    ("name", "   "),
    ("passport", "1234"),
    ("passport", "45-06-123456"),
  ]

  @Test(arguments: smuggled)
  func refusesInvalidValuesNamingTheField(field: String, value: String) throws {
    var object = try #require(
      JSONSerialization.jsonObject(with: Data(Self.valid.utf8)) as? [String: String])
    object[field] = value
    let data = try JSONSerialization.data(withJSONObject: object)
    do {
      _ = try JSONDecoder().decode(Contact.self, from: data)
      Issue.record("decoded an invalid \(field): \(value)")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.codingPath.map(\.stringValue) == [field])
    }
  }

  @Test func refusesAValueThatIsNotAString() {
    let json = #"{"phone": 79161234567, "email": "a@b.cd", "name": "A", "passport": "12345"}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Contact.self, from: Data(json.utf8))
    }
  }
}
