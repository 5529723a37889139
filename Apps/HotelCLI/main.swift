// The `hotel` command line: everything lives in `HotelApp`; this file only starts it.
import Foundation

let code = await HotelApp.main(
  arguments: Array(CommandLine.arguments.dropFirst()),
  environment: HotelApp.processEnvironment())
Platform.ProcessEnd.exit(code.rawValue)
