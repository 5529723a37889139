import Domain
/// How the fixture server behaves: the fault injection flags of `hotel serve` (SPEC section 3),
/// scripted faults for tests, and the limits that keep it bounded.
///
/// ```swift
/// var options = FixtureOptions()
/// options.failFirst = 2                       // the first 2 requests per path answer 503
/// options.malformedPaths = ["/rooms"]         // /rooms answers with its JSON cut in half
/// options.script["/hotel"] = [.status(429, retryAfter: "3")]  // then normal answers
/// ```
public struct FixtureOptions: Sendable {
  /// The paths the fixture answers (without query), in the order of SPEC section 3: a fault
  /// (``malformedPaths``, ``dropPaths``) on any other path would never fire.
  public static let servedPaths = [
    "/hotel", "/rooms", "/booking", "/booking/form", FixtureExtras.discountPath, "/orders",
  ]

  /// A delay before every answer (`--latency-ms`), measured on ``clock``.
  public var latency: Duration
  /// The first `failFirst` requests to each path answer `503` (`--fail-first`).
  public var failFirst: Int
  /// Paths whose answers carry their JSON cut in half (`--malformed`), in a correctly framed
  /// response.
  ///
  /// Paths here and in ``dropPaths`` and ``script`` match without the query, and a missing leading
  /// `/` is added (`rooms` is `/rooms`).
  public var malformedPaths: Set<String>
  /// Paths (without query) whose connections are closed before any response (`--drop`).
  public var dropPaths: Set<String>
  /// Faults per path (without query), used up in order by that path's first requests; after them
  /// the path answers normally.
  ///
  /// Checked before every other flag. For tests.
  public var script: [String: [FixtureFault]]
  /// Whether `GET /booking/form` serves the built-in form schema; when `false` it answers `404`,
  /// as a server without a form does (clients then use their built-in schema).
  public var servesBookingForm: Bool
  /// A form schema to serve at `GET /booking/form` instead of the fixture's own, as is, in every
  /// language that ``bookingFormBodies`` has none for (`hotel serve --form FILE`); `nil` serves the
  /// fixture's form.
  ///
  /// `POST /orders` computes its total from the form served.
  public var bookingFormBody: [UInt8]?
  /// Form schemas to serve at `GET /booking/form` by the request's language (`Accept-Language`, as
  /// the fixture's own content): `hotel serve --form en=FILE --form ru=FILE`, a designer's labels
  /// in each language.
  ///
  /// A language without one gets ``bookingFormBody``, else the other language's schema.
  public var bookingFormBodies: [Language: [UInt8]] = [:]
  /// Whether the app takes a served form schema (`hotel serve` asks the app's own check): one it
  /// refuses, the app replaces by its built-in form, so `POST /orders` prices orders by the
  /// built-in form too.
  ///
  /// By default every schema that compiles is taken.
  public var takesForm: @Sendable (FormSchema) -> Bool = { _ in true }
  /// The clock that ``latency`` waits on (a test clock in tests).
  public var clock: any Clock<Duration>
  /// How long a connection may stay silent, mid-request or between keep-alive requests.
  public var idleTimeout: Duration
  /// How many connections are served at once; more are closed at once.
  public var maxConnections: Int
  /// The first order number `POST /orders` assigns; later ones count up from it.
  public var firstOrderNumber: Int
  /// Where new order numbers come from instead of the server's own counter, when set: `hotel`
  /// passes numbers reserved under its data directory's lock, so fixtures in several processes
  /// never give the same number.
  ///
  /// `nil` from it falls back to the counter.
  public var orderNumbers: (@Sendable () -> Int?)?

  /// Options with no faults, no latency and the default limits.
  public init(
    latency: Duration = .zero, failFirst: Int = 0, malformedPaths: Set<String> = [],
    dropPaths: Set<String> = [], script: [String: [FixtureFault]] = [:],
    servesBookingForm: Bool = true, clock: any Clock<Duration> = ContinuousClock(),
    idleTimeout: Duration = .seconds(10),
    maxConnections: Int = 64, firstOrderNumber: Int = 104_893
  ) {
    self.latency = latency
    self.failFirst = failFirst
    self.malformedPaths = malformedPaths
    self.dropPaths = dropPaths
    self.script = script
    self.servesBookingForm = servesBookingForm
    self.clock = clock
    self.idleTimeout = idleTimeout
    self.maxConnections = maxConnections
    self.firstOrderNumber = firstOrderNumber
    self.orderNumbers = nil
  }

  /// The form schema served instead of the fixture's own in `language`, or `nil` for the
  /// fixture's own (see ``bookingFormBodies``).
  func bookingFormBody(for language: Language) -> [UInt8]? {
    if let body = bookingFormBodies[language] ?? bookingFormBody { return body }
    return Language.allCases.lazy.compactMap { bookingFormBodies[$0] }.first
  }
}
