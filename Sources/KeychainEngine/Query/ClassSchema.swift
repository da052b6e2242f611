import DeviceState
import ItemStore

/// The engine's view of one item class's table: which four-character attributes exist and
/// their kinds (docs/evidence.md §3).
package struct ClassSchema: Sendable {
  let itemClass: ItemClass
  let kinds: [String: AttributeKind]

  /// The schema of `itemClass`. Every query is parsed against one, so each class's is built
  /// once and copied from then on (building it was ~10% of a SecItem call, docs/benchmarks-history.md).
  init(_ itemClass: ItemClass) {
    switch itemClass {
    case .genp: self = Self.genp
    case .inet: self = Self.inet
    case .cert: self = Self.cert
    case .keys: self = Self.keys
    }
  }

  // A switch over these rather than a dictionary: a look-up by class hashes its name.
  private static let genp = ClassSchema(building: .genp)
  private static let inet = ClassSchema(building: .inet)
  private static let cert = ClassSchema(building: .cert)
  private static let keys = ClassSchema(building: .keys)

  private init(building itemClass: ItemClass) {
    self.itemClass = itemClass
    var kinds: [String: AttributeKind] = [:]
    for attribute in itemClass.attributes { kinds[attribute.name] = attribute.kind }
    self.kinds = kinds
  }

  func kind(of attribute: String) -> AttributeKind? { kinds[attribute] }
}
