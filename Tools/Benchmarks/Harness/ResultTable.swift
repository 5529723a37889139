/// One row of the performance table of SPEC section 9.
struct ResultRow {
  var what: String
  var target: String
  var measured: String
  var meetsTarget: Bool
}

/// Prints rows as a Markdown table (pasted as-is into `Docs/Performance.md`).
enum ResultTable {
  static func render(_ rows: [ResultRow]) -> String {
    var lines = [
      "| what | target | measured | meets target |",
      "|---|---|---|---|",
    ]
    for row in rows {
      lines.append(
        "| \(row.what) | \(row.target) | \(row.measured) | \(row.meetsTarget ? "yes" : "NO") |")
    }
    return lines.joined(separator: "\n")
  }
}
