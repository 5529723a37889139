import Testing

@testable import Domain

/// The `pattern` engine: the subset it matches, what it refuses, and that matching is linear.
@Suite struct PatternProgramTests {
  static let matching: [(String, String, Bool)] = [
    ("^[0-9]{3}$", "123", true),
    ("^[0-9]{3}$", "1234", false),
    ("[0-9]{3}", "12", false),
    ("[A-Z]+", "ABC", true),
    ("[A-Z]+", "abc", false),
    ("[^ ]+", "a b", false),
    ("[^ ]+", "ab", true),
    ("a|b|cd", "cd", true),
    ("a|b|cd", "c", false),
    ("(ab)*c", "ababc", true),
    ("(?:ab)+c", "c", false),
    ("(?<code>[A-Z]{2})-\\d{2,4}", "AB-123", true),
    ("(?<code>[A-Z]{2})-\\d{2,4}", "AB-12345", false),
    ("\\d\\D\\w\\W\\s\\S", "1a_. x", true),
    ("colou?r", "color", true),
    ("colou?r", "colouur", false),
    ("x{2,}", "xxxxx", true),
    ("x{2,}", "x", false),
    ("a.c", "abc", true),
    ("a\\.c", "abc", false),
    ("a\\.c", "a.c", true),
    ("[a-я]+", "абв", true),
    ("[\\d+ -]+", "+7 916-12", true),
    ("^$", "", true),
    ("a*?b", "aab", true),
    ("(a*)*b", "aaab", true),
    ("\\p", "p", false),  // refused: never matches
  ]

  @Test(arguments: 0..<matching.count)
  func matchesAsARegularExpressionWould(_ index: Int) {
    let (pattern, text, expected) = Self.matching[index]
    let program = try? PatternProgram(pattern)
    #expect((program?.matches(text) ?? false) == expected, "\(pattern) on '\(text)'")
  }

  static let refused: [(String, String)] = [
    ("(a)\\1", "position 4: backreferences are not supported"),
    ("\\k<x>", "position 1: backreferences are not supported"),
    ("a(?=b)", "position 2: lookaround assertions are not supported"),
    ("a(?!b)", "position 2: lookaround assertions are not supported"),
    ("(?<=a)b", "position 1: lookaround assertions are not supported"),
    ("(?<!a)b", "position 1: lookaround assertions are not supported"),
    ("(?i)abc", "position 1: group options such as (?i) are not supported"),
    ("a++", "position 3: possessive quantifiers are not supported"),
    ("\\bword", "position 1: word boundaries are not supported"),
    ("\\p{L}", "position 1: the escape \\p is not supported"),
    ("a{1000}", "position 2: a repeat count above 100"),
    ("a{5,2}", "position 2: a repeat count {5,2} whose maximum is below its minimum"),
    ("*a", "position 1: '*' with nothing to repeat"),
    ("a**", "position 3: a quantifier cannot follow another quantifier"),
    ("(ab", "position 1: '(' without a matching ')'"),
    ("ab)", "position 3: ')' without a matching '('"),
    ("[z-a]", "position 5: a range whose end comes before its start"),
    ("[[:alpha:]]", "position 2: POSIX classes such as [:alpha:] are not supported (use a range)"),
    (
      "((((((((((a{100}){100}){100}))))))))",
      "position 1: the pattern is too large (over 5000 steps once its repeats are expanded)"
    ),
  ]

  @Test(arguments: 0..<refused.count)
  func refusesWhatItCannotMatchNamingWhy(_ index: Int) {
    let (pattern, message) = Self.refused[index]
    #expect(throws: PatternSyntaxError.self) { try PatternProgram(pattern) }
    do {
      _ = try PatternProgram(pattern)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func aCatastrophicPatternTakesLinearSteps() throws {
    // Backtracking engines take 2^n steps here; this one visits each instruction at most twice
    // per character (once to add a thread, once to step it).
    let program = try PatternProgram("^(a|aa)*b$")
    for length in [50, 500, 1_000] {
      var steps = 0
      #expect(!program.matches(String(repeating: "a", count: length), steps: &steps))
      #expect(steps <= 2 * (length + 1) * program.instructions.count)
    }
    var nested = 0
    let blowUp = try PatternProgram("^(a+)+$")
    #expect(!blowUp.matches(String(repeating: "a", count: 1_000) + "!", steps: &nested))
    #expect(nested <= 2 * 1_002 * blowUp.instructions.count)
  }

  @Test func aTextLongerThanTheLimitDoesNotMatchAndIsNotScanned() throws {
    let program = try PatternProgram(".*")
    var steps = 0
    let long = String(repeating: "a", count: 1_000_000)
    #expect(!program.matches(long, steps: &steps))
    #expect(steps == 0)
    #expect(program.matches(String(repeating: "a", count: PatternProgram.maximumTextLength)))
  }

  @Test func aSchemaWithAnUnsupportedPatternIsRefusedNamingTheField() {
    let field = FormField(id: "code", label: "", inputType: .string, rules: [.pattern("(a)\\1")])
    let error = compileError(singleSection([field]))
    #expect(
      error
        == .invalidPattern(
          field: "s.code", pattern: "(a)\\1",
          problem: "position 4: backreferences are not supported"
        ))
    #expect(error?.description.contains("s.code") == true)
  }
}
