import Domain

/// Something a store met and got past (it goes on working), told to the host through the store's
/// `report` closure as data, not as a sentence: the host says it in its language with
/// Presentation's `Localizer.storeReport(_:)` (as the `hotel` app does).
///
/// It lives here, with the other port-level errors, so that Presentation can word it; Persistence
/// produces it. It has no words of its own: Presentation's are the only ones (SPEC section 2), so a
/// store takes its `report` closure from the host, with no default that would need a second English
/// text.
public enum StoreReport: Hashable, Sendable {
  /// The file at `path` could not be read as what it should be and was moved aside to
  /// `movedTo` (never deleted).
  case movedAside(path: String, movedTo: String, reason: Reason)
  /// The file at `path` could not be read as what it should be (`reason`), and could not be
  /// moved aside either (`error`: a read-only data directory, its lock file not to be made); it
  /// is left as it is (never deleted) and skipped.
  case notMovedAside(path: String, reason: Reason, error: StoreError)
  /// The file at `path` was written by a newer version (schema `version`); it is left as it is
  /// and skipped (an order is not listed).
  case newerVersionSkipped(path: String, version: Int)
  /// The file at `path` could not be read (`error`); it is skipped.
  case unreadable(path: String, error: StoreError)
  /// The booking draft could not be saved (`error`); it stays pending, and the next change or
  /// the flush tries again.
  case draftNotSaved(StoreError)
  /// The booking draft at `path` held, for the form fields `fields` (their IDs, as saved, in
  /// order), a text with a line break or another control character, which a field of one line
  /// cannot hold (a hand-edited draft, or one from an older version): those texts were left
  /// out of the restored booking, the rest of it kept.
  case draftTextsLeftOut(path: String, fields: [String])

  /// Why a file was moved aside.
  public enum Reason: Hashable, Sendable {
    /// Not a regular file: a FIFO, a device or a directory (a symbolic link is followed).
    case notRegularFile
    /// Larger than `limit` bytes.
    case tooLarge(limit: Int)
    /// A schema version that no version of the program wrote (zero or negative).
    case badSchemaVersion(Int)
    /// Not JSON of the file's format, or a value in it that the Domain's rules refuse: what is
    /// wrong and where (`order.request.tourists[0].birthDate`).
    case undecodable(DecodingProblem)
  }
}
