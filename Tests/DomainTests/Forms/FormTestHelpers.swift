import Domain
import Foundation

/// A one-section schema (`s`) of the given fields.
func singleSection(_ fields: [FormField], id: String = "s") -> FormSchema {
  FormSchema(sections: [FormSection(id: id, title: id, fields: fields)])
}

/// A numeric input field.
func numberInput(_ id: String) -> FormField {
  FormField(id: id, label: id, inputType: .numeric)
}

/// A computed field.
func computed(_ id: String, _ expression: String, dependsOn: [String] = []) -> FormField {
  FormField(id: id, label: id, inputType: .none, dependsOn: dependsOn, compute: expression)
}

/// The error thrown by compiling `schema`, if any.
func compileError(_ schema: FormSchema, constants: [String: FormValue] = [:]) -> FormSchemaError? {
  do {
    _ = try FormEngine(schema: schema, constants: constants)
    return nil
  } catch {
    return error
  }
}

/// The error thrown by decoding `json`, if any.
func decodeError(_ json: String) -> FormSchemaError? {
  do {
    _ = try FormSchema.decode(from: Data(json.utf8))
    return nil
  } catch {
    return error
  }
}
