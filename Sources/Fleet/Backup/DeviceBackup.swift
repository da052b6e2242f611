import DeviceState
import Devices
import Foundation
import Keybag
import KeychainEngine

/// One backup of a device's whole keychain (docs/evidence.md §11, fact 32: backups are not
/// per app), kept in the fleet's memory.
///
/// Every entry's contents are sealed: under the origin device's UID (ThisDeviceOnly items,
/// and every item of an unencrypted or iCloud backup), under a key derived from the backup
/// password (encrypted backups), or both. Only what names an item (class, primary key,
/// protection) is kept in the clear, for the transcript; data never is.
///
/// "Same device" is the device's UID: the backup records ``originIdentity``, a keyed hash of
/// the origin's UID, and a UID-sealed entry opens only with that device's keybag.
public struct DeviceBackup {
  /// One item in the backup.
  package struct Entry {
    /// How the transcript names it.
    var item: String
    var protection: ProtectionClass
    /// Sealed to the origin's UID (possibly inside the password seal).
    var uidBound: Bool
    /// The sealed item (``BackupItemCodec``).
    var sealed: Data
  }

  public let name: String
  public let kind: BackupKind
  /// The fleet name of the device it was made on.
  public let originName: String
  /// ``Keybag/deviceIdentity`` of the device it was made on.
  public let originIdentity: String
  /// When it was made, on the simulated clock.
  public let createdAt: SimulatedInstant
  /// A random id bound into every seal, so an entry cannot move between backups.
  let id: String
  var entries: [Entry]
  /// The items that were left out when it was made, and why.
  public let leftOut: [BackupItemFate]
  /// The Argon2id salt and limits of an encrypted backup's password key.
  let passwordSalt: [UInt8]?
  let passwordParameters: KDFParameters?
  /// A known value sealed with the password key: a wrong password fails on it before any
  /// item is touched.
  var passwordCheck: Data?
  /// The apps' preferences files (UserDefaults), copied like any file of an app.
  var preferenceFiles: BackupPreferences = .protected(apps: [])

  public var itemCount: Int { entries.count }

  /// The associated data of entry `index`.
  func context(entry index: Int) -> Data {
    Data("keychain-sim/backup/v1/\(id)/entry/\(index)".utf8)
  }

  var checkContext: Data { Data("keychain-sim/backup/v1/\(id)/password-check".utf8) }

  static let checkValue = Data("keychain-sim backup password check".utf8)
}
