/// A mutable value shared by the closures of a side-by-side run (two closures cannot both
/// capture the same `var` mutably).
final class Box<Value> {
  var value: Value

  init(_ value: Value) { self.value = value }
}
