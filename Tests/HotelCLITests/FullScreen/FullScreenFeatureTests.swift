import Domain
import Presentation
import Testing

@testable import HotelCLI

/// The full-screen app's reduce step, tested as TCA tests a feature: one event in, the whole next
/// state and the effects asserted.
@MainActor
@Suite struct FullScreenFeatureTests {
  typealias Effect = FullScreenFeature.Effect

  /// A store of the feature's state: ``send(_:_:effects:sourceLocation:)`` reduces one event and
  /// expects the whole state that `change` makes of the one before, and exactly `effects`.
  @MainActor
  struct Store {
    var state: FullScreenState
    var context = FullScreenFeature.Context()
    let feature = FullScreenFeature(strings: .english, variables: ScriptVariables())

    init(_ state: FullScreenState = FullScreenState(size: .init(columns: 80, rows: 24))) {
      self.state = state
    }

    mutating func send(
      _ event: FullScreenFeature.Event, _ change: (inout FullScreenState) -> Void = { _ in },
      effects: [Effect] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) {
      var expected = state
      change(&expected)
      let actual = feature.reduce(into: &state, event, context)
      #expect(state == expected, sourceLocation: sourceLocation)
      #expect(actual == effects, sourceLocation: sourceLocation)
    }
  }

  private static let email = FieldModel(path: "buyer.email", label: "Email")
  private static let notify = FieldModel(path: "buyer.notify", label: "Notify", keyboard: .toggle)
  private static let pay = ButtonModel(action: .pay, title: "Pay")

  /// The elements of a form: Email, a switch, Pay.
  private static let elements: [BodyLayout.Anchor] = [
    .init(id: email.id, kind: .field(email), firstLine: 0, lastLine: 0),
    .init(id: notify.id, kind: .field(notify), firstLine: 1, lastLine: 1),
    .init(id: pay.id, kind: .button(pay.action), firstLine: 2, lastLine: 2),
  ]

  /// A store on the form, the focus on Email with its editor open.
  private static func formStore() -> Store {
    var store = Store()
    store.context.elements = elements
    store.context.canGoBack = true
    store.state.focus = .init(
      element: email.id, model: email.id, editing: .init(id: email.id, editor: LineEditor("")))
    return store
  }

  @Test func tabMovesTheFocusAndTheViewModelsFocusFollows() {
    var store = Self.formStore()
    store.send(.key(.tab), { $0.focus.element = Self.notify.id }, effects: [.focusModel(nil)])
    store.send(
      .key(.backTab), { $0.focus.element = Self.email.id }, effects: [.focusModel(Self.email.id)])
    // The first element: nothing before it (no wrapping around).
    store.send(.key(.up))
    store.send(.key(.down), { $0.focus.element = Self.notify.id }, effects: [.focusModel(nil)])
    store.send(.key(.down), { $0.focus.element = Self.pay.id }, effects: [.focusModel(nil)])
    store.send(.key(.tab))
  }

  @Test func typingEditsTheFieldsEditorAndGoesIntoTheField() {
    var store = Self.formStore()
    store.send(
      .key(.text("a")), { $0.focus.editing?.editor = LineEditor("a") },
      effects: [.type("a", fieldID: Self.email.id, by: .text("a"))])
    // A cursor move changes only the editor.
    var moved = LineEditor("a")
    _ = moved.handle(.left)
    store.send(.key(.left), { $0.focus.editing?.editor = moved })
    // `:` and `?` are text in a text field.
    var typed = moved
    _ = typed.handle(.text(":"))
    store.send(
      .key(.text(":")), { $0.focus.editing?.editor = typed },
      effects: [.type(":a", fieldID: Self.email.id, by: .text(":"))])
  }

  @Test func keysTypedWhileTheScreenLoadsWaitAndEscDropsThem() {
    var store = Self.formStore()
    store.context.isLoading = true
    store.send(.key(.text("a")), { $0.typeAhead.keys.hold(.text("a")) })
    store.send(.key(.tab), { $0.typeAhead.keys.hold(.tab) })
    // `?` waits behind the keys before it.
    store.send(.key(.text("?")), { $0.typeAhead.keys.hold(.text("?")) })
    store.send(
      .key(.escape), { $0.typeAhead.keys = TypeAhead() },
      effects: [.goBackDroppingTypeAhead(count: 3)])
    // Ctrl-C never waits.
    store.send(.key(.control("c")), { $0.hasQuit = true })
  }

