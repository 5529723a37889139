extension FormSchema {
  /// A generated schema of `fieldCount` fields for benchmarks and stress tests.
  ///
  /// Fields come in blocks, one section each (`b0`, `b1`, ...): a numeric input `x`, `fanOut`
  /// computed fields reading it (`c0 = x * 1 + 0`, `c1 = x * 2 + 1`, ...), so every input has
  /// `fanOut` dependents, and a field `total = sum(c0, ..., c<fanOut-1>)` reading them all. An
  /// edit of `bK.x` therefore recomputes `fanOut + 1` fields, while ``FormState/recomputeAll()``
  /// recomputes every computed field. The last block is cut short to reach `fieldCount` exactly.
  public static func synthetic(fieldCount: Int, fanOut: Int) -> FormSchema {
    let fanOut = Swift.max(fanOut, 1)
    let blockSize = fanOut + 2
    var sections: [FormSection] = []
    var remaining = Swift.max(fieldCount, 0)
    while remaining > 0 {
      let size = Swift.min(blockSize, remaining)
      remaining -= size
      var fields = [FormField(id: "x", label: "x", inputType: .numeric)]
      let computed = Swift.min(fanOut, size - 1)
      for index in 0..<computed {
        fields.append(
          FormField(
            id: "c\(index)", label: "c\(index)", inputType: .none,
            compute: "x * \(index + 1) + \(index)"))
      }
      if size == blockSize {
        let terms = (0..<fanOut).map { "c\($0)" }.joined(separator: ", ")
        fields.append(
          FormField(id: "total", label: "total", inputType: .none, compute: "sum(\(terms))"))
      }
      sections.append(FormSection(id: "b\(sections.count)", title: "", fields: fields))
    }
    return FormSchema(version: supportedVersion, sections: sections)
  }
}
