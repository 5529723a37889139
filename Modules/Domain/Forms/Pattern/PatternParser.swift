/// Parses the regular-expression subset that ``PatternProgram`` matches, into a tree.
///
/// Supported: literal characters, `.`, classes (`[a-z_]`, `[^ ]`, with escapes and `\d \w \s`
/// inside), `\d \D \w \W \s \S`, escaped punctuation (`\.`, `\+`, `\\`...), `\n \t \r`, the
/// anchors `^` and `$`, groups `( )`, `(?: )` and `(?<name> )`, alternation `|`, and the
/// quantifiers `* + ?` and `{m}`, `{m,}`, `{m,n}` (counts up to ``maximumCount``), each
/// optionally lazy (`*?`: the same matches for a whole-text check). Refused with a message:
/// backreferences, lookaround, possessive quantifiers, inline options, Unicode properties, word
/// boundaries and anything else that does not parse.
struct PatternParser {
  /// A parsed pattern.
  indirect enum Node: Sendable {
    /// Matches the empty text.
    case empty
    /// One character exactly.
    case character(Character)
    /// One character of a class.
    case characterClass(PatternCharacterClass)
    /// `^`: the start of the text.
    case start
    /// `$`: the end of the text.
    case end
    /// Each in turn.
    case sequence([Node])
    /// Any one of them.
    case alternation([Node])
    /// `node` from `min` to `max` times (`nil`: no upper limit).
    case repetition(Node, min: Int, max: Int?)
  }

  /// The largest count in `{m,n}`.
  static let maximumCount = 100
  /// How deeply groups may nest.
  static let maximumDepth = 50

  private let characters: [Character]
  private var index = 0
  private var depth = 0

  /// Parses `source`; throws naming the position and the problem.
  static func parse(_ source: String) throws(PatternSyntaxError) -> Node {
    var parser = PatternParser(characters: Array(source))
    let node = try parser.alternation()
    if parser.index < parser.characters.count {
      // Only a `)` without its `(` stops the top level early.
      throw parser.error("')' without a matching '('")
    }
    return node
  }

  private init(characters: [Character]) {
    self.characters = characters
  }

  // MARK: - Grammar

  private mutating func alternation() throws(PatternSyntaxError) -> Node {
    var branches = [try sequence()]
    while peek == "|" {
      index += 1
      branches.append(try sequence())
    }
    return branches.count == 1 ? branches[0] : .alternation(branches)
  }

  private mutating func sequence() throws(PatternSyntaxError) -> Node {
    var items: [Node] = []
    while let character = peek, character != "|", character != ")" {
      var item = try atom()
      item = try quantified(item)
      items.append(item)
    }
    switch items.count {
    case 0: return .empty
    case 1: return items[0]
    default: return .sequence(items)
    }
  }

  private mutating func quantified(_ node: Node) throws(PatternSyntaxError) -> Node {
    guard let character = peek else { return node }
    let bounds: (min: Int, max: Int?)
    switch character {
    case "*": bounds = (0, nil)
    case "+": bounds = (1, nil)
    case "?": bounds = (0, 1)
    case "{":
      guard let counted = try counts() else { return node }
      bounds = counted
    default: return node
    }
    if character != "{" { index += 1 }
    if case .start = node { throw error("a quantifier cannot follow '^'") }
    if case .end = node { throw error("a quantifier cannot follow '$'") }
    if peek == "?" {
      index += 1  // Lazy: the same whole-text matches.
    } else if peek == "+" {
      throw error("possessive quantifiers are not supported")
    }
    if let next = peek, "*+?".contains(next) || (next == "{" && lookaheadCounts()) {
      throw error("a quantifier cannot follow another quantifier")
    }
    return .repetition(node, min: bounds.min, max: bounds.max)
  }

  /// `{m}`, `{m,}` or `{m,n}` at the current position (consumed), or `nil` when the `{` does
  /// not start one (it is then refused by ``atom()``).
  private mutating func counts() throws(PatternSyntaxError) -> (min: Int, max: Int?)? {
    let start = index
    index += 1
    guard let minimum = number() else {
      index = start
      return nil
    }
    var maximum: Int? = minimum
    if peek == "," {
      index += 1
      maximum = number()
    }
    guard peek == "}" else {
      index = start
      return nil
    }
    index += 1
    guard minimum <= Self.maximumCount, (maximum ?? 0) <= Self.maximumCount else {
      index = start
      throw error("a repeat count above \(Self.maximumCount)")
    }
    if let maximum, maximum < minimum {
      index = start
      throw error("a repeat count {\(minimum),\(maximum)} whose maximum is below its minimum")
    }
    return (minimum, maximum)
  }

  private func lookaheadCounts() -> Bool {
    var copy = self
    return (try? copy.counts()) != nil
  }

  private mutating func number() -> Int? {
    var value = 0
    var digits = 0
    while let character = peek, let digit = character.wholeNumberValue, character.isASCII {
      guard digits < 9 else { return nil }
      value = value * 10 + digit
      digits += 1
      index += 1
    }
    return digits == 0 ? nil : value
  }

