import Testing

/// Every test that runs the built `hotel` binary (or tmux) as a child process, one at a time.
///
/// Child processes are heavy on a 2-core machine, and Foundation's `Process` on Linux is not
/// safe to launch from many threads at once; serialising the end-to-end tests keeps them
/// deterministic while the unit tests of every module still run in parallel beside them.
@Suite(.serialized) enum EndToEnd {}
