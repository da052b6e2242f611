import DeviceState
import Foundation
import ItemStore
import Keybag

/// Re-seals the items of a schema-version-1 device file in the current layout
/// (``DeviceFileMigrations`` in ItemStore runs it inside the upgrade's transaction).
///
/// Version 1 (main up to commit a6406d9, before the keyed-hash searchable columns) kept the primary key,
/// `pdmn` and `tomb` in plaintext columns and sealed every other attribute, `accc` and the
/// secret in a column each, with associated data `identity ‖ 0xFF ‖ column name`, where the
/// identity is the class and the plaintext primary-key values and `pdmn`. Its rules are
/// frozen here, not shared with ``ItemSealer``: they describe files already written.
///
/// Opening needs each item's class key: a device without a passcode has them all after a
/// reboot; a device with one needs its passcode, which unlocks a keybag of the upgrade's own
/// (the reopened device still starts locked, before first unlock).
package final class VersionOneItemUpgrader: ItemRowUpgrader {
  private let passcode: String?
  private let profile: KDFProfile
  /// The device blob the device file keeps its keybag under (the device's, named above).
  private let keybagBlobKey: String
  private var keybag: Keybag?

  package init(passcode: String?, profile: KDFProfile, keybagBlobKey: String) {
    self.passcode = passcode
    self.profile = profile
    self.keybagBlobKey = keybagBlobKey
  }

  package func begin(deviceBlobs: [String: Data]) throws(ItemRowUpgradeError) {
    guard let blob = deviceBlobs[keybagBlobKey] else {
      throw ItemRowUpgradeError("the file has no keybag, so its items cannot be opened")
    }
    let keybag: Keybag
    do {
      keybag = try Keybag(restoring: PersistedKeybag(bytes: blob), profile: profile)
    } catch {
      throw ItemRowUpgradeError("its keybag cannot be read: \(error.description)")
    }
    if let passcode, keybag.hasPasscode {
      do {
        try keybag.unlock(passcode: passcode)
      } catch .wrongPasscode {
        throw ItemRowUpgradeError("the passcode given does not unlock the device's keybag")
      } catch {
        throw ItemRowUpgradeError("the keybag cannot be unlocked: \(error.description)")
      }
    }
    self.keybag = keybag
  }

  package func upgrade(_ row: LegacyItemRow) throws(ItemRowUpgradeError) -> ItemRow {
    guard let keybag else { throw ItemRowUpgradeError("no keybag was restored") }
    guard row.version == 1 else {
      throw ItemRowUpgradeError("a row of schema version \(row.version) is not a version-1 row")
    }
    let itemClass = row.itemClass
    let plainNames = Set(
      itemClass.primaryKey + [AttributeName.accessible.rawValue, AttributeName.tombstone.rawValue])
    guard case .text(let raw)? = row.columns[AttributeName.accessible.rawValue],
      let protection = ProtectionClass(rawValue: raw)
    else { throw ItemRowUpgradeError("its protection class (pdmn) is missing or unknown") }
    var item = KeychainItem(
      rowID: row.rowID, itemClass: itemClass,
      attributes: row.columns.filter { plainNames.contains($0.key) })
    let identity = Self.identity(itemClass, plain: row.columns)
    for (name, value) in row.columns where !plainNames.contains(name) {
      guard case .blob(let sealed) = value else {
        throw ItemRowUpgradeError("its sealed column '\(name)' is not a blob")
      }
      let bytes: Data
      do {
        bytes = try keybag.open(sealed, in: protection, context: Self.context(identity, name))
      } catch .classUnavailable(let locked) {
        throw ItemRowUpgradeError(
          "it is protected by class \(locked.rawValue), whose key only the device's passcode"
            + " unlocks: open the file with the passcode to upgrade it")
      } catch {
        throw ItemRowUpgradeError("its column '\(name)' cannot be opened: \(error.description)")
      }
      switch name {
      case ItemClass.dataColumn:
        item.data = bytes
      case AttributeName.accessControl.rawValue:
        guard let decoded = AccessControlCodec.decodeBound(bytes) else {
          throw ItemRowUpgradeError("its access control cannot be decoded")
        }
        item.accessControl = decoded.control
        item.boundBiometryGeneration = decoded.generation
      default:
        guard let decoded = StoredValueCodec.decode(bytes) else {
          throw ItemRowUpgradeError("its column '\(name)' cannot be decoded")
        }
        item.attributes[name] = decoded
      }
    }
    do {
      return try ItemSealer(keybag: keybag).seal(item)
    } catch {
      throw ItemRowUpgradeError("it cannot be sealed again: \(error.description)")
    }
  }

  /// Version 1's identity: `class ‖ for each primary-key column, then pdmn: name, value`,
  /// length-prefixed throughout, the values as stored in the plaintext columns.
  static func identity(_ itemClass: ItemClass, plain: [String: StoredValue]) -> [UInt8] {
    var bytes: [UInt8] = []
    StoredValueCodec.appendLengthPrefixed(itemClass.rawValue.utf8, to: &bytes)
    for name in itemClass.primaryKey + [AttributeName.accessible.rawValue] {
      StoredValueCodec.appendLengthPrefixed(name.utf8, to: &bytes)
      StoredValueCodec.encode(plain[name] ?? .null, into: &bytes)
    }
    return bytes
  }

  /// Version 1's associated data of one column: `identity ‖ 0xFF ‖ column name`.
  static func context(_ identity: [UInt8], _ column: String) -> Data {
    var bytes = identity
    bytes.append(0xFF)
    StoredValueCodec.appendLengthPrefixed(column.utf8, to: &bytes)
    return Data(bytes)
  }
}
