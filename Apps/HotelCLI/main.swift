// The `hotel` command line: everything lives in `HotelApp`; this file only starts it.
import Foundation
import NetworkingRepair

// The app opts in to the Linux repair of URLSession (Docs/Platform.md) before any session.
URLSessionRepair.install()
let code = await HotelApp.main(
  arguments: Array(CommandLine.arguments.dropFirst()),
  environment: HotelApp.processEnvironment())
Platform.ProcessEnd.exit(code.rawValue)
