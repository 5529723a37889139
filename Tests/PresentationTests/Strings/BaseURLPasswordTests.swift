import Domain
import Presentation
import Testing
import UseCases

/// A base URL as typed may carry a password (`http://user:secret@host`): a message about it
/// (which goes to a terminal, a CI log, a report) never shows it, in either language.
@Suite struct BaseURLPasswordTests {
  @Test(arguments: [
    (
      BaseURLProblem.badPort(99_999), "http://user:s3cret@127.0.0.1:99999/v1",
      "99999 in 'http://user:***@127.0.0.1:99999/v1' is not a port number (1...65535)"
    ),
    (
      .badPort(0), "http://u:s3cret@x@127.0.0.1:0",
      "0 in 'http://u:***@127.0.0.1:0' is not a port number (1...65535)"
    ),
    (
      .notHTTP, "ftp://user:s3cret@127.0.0.1",
      "'ftp://user:***@127.0.0.1' is not an http:// or https:// URL"
    ),
    (.notHTTP, "user:s3cret@127.0.0.1", "'user:***@127.0.0.1' is not an http:// or https:// URL"),
    (
      .notHTTP, "http://user@127.0.0.1:0/a:b@c",
      "'http://user@127.0.0.1:0/a:b@c' is not an http:// or https:// URL"
    ),
  ])
  func aPasswordIsNotShown(problem: BaseURLProblem, url: String, english: String) {
    let shown = Localizer(language: .en).baseURLProblem(problem, in: url)
    #expect(shown == english)
    let russian = Localizer(language: .ru).baseURLProblem(problem, in: url)
    #expect(!russian.contains("s3cret"))
    #expect(russian.contains("***") == english.contains("***"))
  }
}
