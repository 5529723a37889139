import Testing

@testable import FixtureAPI

// Placeholder until the module's issue lands: checks the module links into a test.
@Test func fixtureAPIModuleLinks() {
  #expect(Bool(true))
}
