import Domain

/// The requests of the fields computed by the server: whether each field was visible at the
/// last look, and which of its requests is the latest.
///
/// A field that appears is asked for, one that hides drops its value; an answer to a request
/// older than the latest is dropped, whatever the calculation coordinator says.
struct RemoteRequestLedger: Equatable, Sendable {
  private var visible: [FieldPath: Bool] = [:]
  private var generations: [FieldPath: Int] = [:]

  /// Records whether the field at `path` is visible now, and returns whether it was at the last
  /// look (`nil`: never looked at).
  mutating func look(at path: FieldPath, isVisible: Bool) -> Bool? {
    visible.updateValue(isVisible, forKey: path)
  }

  /// Starts a request for the field at `path`: the generation its answer must carry.
  mutating func start(_ path: FieldPath) -> Int {
    let generation = (generations[path] ?? 0) + 1
    generations[path] = generation
    return generation
  }

  /// Drops the request pending for the field at `path`: its answer is no longer the latest.
  mutating func drop(_ path: FieldPath) {
    generations[path, default: 0] += 1
  }

  /// Whether `generation` is the latest request for the field at `path`.
  func isLatest(_ generation: Int, of path: FieldPath) -> Bool {
    generations[path] == generation
  }

  /// Forgets which fields were visible (a new form): each is looked at as if for the first time.
  mutating func forgetVisibility() {
    visible = [:]
  }
}
