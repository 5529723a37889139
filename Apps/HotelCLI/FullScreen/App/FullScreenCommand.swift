/// Starts the full-screen app over a started flow session (`hotel run` on a terminal).
@MainActor
enum FullScreenCommand {
  /// Runs the app until the person quits; the terminal is restored on every way out.
  ///
  /// `startMessages` are the lines standard error took while the session started (a corrupt draft
  /// moved aside): the app's screen covers them, so its status line says them again.
  static func run(
    session: FlowSession, options: Options, environment: [String: String],
    recorder: ScriptRecorder?, startMessages: [String] = []
  ) async -> ExitCode {
    let color = ColorPolicy.usesColor(
      options.color, standardOutputIsTerminal: true, environment: environment)
    let device = TerminalDevice()
    let input = TerminalInput(device: device)
    for line in startMessages { input.post(.message(line)) }
    let formReload = session.formSource.map {
      FormFileReload(source: $0, strings: CLIStrings(language: options.language), input: input)
    }
    defer { formReload?.stop() }
    let app = FullScreenApp(
      adapter: PresentationAdapter(coordinator: session.driver.coordinator),
      driver: session.driver, color: color,
      trueColor: ColorPolicy.usesTrueColor(environment: environment),
      recorder: recorder.map(KeyRecorder.init),
      device: device, input: input, size: TerminalDevice.size() ?? (80, 24),
      variables: ScriptVariables(values: options.variables, environment: environment),
      formReload: formReload)
    // A stop signal's flush first puts the text still waiting for its field into it.
    session.beforeExitFlush = { await app.keepTypedTextBeforeExit() }
    defer { session.beforeExitFlush = nil }
    return await app.run()
  }
}
