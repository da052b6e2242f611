/// An attribute's four-character code (`acct` for kSecAttrAccount), which is also its column
/// name. Code names attributes by the static members (`.account`, `.protection`), declared
/// once beside the class tables in `ItemClass+Catalog.swift`, never by string literals.
///
/// Rows and attribute dictionaries stay keyed by the raw `String` (see the `subscript` on
/// `Dictionary` below): a look-up by name hashes the same string as before, so naming an
/// attribute by type costs nothing on the hot path.
public struct AttributeName: RawRepresentable, Hashable, Comparable, Sendable,
  CustomStringConvertible
{
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { rawValue }
}

extension Dictionary where Key == String {
  /// The value stored under attribute `name` in a row or attribute dictionary.
  @inlinable
  public subscript(_ name: AttributeName) -> Value? {
    get { self[name.rawValue] }
    set { self[name.rawValue] = newValue }
  }
}

extension Set where Element == String {
  /// Whether the set holds attribute `name`.
  @inlinable
  public func contains(_ name: AttributeName) -> Bool { contains(name.rawValue) }
}
