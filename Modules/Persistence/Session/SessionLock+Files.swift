import Foundation
import Synchronization
import UseCases

extension SessionLock {
  /// The session lock of `store`'s data directory: a non-blocking exclusive `flock` on
  /// `session.lock` (created 0600), held on an open descriptor until ``SessionLock/release`` or the
  /// process ends (the kernel drops it then, so a crashed session never blocks the next).
  ///
  /// `flock` locks belong to an open file, so a second lock in the same process is refused too.
  /// Make the data directory first (``FileStore/prepare(subdirectory:)``).
  public static func files(_ store: FileStore) -> SessionLock {
    let path = store.path("session.lock")
    let held = Mutex<Int32?>(nil)
    return SessionLock(
      acquire: { () throws(StoreError) in
        try held.withLock { descriptor throws(StoreError) -> Outcome in
          if descriptor != nil { return .acquired }
          var opened: Int32
          repeat {
            opened = open(path, O_RDWR | O_CREAT | O_CLOEXEC, mode_t(0o600))
          } while opened < 0
            && errno == EINTR
          guard opened >= 0 else {
            throw .io(operation: "open", path: path, cause: IOCause(code: errno))
          }
          var locked: Int32
          repeat { locked = flock(opened, LOCK_EX | LOCK_NB) } while locked != 0 && errno == EINTR
          guard locked == 0 else {
            let code = errno
            _ = close(opened)
            if code == EWOULDBLOCK { return .heldElsewhere }
            throw .io(operation: "flock", path: path, cause: IOCause(code: code))
          }
          descriptor = opened
          return .acquired
        }
      },
      release: {
        held.withLock { descriptor in
          guard let open = descriptor else { return }
          _ = flock(open, LOCK_UN)
          _ = close(open)
          descriptor = nil
        }
      })
  }
}
