import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tells when a file is saved, without polling: the kernel wakes a thread of its own (inotify on
/// Linux) watching the file's directory, since editors save by writing a temporary file and
/// renaming it over the file.
///
/// A burst of events (an editor writes several per save) is one change: ``onChange`` is called
/// once the directory has been quiet for ``quietMilliseconds`` (at most ``burstMilliseconds``
/// after the first event).
final class FileWatcher: Sendable {
  /// How long the directory stays quiet before a change is told.
  static let quietMilliseconds: Int32 = 15
  /// The longest a change waits for a burst to end.
  static let burstMilliseconds = 60

  private let stopPipe: (read: Int32, write: Int32)
  private let stopped = Mutex(false)

  /// Starts watching `path`, calling `onChange` on the watcher's thread.
  ///
  /// `nil` when its directory cannot be watched (or on a system without inotify).
  init?(path: String, onChange: @escaping @Sendable () -> Void) {
    #if os(Linux)
      let url = URL(fileURLWithPath: path)
      let directory = url.deletingLastPathComponent().path
      let name = Array(url.lastPathComponent.utf8)
      let watch = inotify_init1(Int32(IN_CLOEXEC))
      guard watch >= 0 else { return nil }
      let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)
      guard inotify_add_watch(watch, directory, mask) >= 0 else {
        close(watch)
        return nil
      }
      var ends: [Int32] = [0, 0]
      guard pipe(&ends) == 0 else {
        close(watch)
        return nil
      }
      stopPipe = (ends[0], ends[1])
      let stopRead = ends[0]
      let thread = Thread {
        Self.watch(watch, stop: stopRead, name: name, onChange: onChange)
        close(watch)
        close(stopRead)
      }
      thread.name = "hotel.form-file"
      thread.start()
    #else
      return nil
    #endif
  }

  /// Stops watching (the thread ends); calling it again does nothing.
  func stop() {
    let first = stopped.withLock { stopped in
      defer { stopped = true }
      return !stopped
    }
    guard first else { return }
    var byte: UInt8 = 1
    _ = write(stopPipe.write, &byte, 1)
    close(stopPipe.write)
  }

  deinit { stop() }

  #if os(Linux)
    private enum Wake { case events, quiet, stop }

    private static func wait(_ watch: Int32, stop: Int32, milliseconds: Int32) -> Wake {
      var descriptors = [
        pollfd(fd: watch, events: Int16(POLLIN), revents: 0),
        pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
      ]
      while true {
        let ready = poll(&descriptors, 2, milliseconds)
        if ready < 0, errno == EINTR { continue }
        if ready < 0 || descriptors[1].revents != 0 { return .stop }
        return ready == 0 ? .quiet : .events
      }
    }

    private static func watch(
      _ watch: Int32, stop: Int32, name: [UInt8], onChange: @Sendable () -> Void
    ) {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        guard case .events = wait(watch, stop: stop, milliseconds: -1) else { return }
        guard let touched = drain(watch, into: &buffer, name: name) else { return }
        guard touched else { continue }
        // The rest of the save's burst.
        let first = ContinuousClock.now
        burst: while ContinuousClock.now - first < .milliseconds(burstMilliseconds) {
          switch wait(watch, stop: stop, milliseconds: quietMilliseconds) {
          case .stop: return
          case .quiet: break burst
          case .events: guard drain(watch, into: &buffer, name: name) != nil else { return }
          }
        }
        onChange()
      }
    }

    /// Reads the waiting events: whether one names the file; `nil` when the watch ended (its
    /// directory went away) or cannot be read.
    private static func drain(_ watch: Int32, into buffer: inout [UInt8], name: [UInt8]) -> Bool? {
      let count = buffer.withUnsafeMutableBytes { read(watch, $0.baseAddress, $0.count) }
      if count < 0 { return errno == EINTR || errno == EAGAIN ? false : nil }
      var touched = false
      var offset = 0
      // struct inotify_event: wd, mask, cookie, len (4 bytes each), then len bytes of name.
      let header = 16
      while offset + header <= count {
        let mask = loadUInt32(buffer, offset + 4)
        let length = Int(loadUInt32(buffer, offset + 12))
        let end = offset + header + length
        guard end <= count else { break }
        if mask & UInt32(IN_IGNORED) != 0 { return nil }
        // Events were lost: the file may be among them.
        if mask & UInt32(IN_Q_OVERFLOW) != 0 { touched = true }
        let named = buffer[(offset + header)..<end].prefix { $0 != 0 }
        if named.elementsEqual(name) { touched = true }
        offset = end
      }
      return touched
    }

    private static func loadUInt32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
      bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
    }
  #endif
}
