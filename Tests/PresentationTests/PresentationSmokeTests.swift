import Testing

@testable import Presentation

// Placeholder until the module's issue lands: checks the module links into a test.
@Test func presentationModuleLinks() {
  #expect(Bool(true))
}
