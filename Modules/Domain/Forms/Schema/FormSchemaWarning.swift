import Foundation

/// Something a form schema's designer should know that does not stop it loading, naming the
/// section or field: ``FormSchema/warnings`` lists them, `hotel form check` prints them.
public enum FormSchemaWarning: Hashable, Sendable, CustomStringConvertible {
  /// A style whose foreground reads poorly on its background: a WCAG 2 contrast `ratio` under
  /// ``FormStyle/minimumContrast`` to 1, in the section or field at `path`.
  case poorContrast(path: String, ratio: Double)
  /// An `input_type` (`name`) this build does not know, on the field at `path`: the field is
  /// shown read-only ("Not available in this version of the app") and never blocks Pay.
  case unknownInputType(path: String, name: String)

  /// The section or field it names (`extras.code`, `extras`).
  public var path: String {
    switch self {
    case .poorContrast(let path, _), .unknownInputType(let path, _): path
    }
  }

  /// The same warning with `prefix` (a section's identifier) in front of the path it names.
  func prefixed(by prefix: String) -> FormSchemaWarning {
    func join(_ path: String) -> String { path.isEmpty ? prefix : "\(prefix).\(path)" }
    switch self {
    case .poorContrast(let path, let ratio): return .poorContrast(path: join(path), ratio: ratio)
    case .unknownInputType(let path, let name):
      return .unknownInputType(path: join(path), name: name)
    }
  }

  /// The ratio as a message shows it: `2.1:1`.
  public static func ratioText(_ ratio: Double) -> String {
    String(format: "%.1f:1", (ratio * 10).rounded(.down) / 10)
  }

  /// One readable sentence naming the warning and where it is.
  public var description: String {
    switch self {
    case .poorContrast(let path, let ratio):
      "Poor contrast in \(path): style.foreground on style.background is "
        + "\(Self.ratioText(ratio)), under the 3:1 a text needs to be read"
    case .unknownInputType(let path, let name):
      "Unknown input type '\(FormSchemaError.excerpt(name))' in field \(path): it is shown "
        + "read-only, as not available in this version of the app"
    }
  }
}

extension FormSchema {
  /// What the designer should know about this schema that does not stop it loading, in screen
  /// order: a style's foreground on its background under a 3:1 contrast.
  public var warnings: [FormSchemaWarning] { placedWarnings.map(\.warning) }

  /// ``warnings``, each with the JSON path of the style it is about (`sections[1].style`).
  var placedWarnings: [(warning: FormSchemaWarning, path: JSONPath)] {
    var warnings: [(FormSchemaWarning, JSONPath)] = []
    func check(_ style: FormStyle, _ name: String, _ path: JSONPath) {
      if let ratio = style.contrast, ratio < FormStyle.minimumContrast {
        warnings.append((.poorContrast(path: name, ratio: ratio), path.appending(key: "style")))
      }
    }
    for (sectionNumber, section) in sections.enumerated() {
      let sectionPath = JSONPath([.key("sections"), .index(sectionNumber)])
      check(section.style, section.id, sectionPath)
      for (fieldNumber, field) in section.fields.enumerated() {
        check(
          field.style, section.id + "." + field.id,
          sectionPath.appending(key: "fields").appending(.index(fieldNumber)))
      }
    }
    return warnings
  }
}
