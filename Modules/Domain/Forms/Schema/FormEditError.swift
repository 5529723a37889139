/// Why adding or removing an instance of a repeatable section was refused.
public enum FormEditError: Error, Hashable, Sendable {
  /// The section already has its maximum number of instances.
  case atMaximum(Int)
  /// The section already has its minimum number of instances.
  case atMinimum(Int)
  /// No repeatable section has this identifier.
  case unknownSection(String)
  /// No instance has this number (instances are numbered from 1).
  case noSuchInstance(Int)
}