  @Test func theKeysOverlayOpensWhileTheScreenLoadsAndAnyKeyButItsOwnClosesIt() {
    var store = Store()
    store.context.isLoading = true
    store.context.helpScrollLimit = 2
    store.context.helpPage = 5
    store.send(.key(.text("?")), { $0.overlay = .help(top: 0) })
    store.send(.key(.down), { $0.overlay = .help(top: 1) })
    store.send(.key(.pageDown), { $0.overlay = .help(top: 2) })
    store.send(.key(.pageUp), { $0.overlay = .help(top: 0) })
    store.send(.key(.enter), { $0.overlay = .none })
  }

  @Test func theCommandLineEditsCompletesAndRuns() {
    var store = Self.formStore()
    store.state.focus.element = Self.pay.id
    store.state.status.said = .info("expectation held")
    store.send(
      .key(.text(":")),
      {
        $0.overlay = .command
        $0.status.said = .none
      })
    let typed = "tap " + Self.pay.id.dropLast(2)
    store.send(.key(.text(typed)), { _ = $0.commandLine.edit(.text(typed)) })
    #expect(store.state.commandLine.editor.text == typed)
    store.send(
      .key(.tab),
      {
        _ = $0.commandLine.complete(ids: Self.elements.map(\.id))
      })
    store.send(
      .key(.enter),
      {
        $0.commandLine.remember("tap \(Self.pay.id) ")
        $0.overlay = .none
        $0.isRunningCommand = true
      }, effects: [.execute(.tap(Self.pay.id), text: "tap \(Self.pay.id) ")])
    // Keys wait for the command.
    store.send(.key(.tab), { $0.typeAhead.keys.hold(.tab) })
    store.send(
      .commandFinished(.failed("no such button"), isExpectation: false),
      {
        $0.isRunningCommand = false
        $0.status.said = .error("no such button")
      })
  }

  @Test func aBadCommandIsSaidAndQuitRecordsItself() {
    var store = Store()
    store.send(.key(.function(2)), { $0.overlay = .command })
    store.send(.key(.text("frobnicate")), { _ = $0.commandLine.edit(.text("frobnicate")) })
    let problem: String
    do {
      _ = try ScriptParser.parse(line: "frobnicate", number: 1, strings: .english)
      problem = ""
    } catch {
      problem = error.problem
    }
    store.send(
      .key(.enter),
      {
        $0.commandLine.remember("frobnicate")
        $0.overlay = .none
        $0.status.said = .error(CLIStrings.english.badCommand(problem))
      })
    store.send(
      .key(.text(":")),
      {
        $0.overlay = .command
        $0.commandLine.open()
      })
    // Backspace on an empty line closes it.
    store.send(.key(.backspace), { $0.overlay = .none })
    store.send(.key(.text(":")), { $0.overlay = .command })
    store.send(.key(.text("quit")), { _ = $0.commandLine.edit(.text("quit")) })
    store.send(
      .key(.enter),
      {
        $0.commandLine.remember("quit")
        $0.overlay = .none
        $0.hasQuit = true
      }, effects: [.record("quit")])
  }

  @Test func f4OpensADateFieldsCalendarWhichMovesPicksAndCloses() {
    var store = Self.formStore()
    let birthDate = FieldModel(path: "tourist.1.birthDate", label: "Date of birth", keyboard: .date)
    store.context.elements = [
      .init(id: birthDate.id, kind: .field(birthDate), firstLine: 0, lastLine: 0)
    ]
    let today = CalendarDate(year: 2026, month: 6, day: 1)!
    let popup = CalendarPopup(
      fieldID: birthDate.id, selected: today, rule: DateRule(today: today) { _ in nil })
    store.context.calendar = { $0.id == birthDate.id ? popup : nil }
    store.state.focus = .init(
      element: birthDate.id, editing: .init(id: birthDate.id, editor: LineEditor("")))
    store.send(.key(.function(4)), { $0.overlay = .calendar(popup) })
    var moved = popup
    _ = moved.handle(.right)
    store.send(.key(.right), { $0.overlay = .calendar(moved) })
    store.send(
      .key(.enter), { $0.overlay = .none },
      effects: [.pick(CalendarDate(year: 2026, month: 6, day: 2)!, fieldID: birthDate.id)])
    store.send(.key(.alt(.down)), { $0.overlay = .calendar(popup) })
    store.send(.key(.escape), { $0.overlay = .none })
    // A text field has no calendar.
    store.state.focus = Self.formStore().state.focus
    store.context.elements = Self.elements
    store.send(.key(.function(4)))
  }

