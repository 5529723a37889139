import Domain
import Testing

/// The pure side of fields computed by the server: which requests an edit calls for, and how
/// an answer propagates; and the `if` function the fixture's form uses.
@Suite struct RemoteFieldStateTests {
  let schema = FormSchema(sections: [
    FormSection(
      id: "buyer", title: "",
      fields: [
        FormField(id: "email", label: "", inputType: .email),
        FormField(id: "phone", label: "", inputType: .phone),
        FormField(
          id: "discount", label: "", inputType: .none, dependsOn: ["email"],
          actionURL: "https://example.com/discount"),
        computed("half", "discount / 2"),
      ])
  ])

  @Test func requestsFollowEditsOfTheInputs() throws {
    var state = try FormEngine(schema: schema).makeState()
    #expect(state.remoteRequests().map(\.path) == ["buyer.discount"])
    let changed = state.setText("a@b.ru", at: "buyer.email")
    #expect(
      state.remoteRequests(affectedBy: changed) == [
        RemoteCalculationRequest(
          path: "buyer.discount", url: "https://example.com/discount",
          inputs: ["buyer.email": .text("a@b.ru")])
      ])
    #expect(state.remoteRequests(affectedBy: state.setText("1", at: "buyer.phone")).isEmpty)
    #expect(
      state.setRemoteValue(.number(10), at: "buyer.discount") == ["buyer.discount", "buyer.half"])
    #expect(state.value("buyer.half") == .number(5))
    #expect(state.setRemoteValue(.number(10), at: "buyer.discount").isEmpty)
    #expect(state.setRemoteValue(.number(10), at: "buyer.email").isEmpty)
  }

  @Test func ifPicksOneBranchAndOnlyEvaluatesThatOne() throws {
    let schema = FormSchema(sections: [
      FormSection(
        id: "s", title: "",
        fields: [
          FormField(id: "on", label: "", inputType: .bool),
          FormField(id: "n", label: "", inputType: .numeric),
          computed("price", "if(on == true, n * 2, 0)"),
        ])
    ])
    var state = try FormEngine(schema: schema).makeState()
    #expect(state.value("s.price") == .number(0), "off, and n (empty) is not evaluated")
    _ = state.setText("true", at: "s.on")
    #expect(state.value("s.price") == .empty, "on: n is missing")
    _ = state.setText("3", at: "s.n")
    #expect(state.value("s.price") == .number(6))
    _ = state.setText("false", at: "s.on")
    #expect(state.value("s.price") == .number(0))
  }
}
