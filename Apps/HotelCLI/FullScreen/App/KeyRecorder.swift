/// `--record FILE` in the full-screen app: what the person does, written as script lines that
/// `hotel replay` runs to the same end.
///
/// Keys become `type`, `tap`, `next` and `back`; a field's keystrokes become one `type ID TEXT`
/// with its final text, written when the field is left or before the next line; lines typed at `:`
/// are written as typed.
@MainActor
final class KeyRecorder {
  private let recorder: ScriptRecorder
  private var pending: (id: String, text: String)?
  /// The field a replay has focused at this point, as far as the lines written tell.
  private var replayFocus: String?

  /// Records into `recorder`.
  init(_ recorder: ScriptRecorder) { self.recorder = recorder }

  /// The text of field `id` is now `text` (typed, pasted or picked in the calendar).
  func typed(_ id: String, _ text: String) {
    if let pending, pending.id != id { flush() }
    pending = (id, text)
    // Held in the file's recorder: a stop signal (the terminal closed) writes it too.
    recorder.hold("type \(id) \(Self.quoted(text))")
  }

  /// Writes the pending `type` line, if any.
  func flush() {
    guard let pending else { return }
    self.pending = nil
    recorder.commitHeld()
    replayFocus = pending.id
  }

  /// The message that the record file could not be written and recording stopped, the first
  /// time it is asked for after that happened.
  func unreportedFailure() -> String? { recorder.unreportedFailure() }

  /// Enter on a field (Return): `next`, after focusing `field` if a replay would not have it
  /// focused.
  func next(from field: String) {
    flush()
    if replayFocus != field { write("tap \(field)") }
    write("next")
  }

  /// A line (`tap ID`, `back`, or one typed at `:`).
  func record(_ line: String) {
    flush()
    write(line)
  }

  /// The view model's focus after the line just written (a `next`, Pay, a screen change).
  func focusIs(_ id: String?) { replayFocus = id }

  private func write(_ line: String) {
    recorder.append(line)
  }

  /// `text` as one script argument: bare when it is one plain word, else as
  /// ``ScriptRecorder/quoted(_:)`` writes it (`"` and `\` escaped, `${` as `$${`).
  static func quoted(_ text: String) -> String {
    let plain =
      !text.isEmpty && !text.hasPrefix("#") && !text.contains("${")
      && !text.contains { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "\\" || $0.isNewline }
    return plain ? text : ScriptRecorder.quoted(text)
  }
}
