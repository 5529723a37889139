import Domain
import Presentation

/// Runs one script command against a ``FlowDriver`` and checks expectations.
@MainActor
struct StepExecutor {
  /// The flow.
  let driver: any FlowDriver
  /// The language of the failure messages.
  var strings: CLIStrings = .english

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
      return await driver.back().map { .failed(strings.refusal($0, on: screen)) } ?? .passed
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
    await driver.tap(id).map { refused("tap", id, $0) } ?? .passed
  }

  private func type(_ id: String, _ text: String) async -> StepResult {
    await driver.type(id, text).map { refused("type", id, $0) } ?? .passed
  }

  private func refused(_ verb: String, _ id: String, _ error: ActionError) -> StepResult {
    guard case .unknownElement = error else {
      return .failed("\(verb) " + strings.refusal(error, on: driver.snapshot.screen))
    }
    return .failed("\(verb) \(id): \(missing(id, in: driver.snapshot))")
  }

  // MARK: - Expectations

  private func check(_ expectation: Expectation) -> StepResult {
    switch expectation {
    case .error(let id), .valid(let id), .value(let id, _), .enabled(let id), .disabled(let id):
      driver.bringIntoView(id)
    case .screen, .text: break
    }
    let model = driver.snapshot
    switch expectation {
    case .screen(let screen):
      guard model.screen == screen else {
        return .failed(
          "expect screen \(screen.rawValue): \(strings.screenIs(model.screen.rawValue))")
      }
      return .passed
    case .error(let id):
      return checkField(id, "expect error \(id)", in: model) { field in
        field.error == nil
          ? strings.fieldShowsNoError(value: field.maskedValue) : nil
      }
    case .valid(let id):
      return checkField(id, "expect valid \(id)", in: model) { field in
        field.error.map { strings.fieldShowsError($0) }
      }
    case .value(let id, let text):
      return checkField(id, "expect value \(id)", in: model) { field in
        guard !SpaceNormalization.equal(field.value, text) else { return nil }
        let (shownValue, shownWanted) = (field.maskedValue, field.masked(text))
        return shownValue == shownWanted
          ? strings.fieldShowsMaskedDifference(shownValue)
          : strings.fieldShows(shownValue, not: shownWanted)
      }
    case .enabled(let id):
      return checkButton(id, enabled: true, in: model)
    case .disabled(let id):
      return checkButton(id, enabled: false, in: model)
    case .text(let text):
      let wanted = SpaceNormalization.Text(text)
      guard
        drawnLinesHold(wanted, model)
          || Self.wrappableTexts(of: model).contains(where: {
            SpaceNormalization.Text($0).contains(wanted)
          })
      else {
        return .failed(strings.textNotOnScreen(text, screen: model.screen.rawValue))
      }
      return .passed
    }
  }

  /// Whether the screen drawn without colour, its lines joined by line breaks and normalised,
  /// holds `wanted`; the lines below a match found on the bytes are not drawn.
  private func drawnLinesHold(_ wanted: SpaceNormalization.Text, _ model: ScreenSnapshot) -> Bool {
    let renderer = ScreenRenderer(color: false, strings: Localizer(language: strings.language))
    var screen = SpaceNormalization.Text()
    var found = false
    var lineCount = 0
    renderer.draw(model) { line in
      let searched = screen.utf8.count - wanted.utf8.count + 1
      if lineCount > 0 { screen.append("\n") }
      lineCount += 1
      for run in line.runs { screen.append(TerminalText.neutralized(run.text)) }
      found = screen.quickContains(wanted, from: searched) == true
      return !found
    }
    return found || screen.contains(wanted)
  }

  /// The texts the screen draws that its boxes may wrap over several lines, whole: the status line
  /// (toast, notice, failure), names, texts and detail values (as far as they are drawn) and each
  /// drawn field's label and message.
  ///
  /// So `expect text` finds a message as written ("The passport must be valid after the trip ends
  /// on 27 September 2027") when the box breaks it in two; a field inside a collapsed section is
  /// not drawn and not searched. Looked at only when the drawn lines do not hold the text.
  static func wrappableTexts(of model: ScreenSnapshot) -> [String] {
    var texts = [model.toast, model.notice, model.failure].compactMap { $0 }
    func collect(_ blocks: [Block]) {
      for block in blocks {
        switch block {
        case .heading(let text):
          texts.append(drawnWhole(text, maximumLines: TextLayout.maximumHeadingLines))
        case .text(let text):
          texts.append(drawnWhole(text, maximumLines: TextLayout.maximumTextLines))
        case .rows(let rows):
          texts += rows.map { drawnWhole($0.value, maximumLines: TextLayout.maximumTextLines) }
        case .field(let field):
          texts += [field.label] + (field.error.map { [$0] } ?? [])
        case .section(let section) where !section.isCollapsible || section.isExpanded:
          collect(section.content)
        default:
          break
        }
      }
    }
    collect(model.blocks)
    return texts
  }

  /// A name or a text as the screen draws it, its lines joined: what is cut from a long one (after
  /// "…") is not drawn and is not found.
  ///
  /// Wrapped narrower than any box, so never more of it than the screen shows.
  private static func drawnWhole(_ text: String, maximumLines: Int) -> String {
    TextLayout.wrap(text.replacing("\r\n", with: "\n"), to: 60, maximumLines: maximumLines)
      .map { StyledLine($0).written }.joined(separator: " ")
  }

  /// `line` as a report outside the form shows it: the text of a `type` or an
  /// `expect value` into a field holding personal data (by its rules) masked, as the field's
  /// value is (SPEC section 8); any other line as written.
  static func shown(_ line: ScriptLine, in model: ScreenSnapshot) -> String {
    switch line.command {
    case .type(let id, let text):
      guard let field = model.field(id), field.isPersonal else { return line.text }
      return "type \(id) \(ScriptRecorder.quoted(field.masked(text)))"
    case .expect(.value(let id, let text)):
      guard let field = model.field(id), field.isPersonal else { return line.text }
      return "expect value \(id) \(ScriptRecorder.quoted(field.masked(text)))"
    default:
      return line.text
    }
  }

  private func checkField(
    _ id: String, _ what: String, in model: ScreenSnapshot, problem: (FieldModel) -> String?
  ) -> StepResult {
    guard let field = model.field(id) else {
      if model.button(id) != nil { return .failed("\(what): \(strings.isAButtonNotAField(id))") }
      return .failed("\(what): \(missing(id, in: model))")
    }
    return problem(field).map { .failed("\(what): \($0)") } ?? .passed
  }

  private func checkButton(_ id: String, enabled: Bool, in model: ScreenSnapshot) -> StepResult {
    let what = "expect \(enabled ? "enabled" : "disabled") \(id)"
    guard let button = model.button(id) else {
      if model.field(id) != nil { return .failed("\(what): \(strings.isAFieldNotAButton(id))") }
      return .failed("\(what): \(missing(id, in: model))")
    }
    guard button.isEnabled == enabled else {
      return .failed("\(what): \(strings.buttonIs(enabled: button.isEnabled))")
    }
    return .passed
  }

  // MARK: - Lookup

  private func missing(_ id: String, in model: ScreenSnapshot) -> String {
    let screen = model.screen.rawValue
    if model.isUnreachable {
      return strings.apiUnreachable + strings.retryHint(screen)
    }
    if let failure = model.loadFailure {
      return strings.screenCouldNotLoad(screen, failure) + strings.retryHint(screen)
    }
    let message = strings.refusal(
      .unknownElement(id, available: model.availableIDs), on: model.screen)
    // The shown IDs and, for a room off the shown page, the close IDs of the whole catalogue.
    let ids = model.availableIDs + driver.similarIDs(to: id)
    let hint = ArgumentParser.suggestion(id, ids, strings: strings)
    return message + (hint.isEmpty ? strings.helpListsTheIDs : hint)
  }
}
