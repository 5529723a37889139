import Domain
import UseCases

/// Why a schema cannot replace the Booking form's: the form stays as it was.
public struct SchemaRefusal: Error, Hashable, Sendable {
  /// The problem, in the screen's language.
  public var message: String
}

extension BookingViewModel {
  /// Replaces the form's schema (a designer's live preview), keeping what was typed in every field
  /// that still exists, tourists included, and the focus when its field still exists.
  ///
  /// A field the new schema drops loses its text; a new required field is not valid until it is
  /// filled. A field shows its check only if it showed one before (not the one being typed
  /// into). When the focused field is gone, the focus moves to the first editable field after
  /// where it was (else before it). Sections keep whether they were collapsed. Before the form
  /// has loaded there is nothing to replace: the screen builds from the service's schema then.
  /// - Throws: ``SchemaRefusal`` when `schema` does not compile for this offer or could never
  ///   place an order; nothing changes then.
  public func replaceSchema(_ schema: FormSchema) throws(SchemaRefusal) {
    guard let offer = state.data.offer, let old = state.data.form else { return }
    do throws(FormSchemaError) {
      _ = try service.forms.engine(
        schema: schema, constants: FormSchema.bookingConstants(for: offer))
    } catch {
      throw SchemaRefusal(message: strings.formSchemaProblem(error))
    }
    if let problem = OrderRequestBuilder.orderFieldProblem(in: schema) {
      throw SchemaRefusal(message: strings.orderFieldProblem(problem))
    }
    let focus = state.ui.focus
    let collapsed = state.ui.collapsed
    let checked = state.validation.checks.keys
    let oldSections = Set(old.schema.sections.map(\.id))
    build(offer: offer, schema: schema, refusal: nil)
    guard let form = state.data.form else { return }
    // Collapsed or not as before where the section was there before; a new one as built.
    let newSections = Set(form.schema.sections.map(\.id))
    state.ui.collapsed =
      collapsed.filter { newSections.contains($0.sectionID) }
      .union(state.ui.collapsed.filter { !oldSections.contains($0.sectionID) })
    // Checked by the new schema's rules.
    let problems = state.validation.problems
    state.validation.checks = [:]
    for path in checked where form.field(path) != nil {
      state.validation.checks[path] = problems[path] == nil ? .valid : .invalid
    }
    screenCache.invalidateAll()
    if let focus, state.ui.focus != focus, form.display(focus) == nil {
      fieldFocused(Self.successor(of: focus, in: old.inputFieldPaths, editableIn: form))
    }
    onInputChange(input)
  }

  /// The first field after `path` in `order` (else the last before it) that `form` shows
  /// editable.
  private static func successor(
    of path: FieldPath, in order: [FieldPath], editableIn form: FormState
  ) -> FieldPath? {
    guard let index = order.firstIndex(of: path) else { return nil }
    let editable = { (path: FieldPath) in form.display(path)?.isEditable ?? false }
    return order[(index + 1)...].first(where: editable)
      ?? order[..<index].last(where: editable)
  }
}
