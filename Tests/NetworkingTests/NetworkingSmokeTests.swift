import Testing

@testable import Networking

// Placeholder until the module's issue lands: checks the module links into a test.
@Test func networkingModuleLinks() {
  #expect(Bool(true))
}
