import DeviceState
import Foundation
import ItemStore
import Keybag

/// Turns a ``KeychainItem`` into the row the store keeps, and back.
///
/// The primary key, `pdmn` and `tomb` stay in plaintext so SQLite can enforce uniqueness and
/// filter; every other attribute, the access control and the secret are sealed one column at a
/// time with the item's class key. Each ciphertext's associated data is the item's identity
/// (class, primary key, protection class) plus the column name, so a sealed value cannot be
/// moved to another item or column (docs/architecture.md).
struct ItemSealer {
  let keybag: Keybag

  // MARK: - Sealing

  /// Seals `item` into a row. Fills missing plaintext columns with the defaults the store
  /// would give them, so the identity sealed here is the one read back.
  ///
  /// - Throws: ``KeybagError/classUnavailable(_:)`` while the class is locked,
  ///   ``KeybagError/noClassKey(_:)`` for `akpu` with no passcode.
  func seal(_ item: KeychainItem) throws(KeybagError) -> ItemRow {
    try seal(item, reusing: nil)
  }

  /// Seals `item`, an update of `original`, which was opened from `originalRow`: a column
  /// whose value did not change keeps its ciphertext instead of being sealed again, as long
  /// as the item's identity (primary key, protection class) is the same — the ciphertext's
  /// associated data is that identity and the column name, so it is still exactly what
  /// sealing would produce, bar the random nonce. Updates usually change one or two columns,
  /// so this saves most of their sealing (docs/benchmarks.md).
  func seal(
    _ item: KeychainItem, reusing original: (row: ItemRow, item: KeychainItem)?
  ) throws(KeybagError) -> ItemRow {
    let itemClass = item.itemClass
    let plainColumns = itemClass.plainColumns
    var plain: [String: StoredValue] = [:]
    plain.reserveCapacity(plainColumns.count)
    for name in plainColumns {
      let value = item.attributes[name] ?? .null
      plain[name] = value == .null ? itemClass.attribute(named: name)?.defaultValue : value
    }
    let protection = item.protection
    plain[.accessible] = .text(protection.rawValue)
    let identity = Self.identity(itemClass, plain: plain)
    // Reuse only what was sealed under this very identity.
    let reusable =
      original.flatMap { original in
        Self.identity(itemClass, plain: original.row.plainColumns) == identity ? original : nil
      }
    var sealed: [String: Data] = [:]
    func sealColumn(_ name: String, unchanged: Bool, _ bytes: () -> Data) throws(KeybagError) {
      if unchanged, let kept = reusable?.row.sealedColumns[name] {
        sealed[name] = kept
        return
      }
      sealed[name] = try keybag.seal(
        bytes(), in: protection, context: Self.context(identity, column: name))
    }
    for (name, value) in item.attributes where !plainColumns.contains(name) {
      guard value != .null, name != AttributeName.accessControl.rawValue,
        name != ItemClass.dataColumn
      else { continue }
      try sealColumn(name, unchanged: reusable?.item.attributes[name] == value) {
        StoredValueCodec.encode(value)
      }
    }
    if let control = item.accessControl {
      let unchanged =
        reusable.map {
          $0.item.accessControl == control
            && $0.item.boundBiometryGeneration == item.boundBiometryGeneration
        } ?? false
      try sealColumn(AttributeName.accessControl.rawValue, unchanged: unchanged) {
        AccessControlCodec.encode(control, boundGeneration: item.boundBiometryGeneration)
      }
    }
    if let data = item.data {
      try sealColumn(ItemClass.dataColumn, unchanged: reusable?.item.data == data) { data }
    }
    return ItemRow(
      rowID: item.rowID, itemClass: itemClass, plainColumns: plain, sealedColumns: sealed)
  }

  // MARK: - Opening

