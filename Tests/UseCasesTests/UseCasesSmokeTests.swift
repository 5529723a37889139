import Testing

@testable import UseCases

// Placeholder until the module's issue lands: checks the module links into a test.
@Test func useCasesModuleLinks() {
  #expect(Bool(true))
}
