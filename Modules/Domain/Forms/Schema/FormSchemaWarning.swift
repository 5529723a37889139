import Foundation

/// Something a form schema's designer should know that does not stop it loading, naming the
/// section or field: ``FormSchema/warnings`` lists them, `hotel form check` prints them.
public enum FormSchemaWarning: Hashable, Sendable, CustomStringConvertible {
  /// A style whose foreground reads poorly on its background: a WCAG 2 contrast `ratio` under
  /// ``FormStyle/minimumContrast`` to 1, in the section or field at `path`.
  case poorContrast(path: String, ratio: Double)

  /// The section or field it names (`extras.code`, `extras`).
  public var path: String {
    switch self {
    case .poorContrast(let path, _): path
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
    }
  }
}

extension FormSchema {
  /// What the designer should know about this schema that does not stop it loading, in screen
  /// order: a style's foreground on its background under a 3:1 contrast.
  public var warnings: [FormSchemaWarning] {
    var warnings: [FormSchemaWarning] = []
    func check(_ style: FormStyle, _ path: String) {
      if let ratio = style.contrast, ratio < FormStyle.minimumContrast {
        warnings.append(.poorContrast(path: path, ratio: ratio))
      }
    }
    for section in sections {
      check(section.style, section.id)
      for field in section.fields { check(field.style, section.id + "." + field.id) }
    }
    return warnings
  }
}
