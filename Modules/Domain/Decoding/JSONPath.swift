/// The place of a value in a JSON document, as keys and indices from the top
/// (`sections[2].fields[0].style.foreground`).
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
  /// One step down: an object's key or an array's index.
  public enum Component: Hashable, Sendable {
    /// The value under a key of an object.
    case key(String)
    /// The element at an index (from 0) of an array.
    case index(Int)
  }

  /// The steps from the top; empty for the document itself.
  public var components: [Component]

  /// Creates a path.
  public init(_ components: [Component] = []) { self.components = components }

  /// The path of a `Decoder`'s coding path (`codingPath` of a container, plus a key).
  public init(_ codingPath: [any CodingKey]) {
    self.components = codingPath.map { key in
      key.intValue.map(Component.index) ?? .key(key.stringValue)
    }
  }

  /// This path with `component` appended.
  public func appending(_ component: Component) -> JSONPath {
    JSONPath(components + [component])
  }

  /// This path with `key` appended.
  public func appending(key: String) -> JSONPath { appending(.key(key)) }

  /// `sections[2].fields[0].id`; empty for the document itself.
  public var description: String {
    var result = ""
    for component in components {
      switch component {
      case .index(let index): result += "[\(index)]"
      case .key(let key): result += result.isEmpty ? key : "." + key
      }
    }
    return result
  }
}
