import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A JUnit XML report read back with Foundation's `XMLParser` (FoundationXML on Linux, where
/// `XMLDocument` may be missing): its test cases, each with its attributes and failures.
struct JUnitDocument {
  /// One `testcase` element.
  struct TestCase {
    var attributes: [String: String]
    /// Each `failure`: its `message` attribute and its text.
    var failures: [(message: String, text: String)] = []
    var skipped = false
    var error: String?
    /// The text of its `system-out`, or `nil`.
    var systemOut: String?
  }

  /// The root element's attributes.
  var root: [String: String] = [:]
  /// The (first) `testsuite` element's attributes.
  var suite: [String: String] = [:]
  /// The test cases, in order.
  var testCases: [TestCase] = []

  /// Parses `data`; throws when it is not well-formed XML.
  init(_ data: Data) throws {
    let delegate = Delegate()
    let parser = XMLParser(data: data)
    parser.delegate = delegate
    guard parser.parse() else {
      throw ParseError(description: parser.parserError.map { "\($0)" } ?? "not well-formed")
    }
    root = delegate.root
    suite = delegate.suite
    testCases = delegate.testCases
  }

  struct ParseError: Error, CustomStringConvertible { var description: String }

  private final class Delegate: NSObject, XMLParserDelegate {
    var root: [String: String] = [:]
    var suite: [String: String] = [:]
    var testCases: [TestCase] = []
    var text = ""
    var failureMessage: String?

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      switch name {
      case "testsuites": root = attributes
      case "testsuite" where suite.isEmpty: suite = attributes
      case "testcase": testCases.append(TestCase(attributes: attributes))
      case "failure":
        failureMessage = attributes["message"] ?? ""
        text = ""
      case "skipped": testCases[testCases.count - 1].skipped = true
      case "error": testCases[testCases.count - 1].error = attributes["message"]
      case "system-out": text = ""
      default: break
      }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      if name == "system-out" { testCases[testCases.count - 1].systemOut = text }
      if name == "failure", let message = failureMessage {
        testCases[testCases.count - 1].failures.append((message, text))
        failureMessage = nil
      }
    }
  }
}
