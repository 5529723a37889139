/// A `pattern` rule compiled to a Thompson automaton and matched by simulating it (the Pike VM
/// without captures): every character of the text is looked at once per instruction at most, so a
/// match takes time proportional to the text's length times the program's size, whatever the
/// pattern.
///
/// `^(a|aa)*b$` against 50 letters, which keeps a backtracking engine busy for minutes, takes a few
/// thousand steps.
///
/// Programs are at most ``maximumSize`` instructions (a `{m,n}` repeat copies its operand), and
/// texts longer than ``maximumTextLength`` characters never match.
///
/// ```swift
/// let program = try PatternProgram("^[0-9]{3}-[0-9]{2}$")
/// program.matches("123-45")  // true
/// ```
struct PatternProgram: Sendable {
  /// The most instructions a compiled pattern may have.
  static let maximumSize = 5_000
  /// The longest text matched; a longer one does not match.
  static let maximumTextLength = 1_000

  enum Instruction: Sendable {
    case character(Character)
    case characterClass(PatternCharacterClass)
    case split(Int, Int)
    case jump(Int)
    case assertStart
    case assertEnd
    case match
  }

  /// The instructions; the program starts at 0.
  let instructions: [Instruction]

  /// Parses and compiles `source`.
  /// - Throws: a ``PatternSyntaxError`` naming the position and the problem.
  init(_ source: String) throws(PatternSyntaxError) {
    let tree = try PatternParser.parse(source)
    var compiler = Compiler()
    try compiler.emit(tree)
    compiler.append(.match)
    instructions = compiler.instructions
  }

  /// Whether the whole of `text` matches.
  func matches(_ text: String) -> Bool {
    var steps = 0
    return matches(text, steps: &steps)
  }

  /// Whether the whole of `text` matches; `steps` grows by the instructions visited (for tests
  /// that check the time is linear).
  func matches(_ text: String, steps: inout Int) -> Bool {
    let characters = Array(text.prefix(Self.maximumTextLength + 1))
    guard characters.count <= Self.maximumTextLength else { return false }
    var current: [Int] = []
    var next: [Int] = []
    var marks = [Int](repeating: -1, count: instructions.count)
    var generation = 0
    add(
      0, at: 0, count: characters.count, to: &current, marks: &marks, generation: generation,
      steps: &steps)
    for (position, character) in characters.enumerated() {
      generation += 1
      next.removeAll(keepingCapacity: true)
      for pc in current {
        steps += 1
        let accepts: Bool
        switch instructions[pc] {
        case .character(let expected): accepts = expected == character
        case .characterClass(let set): accepts = set.contains(character)
        default: accepts = false
        }
        if accepts {
          add(
            pc + 1, at: position + 1, count: characters.count, to: &next, marks: &marks,
            generation: generation, steps: &steps)
        }
      }
      swap(&current, &next)
      if current.isEmpty { return false }
    }
    return current.contains { if case .match = instructions[$0] { true } else { false } }
  }

  // MARK: - Private

  /// Adds the thread at `pc` to `list`, following jumps, splits and assertions at `position`
  /// (an explicit stack: no recursion depth to run out of).
  private func add(
    _ pc: Int, at position: Int, count: Int, to list: inout [Int], marks: inout [Int],
    generation: Int, steps: inout Int
  ) {
    var stack = [pc]
    while let pc = stack.popLast() {
      guard marks[pc] != generation else { continue }
      marks[pc] = generation
      steps += 1
      switch instructions[pc] {
      case .jump(let target): stack.append(target)
      case .split(let first, let second):
        stack.append(second)
        stack.append(first)
      case .assertStart: if position == 0 { stack.append(pc + 1) }
      case .assertEnd: if position == count { stack.append(pc + 1) }
      case .character, .characterClass, .match: list.append(pc)
      }
    }
  }

  private struct Compiler {
    var instructions: [Instruction] = []

    mutating func append(_ instruction: Instruction) {
      instructions.append(instruction)
    }

    mutating func emit(_ node: PatternParser.Node) throws(PatternSyntaxError) {
      guard instructions.count <= PatternProgram.maximumSize else {
        throw PatternSyntaxError(
          position: 1,
          message:
            "the pattern is too large (over \(PatternProgram.maximumSize) steps once its repeats are expanded)"
        )
      }
      switch node {
      case .empty: break
      case .character(let character): append(.character(character))
      case .characterClass(let set): append(.characterClass(set))
      case .start: append(.assertStart)
      case .end: append(.assertEnd)
      case .sequence(let nodes):
        for node in nodes { try emit(node) }
      case .alternation(let branches):
        var jumps: [Int] = []
        for (number, branch) in branches.enumerated() {
          if number < branches.count - 1 {
            let split = instructions.count
            append(.split(split + 1, -1))
            try emit(branch)
            jumps.append(instructions.count)
            append(.jump(-1))
            instructions[split] = .split(split + 1, instructions.count)
          } else {
            try emit(branch)
          }
        }
        for jump in jumps { instructions[jump] = .jump(instructions.count) }
      case .repetition(let inner, let minimum, let maximum):
        for _ in 0..<minimum { try emit(inner) }
        if let maximum {
          // Each optional copy may be skipped to the end.
          var splits: [Int] = []
          for _ in minimum..<maximum {
            splits.append(instructions.count)
            append(.split(instructions.count + 1, -1))
            try emit(inner)
          }
          for split in splits { instructions[split] = .split(split + 1, instructions.count) }
        } else {
          let loop = instructions.count
          append(.split(loop + 1, -1))
          try emit(inner)
          append(.jump(loop))
          instructions[loop] = .split(loop + 1, instructions.count)
        }
      }
      guard instructions.count <= PatternProgram.maximumSize else {
        throw PatternSyntaxError(
          position: 1,
          message:
            "the pattern is too large (over \(PatternProgram.maximumSize) steps once its repeats are expanded)"
        )
      }
    }
  }
}
