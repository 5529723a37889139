/// The tasks a view model started and has not seen finish, so ``settle()`` can wait for them
/// (every scripted command runs to quiescence; tests observe settled states).
@MainActor final class TaskTracker {
  private var tasks: [Int: Task<Void, Never>] = [:]
  private var nextID = 0

  /// Whether no task is in flight.
  var isIdle: Bool { tasks.isEmpty }

  /// Starts `operation` on the main actor and tracks it until it ends.
  func start(_ operation: @escaping @MainActor () async -> Void) {
    let id = nextID
    nextID += 1
    tasks[id] = Task { [weak self] in
      await operation()
      self?.tasks[id] = nil
    }
  }

  /// Returns once every tracked task has ended, including ones started meanwhile.
  func settle() async {
    while let (id, task) = tasks.min(by: { $0.key < $1.key }) {
      await task.value
      tasks[id] = nil
    }
  }
}
