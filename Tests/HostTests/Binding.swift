/// What SwiftUI's `@Bindable` gives a view for a key path of an `@Observable` model: a value to
/// read and write (`$model.focusedField`, `$model[text: path]`).
///
/// SwiftUI is not on Linux, so the host tests make the same thing from the same key paths.
@MainActor struct Binding<Value> {
  private let get: () -> Value
  private let set: (Value) -> Void

  /// The binding of `keyPath` on `model`, as `@Bindable var model` makes it.
  init<Model: AnyObject>(_ model: Model, _ keyPath: ReferenceWritableKeyPath<Model, Value>) {
    get = { model[keyPath: keyPath] }
    set = { model[keyPath: keyPath] = $0 }
  }

  /// The value (a `TextField` reads and writes it).
  var wrappedValue: Value {
    get { get() }
    nonmutating set { set(newValue) }
  }
}
