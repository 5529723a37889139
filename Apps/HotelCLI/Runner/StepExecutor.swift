import Domain
import Presentation

/// Runs one script command against a ``FlowDriver`` and checks expectations.
@MainActor
struct StepExecutor {
  /// The flow.
  let driver: any FlowDriver
  /// The words `expect text` sees the screen drawn with (the screen's language).
  var strings = Localizer(language: .en)

  /// Runs `command`; `show` and `help` are left to the caller (they only print).
  func execute(_ command: ScriptCommand) async -> StepResult {
    switch command {
    case .tap(let id):
      return await tap(id)
    case .type(let id, let text):
      return await type(id, text)
    case .next:
      await driver.next()
      return .passed
    case .back:
      let screen = driver.snapshot.screen
      guard await driver.back() else {
        return .failed("back: there is no screen before \(screen.rawValue)")
      }
      return .passed
    case .expect(let expectation):
      return check(expectation)
    case .show, .help:
      return .passed
    case .quit:
      return .quit
    }
  }

  // MARK: - Actions

  private func tap(_ id: String) async -> StepResult {
    let model = driver.snapshot
    switch lookup(id, in: model, for: "tap") {
    case .failure(let failure):
      return .failed(failure.message)
    case .success(.field(let field)):
      guard field.isEnabled else { return .failed("tap \(id): the field is read-only") }
      return await driver.tap(id).map { .failed("tap \(id): \($0)") } ?? .passed
    case .success(.button(let button)):
      guard button.isEnabled else { return .failed("tap \(id): the button is disabled") }
      return await driver.tap(id).map { .failed("tap \(id): \($0)") } ?? .passed
    }
  }

  private func type(_ id: String, _ text: String) async -> StepResult {
    let model = driver.snapshot
    switch lookup(id, in: model, for: "type") {
    case .failure(let failure):
      return .failed(failure.message)
    case .success(.button):
      return .failed("type \(id): that is a button; use: tap \(id)")
    case .success(.field(let field)):
      guard field.isEnabled else { return .failed("type \(id): the field is read-only") }
      return await driver.type(id, text).map { .failed("type \(id): \($0)") } ?? .passed
    }
  }

  // MARK: - Expectations

  private func check(_ expectation: Expectation) -> StepResult {
    let model = driver.snapshot
    switch expectation {
    case .screen(let screen):
      guard model.screen == screen else {
        return .failed("expect screen \(screen.rawValue): the screen is \(model.screen.rawValue)")
      }
      return .passed
    case .error(let id):
      return checkField(id, "expect error \(id)", in: model) { field in
        field.error == nil
          ? "the field shows no error (value '\(Self.shown(field.value, id))')" : nil
      }
    case .valid(let id):
      return checkField(id, "expect valid \(id)", in: model) { field in
        field.error.map { "the field shows the error '\($0)'" }
      }
    case .value(let id, let text):
      return checkField(id, "expect value \(id)", in: model) { field in
        SpaceNormalization.equal(field.value, text)
          ? nil : "the field shows '\(Self.shown(field.value, id))', not '\(Self.shown(text, id))'"
      }
    case .enabled(let id):
      return checkButton(id, enabled: true, in: model)
    case .disabled(let id):
      return checkButton(id, enabled: false, in: model)
    case .text(let text):
      let rendered = ScreenRenderer(color: false, strings: strings).render(model)
      guard SpaceNormalization.contains(rendered, text) else {
        return .failed("expect text: '\(text)' is not on the \(model.screen.rawValue) screen")
      }
      return .passed
    }
  }

  /// A field's text as a failure message may show it: masked for a field that holds personal
  /// data (SPEC section 8: a phone or a passport number), as is otherwise.
  static func shown(_ text: String, _ id: String) -> String {
    let fieldID = id.split(separator: ".").last.map(String.init) ?? id
    return PersonalData.bookingFieldIDs.contains(fieldID) ? PersonalData.masked(text) : text
  }

  private func checkField(
    _ id: String, _ what: String, in model: ScreenSnapshot, problem: (FieldModel) -> String?
  ) -> StepResult {
    guard let field = model.field(id) else {
      if model.button(id) != nil { return .failed("\(what): '\(id)' is a button, not a field") }
      return .failed("\(what): \(missing(id, in: model))")
    }
    return problem(field).map { .failed("\(what): \($0)") } ?? .passed
  }

  private func checkButton(_ id: String, enabled: Bool, in model: ScreenSnapshot) -> StepResult {
    let what = "expect \(enabled ? "enabled" : "disabled") \(id)"
    guard let button = model.button(id) else {
      if model.field(id) != nil { return .failed("\(what): '\(id)' is a field, not a button") }
      return .failed("\(what): \(missing(id, in: model))")
    }
    guard button.isEnabled == enabled else {
      return .failed("\(what): the button is \(button.isEnabled ? "enabled" : "disabled")")
    }
    return .passed
  }

  // MARK: - Lookup

  private func lookup(
    _ id: String, in model: ScreenSnapshot, for verb: String
  ) -> Result<ScreenSnapshot.Element, LookupFailure> {
    guard let (element, isReachable) = model.element(id) else {
      return .failure(LookupFailure("\(verb) \(id): \(missing(id, in: model))"))
    }
    guard isReachable else {
      return .failure(
        LookupFailure("\(verb) \(id): it is inside a collapsed section; tap the section first"))
    }
    return .success(element)
  }

  private func missing(_ id: String, in model: ScreenSnapshot) -> String {
    if model.isUnreachable {
      return "the API could not be reached and no saved data could serve"
        + " ('tap \(model.screen.rawValue).retry' tries again)"
    }
    if let failure = model.loadFailure {
      return "the \(model.screen.rawValue) screen could not load: \(failure)"
        + " ('tap \(model.screen.rawValue).retry' tries again)"
    }
    let message = "there is no '\(id)' on the \(model.screen.rawValue) screen"
    let ids = model.availableIDs
    let hint = ArgumentParser.suggestion(id, ids)
    return message + (hint.isEmpty ? "; 'help' lists the IDs" : hint)
  }

  /// A lookup that failed, with its message.
  struct LookupFailure: Error {
    var message: String
    init(_ message: String) { self.message = message }
  }
}