  @Test func textOnASectionsTitleGoesIntoItsFirstFieldAndElsewhereIsRefused() {
    var store = Self.formStore()
    let section = BodyLayout.Anchor(
      id: "booking.details", kind: .section(.bookingDetails), firstLine: 0, lastLine: 0)
    store.context.elements = [section] + Self.elements
    store.state.focus = .init(element: section.id)
    store.send(
      .key(.text("I")),
      {
        $0.focus.element = Self.email.id
        $0.focus.editing = .init(id: Self.email.id, editor: LineEditor("I"))
      }, effects: [.focusModel(Self.email.id), .type("I", fieldID: Self.email.id, by: .text("I"))])
    store.state.focus = .init(element: Self.pay.id)
    store.send(.key(.text("x")), { $0.status.said = .info(CLIStrings.english.typedOutsideAField) })
  }

  @Test func textReadAtOnceOutsideAFieldIsAKeyPerCharacter() {
    var store = Self.formStore()
    store.state.focus = .init(element: Self.pay.id)
    store.send(.key(.text(":tap")), effects: [.typeEach(":tap")])
    // In a text field it is typed whole.
    store.state.focus = .init(
      element: Self.email.id, editing: .init(id: Self.email.id, editor: LineEditor("")))
    store.send(
      .key(.text(":tap")), { $0.focus.editing?.editor = LineEditor(":tap") },
      effects: [.type(":tap", fieldID: Self.email.id, by: .text(":tap"))])
  }

  @Test func escGoesBackAndCtrlCQuitsWithoutAsking() {
    var store = Self.formStore()
    store.send(.key(.escape), effects: [.perform(.back, recordedAs: "back")])
    store.send(.key(.control("\\")), { $0.hasQuit = true })
  }

  @Test func enterPressesReturnsOrTogglesAndSpaceTogglesASwitch() {
    var store = Self.formStore()
    store.send(.key(.enter), effects: [.returnFrom(Self.email.id)])
    store.state.focus = .init(element: Self.pay.id)
    store.send(.key(.enter), effects: [.press(.pay, id: Self.pay.id)])
    store.send(.key(.text(" ")), effects: [.press(.pay, id: Self.pay.id)])
    store.state.focus = .init(element: Self.notify.id)
    store.send(
      .key(.text(" ")),
      effects: [.perform(.tap(Self.notify.id), recordedAs: "tap \(Self.notify.id)")])
  }

  @Test func anEnterTypedAheadDoesNotPressAButton() {
    var store = Self.formStore()
    store.context.buttonTitle = { $0 == .pay ? "Pay 1 204 000 ₽" : nil }
    store.state.focus = .init(element: Self.pay.id)
    store.state.typeAhead.isApplying = true
    store.send(
      .apply(.enter),
      {
        $0.status.said = .error(
          CLIStrings.english.typedAheadPressRefused("Pay 1 204 000 ₽", key: "Enter"))
        $0.typeAhead.refused = true
      })
  }

  @Test func pageDownScrollsAndTakesTheFocusIntoView() {
    var store = Self.formStore()
    let elements: [BodyLayout.Anchor] = (0..<10).map { line in
      let field = FieldModel(path: FieldPath("tourist.1.field\(line)"), label: "Field \(line)")
      return .init(id: field.id, kind: .field(field), firstLine: line * 3, lastLine: line * 3)
    }
    store.context.elements = elements
    store.context.bodyHeight = 6
    store.context.bodyLineCount = 30
    store.state.focus = .init(element: elements[0].id)
    var scrolled = Viewport()
    scrolled.scroll(pages: 1, height: 6, total: 30)
    store.send(
      .key(.pageDown),
      {
        $0.viewport = scrolled
        $0.focus.element = elements[2].id
      }, effects: [.focusModel(elements[2].id)])
    #expect(scrolled.top == 5)
    store.send(
      .key(.pageUp),
      {
        $0.viewport = Viewport()
        $0.focus.element = elements[1].id
      }, effects: [.focusModel(elements[1].id)])
  }

  @Test func aKeyThatDoesNothingIsSaidUnlessAnErrorShows() {
    var store = Self.formStore()
    store.send(
      .key(.function(5)),
      { $0.status.said = .info(CLIStrings.english.keyDoesNothing("F5", inTextField: true)) })
    store.state.status.said = .error("Pay is not available yet")
    store.send(.key(.function(5)))
  }

