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
    var plain: [String: StoredValue] = [:]
    for name in item.itemClass.plainColumns {
      let value = item.attributes[name] ?? .null
      plain[name] = value == .null ? item.itemClass.attribute(named: name)?.defaultValue : value
    }
    let protection = item.protection
    plain["pdmn"] = .text(protection.rawValue)
    let identity = Self.identity(item.itemClass, plain: plain)
    var sealed: [String: Data] = [:]
    for (name, value) in item.attributes where !item.itemClass.plainColumns.contains(name) {
      guard value != .null, name != "accc", name != ItemClass.dataColumn else { continue }
      sealed[name] = try keybag.seal(
        StoredValueCodec.encode(value), in: protection, context: identity + column(name))
    }
    if let control = item.accessControl {
      sealed["accc"] = try keybag.seal(
        AccessControlCodec.encode(control, boundGeneration: item.boundBiometryGeneration),
        in: protection, context: identity + column("accc"))
    }
    if let data = item.data {
      let name = ItemClass.dataColumn
      sealed[name] = try keybag.seal(data, in: protection, context: identity + column(name))
    }
    return ItemRow(
      rowID: item.rowID, itemClass: item.itemClass, plainColumns: plain, sealedColumns: sealed)
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
      let bytes = try keybag.open(sealed, in: protection, context: identity + column(name))
      if name == "accc" {
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
      sealed, in: protection, context: identity + column(ItemClass.dataColumn))
  }

  /// The protection class a stored row was sealed with.
  static func protection(of row: ItemRow) throws(KeybagError) -> ProtectionClass {
    guard case .text(let raw)? = row.plainColumns["pdmn"],
      let protection = ProtectionClass(rawValue: raw)
    else { throw .authenticationFailed }
    return protection
  }

  // MARK: - Identity

  /// `class ‖ for each primary-key column: name, value ‖ pdmn`, length-prefixed throughout.
  static func identity(_ itemClass: ItemClass, plain: [String: StoredValue]) -> Data {
    var bytes = Data()
    StoredValueCodec.appendLengthPrefixed(Data(itemClass.rawValue.utf8), to: &bytes)
    for name in itemClass.primaryKey + ["pdmn"] {
      StoredValueCodec.appendLengthPrefixed(Data(name.utf8), to: &bytes)
      StoredValueCodec.encode(plain[name] ?? .null, into: &bytes)
    }
    return bytes
  }

  private func column(_ name: String) -> Data {
    var bytes = Data([0xFF])
    StoredValueCodec.appendLengthPrefixed(Data(name.utf8), to: &bytes)
    return bytes
  }
}
