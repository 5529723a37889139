/// How the numbers of one E.164 country code are written: the facts the phone rule checks an
/// international number against.
///
/// Built once from ``rows`` (generated from public numbering data by
/// `Tools/PhoneNumbering/generate.py`); looking a number up is at most three dictionary lookups.
struct PhoneNumbering: Sendable {
  /// The country code's digits (`44`).
  let code: String
  /// The trunk prefix dialled before a number at home (`0` in `020 7946 0958`), or `""`.
  let trunkPrefix: String
  /// For each first digit of a national number, the lengths of the numbers that start with it
  /// as a bit set (bit n: n digits); `0` when none does.
  private let lengthsByFirstDigit: [UInt32]

  /// The numbering of the country code that `digits` (after the `+`) start with, or `nil`.
  static func country(of digits: some StringProtocol) -> PhoneNumbering? {
    for length in 1...3 where digits.count >= length {
      if let numbering = byCode[String(digits.prefix(length))] { return numbering }
    }
    return nil
  }

  /// Whether some country code starts with `digits` (`2` and `29` do, `0` and `80` do not).
  static func isCodePrefix(_ digits: some StringProtocol) -> Bool {
    codePrefixes.contains(String(digits))
  }

  /// The lengths (a bit set) of the national numbers that start as `national` does; of every
  /// number of the code when `national` is empty; `0` when no number starts with its digit.
  func lengths(of national: Substring) -> UInt32 {
    guard let first = national.first else { return lengthsByFirstDigit.reduce(0, |) }
    guard let digit = first.wholeNumberValue, (0...9).contains(digit) else { return 0 }
    return lengthsByFirstDigit[digit]
  }

  /// Whether `national` starts with a digit and has a length of this code's numbers.
  func allows(_ national: Substring) -> Bool {
    !national.isEmpty && national.count < 32 && lengths(of: national) & (1 << national.count) != 0
  }

  // MARK: - Private

  private static let byCode: [String: PhoneNumbering] = {
    var table: [String: PhoneNumbering] = [:]
    for row in rows {
      let numbering = PhoneNumbering(row: row)
      table[numbering.code] = numbering
    }
    return table
  }()

  private static let codePrefixes: Set<String> = Set(
    byCode.keys.flatMap { code in (1..<code.count).map { String(code.prefix($0)) } })

  /// Reads a row of ``rows``: `code trunk regions digit:lengths…`, lengths as `6,8-9`, `-` for
  /// no trunk prefix.
  private init(row: String) {
    let fields = row.split(separator: " ")
    code = String(fields[0])
    trunkPrefix = fields[1] == "-" ? "" : String(fields[1])
    var lengths = [UInt32](repeating: 0, count: 10)
    for column in fields.dropFirst(3) {
      let parts = column.split(separator: ":")
      guard parts.count == 2, let digit = Int(parts[0]), (0...9).contains(digit) else { continue }
      lengths[digit] = Self.bits(parts[1])
    }
    lengthsByFirstDigit = lengths
  }

  private static func bits(_ list: Substring) -> UInt32 {
    var bits: UInt32 = 0
    for part in list.split(separator: ",") {
      let bounds = part.split(separator: "-").compactMap { Int($0) }
      guard let low = bounds.first, let high = bounds.last, low <= high else { continue }
      for value in low...high where value < 32 { bits |= 1 << value }
    }
    return bits
  }
}

extension UInt32 {
  /// The numbers whose bits are set, smallest first.
  var setBits: [Int] { (0..<32).filter { self & (1 << $0) != 0 } }
}
