import DeviceState
import Foundation
import ItemStore

/// The search column of every primary-key attribute's default value, hashed once.
///
/// Sealing gives each primary-key attribute an item lacks its default (securityd's
/// `query_pre_add`), and an add sets `sync` to 0: of the dozen columns an add hashes, about
/// five hold these constants (`sync`, `vwht`, `tkid`, `musr`, `ggrp`), a sixth of an add
/// (docs/benchmarks-history.md). Their keyed hash depends on nothing but the keybag's search key, fixed
/// for the keybag's life, and the attribute's name and kind. No hash of a caller's value is
/// kept.
package final class DefaultValueColumns: Sendable {
  /// By attribute name: the kind the column was hashed as, and the column.
  private let columns: [String: (kind: AttributeKind, column: StoredValue)]

  /// Each class's condition on `sync` of a search that does not name kSecAttrSynchronizable
  /// (`sync = 0`, which the daemon adds): every such search compares it.
  private let unsynchronized: (genp: StoredValue?, inet: StoredValue?, cert: StoredValue?,
    keys: StoredValue?)

  /// The columns `hasher` makes (``SearchHasher/column(_:of:)``) of the default values of
  /// every class's primary-key attributes.
  init(hasher: SearchHasher) {
    func unsynchronized(_ itemClass: ItemClass) -> StoredValue? {
      hasher.condition(AttributeName.synchronizable.rawValue, .integer(0), in: itemClass)
    }
    self.unsynchronized = (
      unsynchronized(.genp), unsynchronized(.inet), unsynchronized(.cert), unsynchronized(.keys)
    )
    var columns: [String: (kind: AttributeKind, column: StoredValue)] = [:]
    for itemClass in ItemClass.allCases {
      for attribute in itemClass.attributes
      where attribute.isPrimaryKey && attribute.storage == .keyedHash
        && columns[attribute.name] == nil
      {
        columns[attribute.name] = (
          attribute.kind, hasher.column(attribute.defaultValue, of: attribute)
        )
      }
    }
    self.columns = columns
  }

  /// What a search of `itemClass` compares `sync` with when it does not name
  /// kSecAttrSynchronizable (``SearchHasher/condition(_:_:in:)`` of `sync = 0`), hashed once.
  func unsynchronizedCondition(in itemClass: ItemClass) -> StoredValue? {
    switch itemClass {
    case .genp: unsynchronized.genp
    case .inet: unsynchronized.inet
    case .cert: unsynchronized.cert
    case .keys: unsynchronized.keys
    }
  }

  /// The column of `attribute`'s default value, or `nil` when it was not hashed here (no
  /// class has an attribute of that name in its key, or it has another kind). The column
  /// depends only on the name and the kind, so a class may use another class's.
  func column(of attribute: AttributeSchema) -> StoredValue? {
    guard let known = columns[attribute.name], known.kind == attribute.kind else { return nil }
    return known.column
  }
}