  @Test func aResizeRedrawsAndBelowTheSmallestSizeKeysWait() {
    var store = Self.formStore()
    store.send(
      .resized(.init(columns: 40, rows: 10)), { $0.size = .init(columns: 40, rows: 10) },
      effects: [.redraw])
    store.send(.key(.text("a")), { $0.typeAhead.keys.hold(.text("a")) })
    store.send(.key(.control("l")), effects: [.redraw])
    store.send(.resized(nil), effects: [.redraw])
    store.send(
      .resized(.init(columns: 100, rows: 30)), { $0.size = .init(columns: 100, rows: 30) },
      effects: [.redraw])
  }

  @Test func aNewScreenStartsAtItsTopWithTheViewModelsFocus() {
    var store = Self.formStore()
    store.state.viewport.scroll(pages: 2, height: 10, total: 100)
    let birthDate = FieldModel(path: "tourist.1.birthDate", label: "Date of birth", keyboard: .date)
    let today = CalendarDate(year: 2026, month: 6, day: 1)!
    store.state.overlay = .calendar(
      CalendarPopup(
        fieldID: birthDate.id, selected: today, rule: DateRule(today: today) { _ in nil }))
    let rooms = ScreenSnapshot(screen: .rooms, title: "Rooms", blocks: [])
    let booking = ScreenSnapshot(
      screen: .booking, title: "Booking", blocks: [.field(birthDate)], focus: Self.email.id)
    store.send(
      .screenChanged(from: rooms, to: booking),
      {
        $0.viewport = Viewport()
        $0.focus.editing = nil
        $0.overlay = .none
      }, effects: [.recordFocus(Self.email.id)])
    // The view model moved its focus (Return): taken over.
    var returned = booking
    returned.focus = Self.notify.id
    store.send(
      .screenChanged(from: booking, to: returned),
      {
        $0.focus.element = Self.notify.id
        $0.focus.model = Self.notify.id
      })
    // The calendar's field locked meanwhile: it closes.
    var locked = birthDate
    locked.isEnabled = false
    var lockedScreen = returned
    lockedScreen.blocks = [.field(locked)]
    store.state.overlay = .calendar(
      CalendarPopup(
        fieldID: birthDate.id, selected: today, rule: DateRule(today: today) { _ in nil }))
    store.send(.screenChanged(from: returned, to: lockedScreen), { $0.overlay = .none })
  }

  @Test func theFocusStaysOnAnElementAndTheEditorFollowsItsField() {
    var state = FullScreenState(size: .init(columns: 80, rows: 24))
    // No focus yet: the first element.
    #expect(FullScreenFeature.keepFocus(&state, on: Self.elements, was: []))
    #expect(state.focus.element == Self.email.id)
    #expect(FullScreenFeature.followFocusedField(&state, on: Self.elements))
    #expect(state.focus.editing == .init(id: Self.email.id, editor: LineEditor("")))
    #expect(!FullScreenFeature.followFocusedField(&state, on: Self.elements))
    // Its value changed elsewhere (a pick, a restore): the editor takes it.
    var typed = Self.email
    typed.value = "ivan@"
    let elements = [BodyLayout.Anchor(id: typed.id, kind: .field(typed), firstLine: 0, lastLine: 0)]
    #expect(FullScreenFeature.followFocusedField(&state, on: elements))
    #expect(state.focus.editing?.editor.text == "ivan@")
    // The focused element went away: the one now where it was.
    state.focus.element = Self.notify.id
    #expect(
      FullScreenFeature.keepFocus(
        &state, on: [Self.elements[0], Self.elements[2]], was: Self.elements))
    #expect(state.focus.element == Self.pay.id)
    // On a button, no editor.
    #expect(FullScreenFeature.followFocusedField(&state, on: Self.elements))
    #expect(state.focus.editing == nil)
  }

  @Test func theClockMessagesAndTheEndOfInput() {
    var store = Store()
    store.send(.tick, { $0.status.spinner = 1 })
    store.send(
      .message("The draft cannot be saved"),
      { $0.status.lastingProblem = "The draft cannot be saved" })
    store.send(.key(.control("z")), effects: [.suspend])
    store.send(.suspendRefused, { $0.status.said = .info(CLIStrings.english.cannotSuspend) })
    store.send(
      .commandFinished(.passed, isExpectation: true),
      { $0.status.said = .info(CLIStrings.english.expectationHeld) })
    store.send(.endOfInput, { $0.hasQuit = true })
  }
}
