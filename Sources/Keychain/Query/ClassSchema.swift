import ItemStore

/// The engine's view of one item class's table: which four-character attributes exist and
/// their kinds (docs/evidence.md §3).
struct ClassSchema: Sendable {
  let itemClass: ItemClass
  let kinds: [String: AttributeKind]

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
  }

  func kind(of attribute: String) -> AttributeKind? { kinds[attribute] }
}
