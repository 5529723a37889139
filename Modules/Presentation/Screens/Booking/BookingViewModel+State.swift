import Domain
import UseCases

/// The state of the Booking screen, grouped: the form's data, its validation, focus and
/// sections.
extension BookingViewModel {
  /// The offer and the form's values.
  public struct FormData: Hashable, Sendable {
    /// The offer, once loaded.
    public var offer: BookingOffer?
    /// The form's live values, once the offer is loaded.
    public var form: FormState?
    /// What was typed before the form existed (carried from another room or the draft).
    public var initialInput: BookingInput
    /// The order submitted whose outcome is not known yet (it holds the form).
    public var pendingOrder: PendingOrder?
  }

  /// The validation state.
  public struct Validation: Hashable, Sendable {
    /// The current problem of every input field that has one (shown or not).
    public var problems: [FieldPath: ValidationError]
    /// What each checked field shows; fields not in it show nothing.
    public var checks: [FieldPath: FieldCheck]
    /// The fields computed by the server whose latest calculation failed, with why (shown on
    /// the field; Pay refuses while one is shown).
    public var remoteFailures: [FieldPath: RemoteCalculationError] = [:]
    /// Where each server refusal among ``remoteFailures`` is shown, by the field computed: the
    /// input the person typed (the answer's `field`, else the one editable input among the
    /// field's `depends_on`), else the computed field itself.
    public var refusalTargets: [FieldPath: FieldPath] = [:]

    /// Whether every field is valid.
    public var isComplete: Bool { problems.isEmpty && remoteFailures.isEmpty }

    /// The message of a server refusal standing on the field at `path` (an input so refused is
    /// not valid), or `nil`.
    public func refusal(on path: FieldPath) -> String? {
      guard !refusalTargets.isEmpty else { return nil }
      for (remote, target) in refusalTargets where target == path {
        if case .refused(let message, _)? = remoteFailures[remote] { return message }
      }
      return nil
    }

    /// The message-bearing problem a field shows, or `nil`.
    public func shownError(_ path: FieldPath) -> ValidationError? {
      checks[path] == .invalid ? problems[path] : nil
    }
  }

  /// Focus, sections, progress and messages.
  public struct UIState: Hashable, Sendable {
    /// The focused field.
    public var focus: FieldPath?
    /// The collapsed section instances (`tourist.2`, `price`).
    public var collapsed: Set<SectionInstance>
    /// Whether an order submission is in flight.
    public var isSubmitting: Bool
    /// Loading, failure, notices, toast.
    public var status: ScreenStatus
    /// The fields computed by the server whose request is waiting (the 300 ms after an edit)
    /// or in flight: they show progress, and the fields computed from them show "updating".
    public var calculating: Set<FieldPath> = []
  }

  /// Everything the screen shows, grouped.
  public struct State: Hashable, Sendable {
    /// The room being booked.
    public var roomID: Int
    /// The offer and the form's values.
    public var data: FormData
    /// Problems and what is shown of them.
    public var validation: Validation
    /// Focus, sections, progress and messages.
    public var ui: UIState
  }
}
