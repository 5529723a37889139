import Testing
import UseCases

@testable import Persistence

@Suite("Data directory")
struct DataDirectoryTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var option: String?
    var environment: [String: String]
    var home: String?
    var expected: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "the option wins", option: "/data/x",
      environment: ["HOTEL_DATA_DIR": "/env", "XDG_DATA_HOME": "/xdg"], home: "/home/u",
      expected: "/data/x"),
    Case(
      name: "a relative option is taken from the current directory", option: "state/./d/",
      environment: [:], home: "/home/u", expected: "/work/state/d"),
    Case(
      name: "an empty option counts as unset", option: "",
      environment: ["HOTEL_DATA_DIR": "/env"], home: "/home/u", expected: "/env"),
    Case(
      name: "HOTEL_DATA_DIR before XDG_DATA_HOME", option: nil,
      environment: ["HOTEL_DATA_DIR": "/env/", "XDG_DATA_HOME": "/xdg"], home: "/home/u",
      expected: "/env"),
    Case(
      name: "XDG_DATA_HOME/hotel", option: nil, environment: ["XDG_DATA_HOME": "/xdg"],
      home: "/home/u", expected: "/xdg/hotel"),
    Case(
      name: "a relative XDG_DATA_HOME is ignored", option: nil,
      environment: ["XDG_DATA_HOME": "xdg"], home: "/home/u",
      expected: "/home/u/.local/share/hotel"),
    Case(
      name: "an empty HOTEL_DATA_DIR is ignored", option: nil,
      environment: ["HOTEL_DATA_DIR": ""], home: "/home/u",
      expected: "/home/u/.local/share/hotel"),
    Case(
      name: "HOME from the environment when no home is given", option: nil,
      environment: ["HOME": "/root"], home: nil, expected: "/root/.local/share/hotel"),
  ]

  @Test(arguments: cases)
  func resolves(_ testCase: Case) throws {
    let directory = try DataDirectory.resolve(
      option: testCase.option, environment: testCase.environment, homeDirectory: testCase.home,
      currentDirectory: "/work")
    #expect(directory.path == testCase.expected)
  }

  @Test func withNothingToGoOnItAsksForTheOption() {
    #expect {
      try DataDirectory.resolve(
        option: nil, environment: [:], homeDirectory: nil, currentDirectory: "/work")
    } throws: { error in
      guard case .directoryUnavailable(_, let reason) = error as? StoreError else { return false }
      return reason == .noHomeDirectory
    }
  }
}
