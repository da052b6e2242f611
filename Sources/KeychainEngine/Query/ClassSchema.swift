import DeviceState
import ItemStore

/// The engine's view of one item class's table: which four-character attributes exist and
/// their kinds (docs/evidence.md §3).
package struct ClassSchema: Sendable {
  let itemClass: ItemClass

  /// The schema of `itemClass`. Every query is parsed against one; the class's catalog is
  /// built once (building a schema per query was ~10% of a SecItem call,
  /// docs/benchmarks-history.md).
  init(_ itemClass: ItemClass) {
    self.itemClass = itemClass
  }

  /// The schema of attribute `name`, or `nil` when the class has no such attribute: looked
  /// up by its packed name (``ItemClass/attribute(named:)``), where a dictionary of its own
  /// hashed the name per key of every query (issue 29).
  func attribute(_ name: String) -> AttributeSchema? { itemClass.attribute(named: name) }

  /// The schema of the attribute whose name packs to `code` (``AttributeCodes/code(of:)``).
  func attribute(code: UInt64) -> AttributeSchema? { itemClass.attribute(code: code) }
}
