/// The keychain's item classes, named by their `kSecClass` values, which are also the names
/// of securityd's tables (`SecItemSchema.c`). Identities (`idnt`) are not a table: they are
/// a certificate joined with its private key, so they are not stored here.
public enum ItemClass: String, CaseIterable, Sendable {
  /// kSecClassGenericPassword.
  case genp
  /// kSecClassInternetPassword.
  case inet
  /// kSecClassCertificate.
  case cert
  /// kSecClassKey.
  case keys

  /// The table name, which is the class code.
  public var tableName: String { rawValue }

  /// Every attribute of the class, primary-key attributes first, in Apple's order.
  public var attributes: [AttributeSchema] { catalog.attributes }

  /// The primary-key attribute codes in Apple's order (docs/evidence.md §3), internals last.
  public var primaryKey: [String] { catalog.primaryKey }

  /// The schema of attribute `name`, or `nil` if the class has no such attribute — which is
  /// errSecNoSuchAttr territory for the engine.
  public func attribute(named name: String) -> AttributeSchema? {
    catalog.byName[name]
  }

  /// The plaintext columns: the primary key plus `pdmn` and `tomb`.
  public var plainColumns: [String] { catalog.plainColumns }

  /// The sealed columns: every other attribute, then ``ItemClass/dataColumn``.
  public var sealedColumns: [String] { catalog.sealedColumns }

  /// The column that holds the item's secret (kSecValueData), always sealed.
  public static let dataColumn = "data"
}
