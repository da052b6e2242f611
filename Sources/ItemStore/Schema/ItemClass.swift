/// The keychain's item classes, named by their `kSecClass` values, which are also the names
/// of securityd's tables (`SecItemSchema.c`). Identities (`idnt`) are not a table: they are
/// a certificate joined with its private key, so they are not stored here.
public enum ItemClass: String, CaseIterable, Sendable, Codable {
  /// kSecClassGenericPassword.
  case genp
  /// kSecClassInternetPassword.
  case inet
  /// kSecClassCertificate.
  case cert
  /// kSecClassKey.
  case keys

  /// Equality and hashing by case (its position in ``allCases``), written out because a
  /// raw-valued enum otherwise takes `RawRepresentable`'s, which hash and compare the raw
  /// `String`s; the class is part of the keys of the store's caches, looked up on every call
  /// (docs/benchmarks.md, issue 29).
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.position == rhs.position }
  public func hash(into hasher: inout Hasher) { hasher.combine(position) }
  private var position: UInt8 {
    switch self { case .genp: 0; case .inet: 1; case .cert: 2; case .keys: 3 }
  }

  /// The table name, which is the class code.
  public var tableName: String { rawValue }

  /// Every attribute of the class, primary-key attributes first, in Apple's order.
  public var attributes: [AttributeSchema] { catalog.attributes }

  /// The primary-key attribute codes in Apple's order (docs/evidence.md §3), internals last.
  public var primaryKey: [String] { catalog.primaryKey }

  /// The schema of attribute `name`, or `nil` if the class has no such attribute — which is
  /// errSecNoSuchAttr territory for the engine.
  public func attribute(named name: String) -> AttributeSchema? {
    catalog.attribute(named: name)
  }

  /// ``attribute(named:)`` for a name already packed (``AttributeCodes/code(of:)``): the
  /// query parser packs each four-character key once, to compare it and to look it up.
  package func attribute(code: UInt64) -> AttributeSchema? {
    catalog.attribute(code: code)
  }

  /// The position in ``attributes`` of attribute `name`, or `nil` if the class has no such
  /// attribute: found by its packed name (``AttributeCodes``), with no hashing, for a caller
  /// that goes through an item's attributes rather than the class's.
  package func attributePosition(named name: String) -> Int? {
    catalog.position(named: name)
  }

  /// The columns SQLite compares: a keyed hash of every attribute but `accc`, `pdmn` and
  /// `tomb` as they are. What the hashes are is the engine's business.
  public var searchColumns: [String] { catalog.searchColumns }

  /// The sealed columns: ``attributesColumn``, ``accessControlColumn``, ``dataColumn``.
  public var sealedColumns: [String] { catalog.sealedColumns }

  /// The indexes beyond the `UNIQUE` one, each a list of columns.
  public var indexes: [[String]] { catalog.indexes }

  /// The column that holds every attribute value of the item, sealed as one.
  public static let attributesColumn = "attrs"
  /// The column that holds the item's access control, sealed.
  public static let accessControlColumn = AttributeName.accessControl.rawValue
  /// The column that holds the item's secret (kSecValueData), always sealed.
  public static let dataColumn = "data"

  static let sealedColumnNames = [attributesColumn, accessControlColumn, dataColumn]
}
