/// Starts the full-screen app over a started flow session (`hotel run` on a terminal).
@MainActor
enum FullScreenCommand {
  /// Runs the app until the person quits; the terminal is restored on every way out.
  static func run(
    session: FlowSession, options: Options, environment: [String: String],
    recorder: ScriptRecorder?
  ) async -> ExitCode {
    let color = ColorPolicy.usesColor(
      options.color, standardOutputIsTerminal: true, environment: environment)
    let device = TerminalDevice()
    let app = FullScreenApp(
      adapter: PresentationAdapter(coordinator: session.driver.coordinator),
      driver: session.driver, color: color, recorder: recorder.map(KeyRecorder.init),
      device: device, input: TerminalInput(device: device),
      size: TerminalDevice.size() ?? (80, 24))
    return await app.run()
  }
}
