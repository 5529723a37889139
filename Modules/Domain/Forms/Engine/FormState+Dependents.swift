extension FormState {
  /// The fields whose value is computed, directly or through others, from the field at `path`
  /// (not `path` itself), in no particular order: what shows a stale value while a server
  /// calculation of `path` is on its way (the total, marked as updating).
  public func computedDependents(of path: FieldPath) -> Set<FieldPath> {
    guard let source = layout.indexByPath[path] else { return [] }
    let instanceCount = layout.paths.count
    var result: Set<FieldPath> = []
    var seen: Set<Int> = [source]
    var stack = [source]
    while let slot = stack.popLast() {
      for position in layout.dependentStart[slot]..<layout.dependentStart[slot + 1] {
        let dependent = layout.dependents[position]
        guard seen.insert(dependent).inserted else { continue }
        // Conditions and inputs are followed, not listed: a `visible_if` says whether a field
        // shows and so whether its value counts, but an input's text is the user's.
        if dependent < instanceCount, !layout.field(dependent).definition.isInput {
          result.insert(layout.paths[dependent])
        }
        stack.append(dependent)
      }
    }
    return result
  }

  /// The fields computed by the server (with `action_url`), in screen order.
  public var remoteFieldPaths: [FieldPath] {
    layout.remoteInputs.map { layout.paths[$0.instance] }
  }
}
