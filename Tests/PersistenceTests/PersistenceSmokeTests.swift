import Testing

@testable import Persistence

// Placeholder until the module's issue lands: checks the module links into a test.
@Test func persistenceModuleLinks() {
  #expect(Bool(true))
}
