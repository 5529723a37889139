/// The `--help` texts of the tool and each command.
enum HelpText {
  /// The version `--version` prints.
  static let version = "hotel 1.0.0"

  /// `hotel --help`.
  static let tool = """
    hotel: walk through the hotel-booking flow (Hotel -> Rooms -> Booking -> Paid).

    Usage:
      hotel [run]                 interactive walk through the flow (the default)
      hotel replay FILE|-         run a script; exit 0 when every expectation held
      hotel test PATH...          run journeys (files, folders of *.hotel) as a suite
      hotel serve                 run the fixture API in the foreground
      hotel orders [--json]       list saved orders (personal data masked)
      hotel help [COMMAND]        show help for a command

    Options:
    \(options(for: ["run", "replay", "test", "serve", "orders"]))
      -h, --help                  show help (for a command: hotel COMMAND --help)
      --version                   show the version

    Environment: HOTEL_API_URL, HOTEL_DATA_DIR (else $XDG_DATA_HOME/hotel, else
    ~/.local/share/hotel; replay and test use a temporary one unless --data-dir is given),
    HOTEL_VAR_NAME (${NAME} in scripts), TMPDIR, NO_COLOR.
    Exit codes: 0 success; 1 an expectation failed; 2 bad usage or a bad script line;
    3 the API could not be reached and no saved data could serve; 4 the environment
    cannot be used (the data directory, a temporary directory, a report file, a port in use).
    The script language: Docs/ScriptLanguage.md.
    """

  /// `hotel COMMAND --help`, or `nil` for an unknown command.
  static func command(_ name: String) -> String? {
    let head: String
    switch name {
    case "run":
      head = """
        Usage: hotel [run] [options]

        Walk through the flow interactively. On a terminal: the full-screen app (Tab and the
        arrows move, Enter presses, Esc goes back, ? lists every key, : takes script commands).
        With --line or without a terminal: script commands on standard input (tap ID,
        type ID TEXT, next, back, show, help, quit or exit); the screen is shown after each one.
        By default the fixture API runs in-process on a free loopback port. One session at a
        time holds the booking of a data directory; a second one continues read-only (or,
        with --fresh, starts a new booking), its changes not saved as the draft.
        """
    case "replay":
      head = """
        Usage: hotel replay FILE|- [options]

        Run a script (- reads standard input). Every line is parsed before the first runs.
        Exit codes: 0 every expectation held; 1 one failed (the message names the line and
        what was seen); 2 a line does not parse; 3 the API could not be reached and no saved
        data could serve; 4 the data directory cannot be used.
        Without --data-dir the replay uses a new temporary data directory, removed afterwards.
        """
    case "test":
      head = """
        Usage: hotel test PATH... [options]

        Run journeys as a suite: files, or folders of *.hotel files (sorted, subfolders
        included; files named _*.hotel are only for include). Every journey is parsed first;
        each runs with its own temporary data directory and its own fixture API (unless
        --api), --jobs at a time. One line per journey as it ends, then "N passed, N failed".
        With --data-dir the journeys share it and run one at a time, in order.
        Exit codes: 0 every journey passed; 1 one failed; 2 bad usage or a bad script line
        (every one is named); 3 the API could not be reached; 4 the environment cannot be used.

        Example: hotel test journeys/ --tags smoke --junit report.xml --var EMAIL=qa@example.com
        """
    case "serve":
      head = """
        Usage: hotel serve [options]

        Run the fixture API in the foreground on 127.0.0.1 and print its base URL.
        Stops cleanly on Ctrl-C (SIGINT) or SIGTERM.
        """
    case "orders":
      head = """
        Usage: hotel orders [options]

        List the saved orders, oldest first, with phone and passport numbers masked.
        The labels follow --lang; the keys of --json do not.
        """
    default:
      return nil
    }
    return head + "\n\nOptions:\n" + options(for: [name])
      + "\n  -h, --help                  show this help"
  }

  private static func options(for commands: Set<String>) -> String {
    OptionSpec.all.filter { !$0.commands.isDisjoint(with: commands) }
      .map { spec in
        let left = spec.name + (spec.valueName.map { " " + $0 } ?? "")
        let padded = left.count < 26 ? left + String(repeating: " ", count: 26 - left.count) : left
        return "  " + padded + "  " + spec.summary
      }
      .joined(separator: "\n")
  }
}