  private mutating func atom() throws(PatternSyntaxError) -> Node {
    guard let character = peek else { throw error("the pattern ends too early") }
    switch character {
    case "(":
      return try group()
    case "[":
      return .characterClass(try characterClass())
    case ".":
      index += 1
      var any = PatternCharacterClass()
      any.named = [(.anyButNewline, false)]
      return .characterClass(any)
    case "^":
      index += 1
      return .start
    case "$":
      index += 1
      return .end
    case "\\":
      return try escape(inClass: false).node
    case "*", "+", "?":
      throw error("'\(character)' with nothing to repeat")
    case "{":
      throw error("'{' that does not start a repeat count such as {2,5} (write \\{)")
    default:
      index += 1
      return .character(character)
    }
  }

  private mutating func group() throws(PatternSyntaxError) -> Node {
    let open = index
    index += 1
    if peek == "?" {
      let kind = characters.dropFirst(index + 1).prefix(2)
      if kind.first == ":" {
        index += 2
      } else if kind.first == "<", let second = kind.dropFirst().first, second != "=",
        second != "!"
      {
        index += 2
        while let character = peek, character != ">" {
          guard character.isLetter || character.isNumber || character == "_" else {
            throw error("a group name of letters, digits and _")
          }
          index += 1
        }
        guard peek == ">" else { throw error("a group name without its '>'") }
        index += 1
      } else if kind.first == "=" || kind.first == "!" || kind.starts(with: ["<", "="])
        || kind.starts(with: ["<", "!"])
      {
        index = open
        throw error("lookaround assertions are not supported")
      } else {
        index = open
        throw error("group options such as (?i) are not supported")
      }
    }
    depth += 1
    guard depth <= Self.maximumDepth else {
      throw error("groups nested more than \(Self.maximumDepth) deep")
    }
    let inner = try alternation()
    depth -= 1
    guard peek == ")" else {
      index = open
      throw error("'(' without a matching ')'")
    }
    index += 1
    return inner
  }

  private mutating func characterClass() throws(PatternSyntaxError) -> PatternCharacterClass {
    let open = index
    index += 1
    var result = PatternCharacterClass()
    if peek == "^" {
      result.negated = true
      index += 1
    }
    var first = true
    while true {
      guard let character = peek else {
        index = open
        throw error("'[' without a matching ']'")
      }
      if character == "]" && !first { break }
      first = false
      if character == "[" && characters.dropFirst(index + 1).first == ":" {
        throw error("POSIX classes such as [:alpha:] are not supported (use a range)")
      }
      let low: UInt32
      if character == "\\" {
        let escaped = try escape(inClass: true)
        guard let scalar = escaped.scalar else {
          if case .characterClass(let named) = escaped.node {
            result.named += named.named
          }
          continue
        }
        low = scalar
      } else {
        index += 1
        guard let scalar = Self.scalar(character) else {
          index -= 1
          throw error("a character made of several code points in a class")
        }
        low = scalar
      }
      // A range `a-z`, unless the `-` is last (`[a-]`).
      if peek == "-", let next = characters.dropFirst(index + 1).first, next != "]" {
        index += 1
        let high: UInt32
        if next == "\\" {
          let escaped = try escape(inClass: true)
          guard let scalar = escaped.scalar else {
            throw error("a class such as \\d cannot end a range")
          }
          high = scalar
        } else {
          index += 1
          guard let scalar = Self.scalar(next) else {
            index -= 1
            throw error("a character made of several code points in a class")
          }
          high = scalar
        }
        guard low <= high else {
          throw error("a range whose end comes before its start")
        }
        result.ranges.append(low...high)
      } else {
        result.ranges.append(low...low)
      }
    }
    index += 1
    return result
  }

  private mutating func escape(
    inClass: Bool
  ) throws(PatternSyntaxError) -> (node: Node, scalar: UInt32?) {
    let backslash = index
    index += 1
    guard let character = peek else {
      index = backslash
      throw error("a '\\' at the end of the pattern")
    }
    index += 1
    func named(_ name: PatternCharacterClass.Named, _ inverted: Bool) -> (Node, UInt32?) {
      var set = PatternCharacterClass()
      set.named = [(name, inverted)]
      return (.characterClass(set), nil)
    }
    switch character {
    case "d": return named(.digit, false)
    case "D": return named(.digit, true)
    case "w": return named(.word, false)
    case "W": return named(.word, true)
    case "s": return named(.space, false)
    case "S": return named(.space, true)
    case "n": return (.character("\n"), 0x0A)
    case "t": return (.character("\t"), 0x09)
    case "r": return (.character("\r"), 0x0D)
    default: break
    }
    index = backslash
    if character.isASCII && character.isNumber {
      throw error("backreferences are not supported")
    }
    if character == "k" { throw error("backreferences are not supported") }
    if character == "b" || character == "B" {
      throw error("word boundaries are not supported")
    }
    guard !character.isLetter, !character.isNumber, let scalar = Self.scalar(character) else {
      throw error("the escape \\\(character) is not supported")
    }
    index = backslash + 2
    return (.character(character), scalar)
  }

  // MARK: - Helpers

  private var peek: Character? { index < characters.count ? characters[index] : nil }

  private static func scalar(_ character: Character) -> UInt32? {
    let scalars = character.unicodeScalars
    guard scalars.count == 1, let first = scalars.first else { return nil }
    return first.value
  }

  private func error(_ message: String) -> PatternSyntaxError {
    PatternSyntaxError(position: index + 1, message: message)
  }
}
