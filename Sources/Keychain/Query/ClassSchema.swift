import ItemStore

/// The engine's view of one item class's table: which four-character attributes exist, their
/// kinds, and the primary key (fact sheet §3).
struct ClassSchema: Sendable {
  let itemClass: ItemClass
  let kinds: [String: AttributeKind]
  let primaryKey: Set<String>

  /// The schema of `itemClass`. Every query is parsed against one, so each class's is built
  /// once and copied from then on (building it was ~10% of a SecItem call, docs/benchmarks.md).
  init(_ itemClass: ItemClass) {
    self = Self.built[itemClass] ?? Self(building: itemClass)
  }

  private static let built: [ItemClass: ClassSchema] = Dictionary(
    uniqueKeysWithValues: ItemClass.allCases.map { ($0, ClassSchema(building: $0)) })

  private init(building itemClass: ItemClass) {
    self.itemClass = itemClass
    var kinds: [String: AttributeKind] = [:]
    for attribute in itemClass.attributes { kinds[attribute.name] = attribute.kind }
    self.kinds = kinds
    self.primaryKey = Set(itemClass.primaryKey)
  }

  func kind(of attribute: String) -> AttributeKind? { kinds[attribute] }

  /// Columns stored in plaintext: the primary key (so SQLite can enforce uniqueness), the
  /// protection class and the tombstone flag. Everything else is sealed.
  func isPlaintext(_ attribute: String) -> Bool {
    primaryKey.contains(attribute) || attribute == AttributeName.accessible.rawValue
      || attribute == AttributeName.tombstone.rawValue
  }
}