  /// Opens every sealed attribute of `row`, leaving the secret sealed.
  ///
  /// - Throws: ``KeybagError/classUnavailable(_:)`` when the class key is not in memory;
  ///   ``KeybagError/keyDestroyed`` or ``KeybagError/authenticationFailed`` for an item that
  ///   can never be opened (its `akpu` key is gone, or the row was tampered with).
  func openAttributes(_ row: ItemRow) throws(KeybagError) -> KeychainItem {
    let protection = try Self.protection(of: row)
    let identity = Self.identity(row.itemClass, plain: row.plainColumns)
    var item = KeychainItem(
      rowID: row.rowID, itemClass: row.itemClass, attributes: row.plainColumns)
    for (name, sealed) in row.sealedColumns where name != ItemClass.dataColumn {
      let bytes = try keybag.open(
        sealed, in: protection, context: Self.context(identity, column: name))
      if name == AttributeName.accessControl.rawValue {
        guard let decoded = AccessControlCodec.decodeBound(bytes) else {
          throw .authenticationFailed
        }
        item.accessControl = decoded.control
        item.boundBiometryGeneration = decoded.generation
      } else {
        guard let value = StoredValueCodec.decode(bytes) else { throw .authenticationFailed }
        item.attributes[name] = value
      }
    }
    return item
  }

  /// Opens the secret of `row`; `nil` when the item has none.
  func openData(_ row: ItemRow) throws(KeybagError) -> Data? {
    guard let sealed = row.sealedColumns[ItemClass.dataColumn] else { return nil }
    let protection = try Self.protection(of: row)
    let identity = Self.identity(row.itemClass, plain: row.plainColumns)
    return try keybag.open(
      sealed, in: protection, context: Self.context(identity, column: ItemClass.dataColumn))
  }

  /// The protection class a stored row was sealed with.
  static func protection(of row: ItemRow) throws(KeybagError) -> ProtectionClass {
    guard case .text(let raw)? = row.plainColumns[.accessible],
      let protection = ProtectionClass(rawValue: raw)
    else { throw .authenticationFailed }
    return protection
  }

  // MARK: - Identity

  /// `class ‖ for each primary-key column: name, value ‖ pdmn`, length-prefixed throughout.
  /// Computed once per row; each column's context appends its name to it.
  static func identity(_ itemClass: ItemClass, plain: [String: StoredValue]) -> [UInt8] {
    let layout = identityLayouts[itemClass] ?? IdentityLayout(itemClass)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(layout.head.count + 16 * layout.columns.count)
    bytes.append(contentsOf: layout.head)
    for (name, prefix) in layout.columns {
      bytes.append(contentsOf: prefix)
      StoredValueCodec.encode(plain[name] ?? .null, into: &bytes)
    }
    return bytes
  }

  /// The constant parts of a class's identity: its length-prefixed name, and each identity
  /// column's length-prefixed name. Built once per class, as every SecItem call needs them.
  private struct IdentityLayout {
    let head: [UInt8]
    let columns: [(name: String, prefix: [UInt8])]

    init(_ itemClass: ItemClass) {
      var head: [UInt8] = []
      StoredValueCodec.appendLengthPrefixed(itemClass.rawValue.utf8, to: &head)
      self.head = head
      columns = (itemClass.primaryKey + [AttributeName.accessible.rawValue]).map { name in
        var prefix: [UInt8] = []
        StoredValueCodec.appendLengthPrefixed(name.utf8, to: &prefix)
        return (name, prefix)
      }
    }
  }

  private static let identityLayouts: [ItemClass: IdentityLayout] = Dictionary(
    uniqueKeysWithValues: ItemClass.allCases.map { ($0, IdentityLayout($0)) })

  /// The associated data of one column: `identity ‖ 0xFF ‖ column name, length-prefixed`.
  static func context(_ identity: [UInt8], column name: String) -> Data {
    let suffix = columnSuffixes[name] ?? columnSuffix(name)
    var bytes = Data(capacity: identity.count + suffix.count)
    bytes.append(contentsOf: identity)
    bytes.append(contentsOf: suffix)
    return bytes
  }

  private static func columnSuffix(_ name: String) -> [UInt8] {
    var bytes: [UInt8] = [0xFF]
    StoredValueCodec.appendLengthPrefixed(name.utf8, to: &bytes)
    return bytes
  }

  /// The suffix of every column of every class, built once.
  private static let columnSuffixes: [String: [UInt8]] = {
    var suffixes: [String: [UInt8]] = [:]
    for itemClass in ItemClass.allCases {
      for name in itemClass.sealedColumns { suffixes[name] = columnSuffix(name) }
    }
    return suffixes
  }()
}
