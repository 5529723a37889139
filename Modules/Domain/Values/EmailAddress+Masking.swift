extension EmailAddress {
  /// The address masked for anywhere outside the form being filled (SPEC section 8): the first
  /// character of the local part, then `•••`, then the domain: `i•••@example.com`.
  public var masked: String {
    guard let at = rawValue.firstIndex(of: "@"), let first = rawValue.first else { return "•••" }
    return String(first) + "•••" + rawValue[at...]
  }
}
