import Domain
import Testing

@testable import Presentation

/// The ledger of the server's calculations: a field's first look, its visibility changes, and
/// which answer is the latest.
@Suite struct RemoteRequestLedgerTests {
  let discount = FieldPath("price.discount")
  let fee = FieldPath("price.fee")

  @Test func aLookTellsWhatTheLastLookSaw() {
    var ledger = RemoteRequestLedger()
    #expect(ledger.look(at: discount, isVisible: true) == nil, "never looked at")
    #expect(ledger.look(at: discount, isVisible: false) == true)
    #expect(ledger.look(at: discount, isVisible: false) == false)
    #expect(ledger.look(at: fee, isVisible: true) == nil, "each field on its own")
    ledger.forgetVisibility()
    #expect(ledger.look(at: discount, isVisible: true) == nil, "a new form: looked at anew")
  }

  @Test func onlyTheLatestRequestLands() {
    var ledger = RemoteRequestLedger()
    let first = ledger.start(discount)
    #expect(ledger.isLatest(first, of: discount))
    let second = ledger.start(discount)
    #expect(!ledger.isLatest(first, of: discount), "an older answer is dropped")
    #expect(ledger.isLatest(second, of: discount))
    #expect(!ledger.isLatest(second, of: fee), "another field has no request")
  }

  @Test func aDroppedRequestIsNoLongerTheLatest() {
    var ledger = RemoteRequestLedger()
    let started = ledger.start(discount)
    ledger.drop(discount)
    #expect(!ledger.isLatest(started, of: discount))
    let next = ledger.start(discount)
    #expect(next != started && ledger.isLatest(next, of: discount))
  }
}
