import DeviceState
import Devices
import KeychainEngine

/// The Apple Account a device is signed into, and whether iCloud Keychain is on for it there.
///
/// iCloud Keychain moves items only between devices signed into the same account with it on
/// (docs/evidence.md §11, fact 25); a device signed out, or with it off, keeps its items to
/// itself.
public struct AppleAccount: Sendable, Hashable, Codable {
  /// The Apple Account's identifier (an e-mail address), or `nil` when signed out.
  public var appleID: String?
  /// Whether iCloud Keychain is turned on in Settings for the signed-in account.
  public var iCloudKeychain: Bool

  /// A device out of the box: signed out, iCloud Keychain off.
  public static let signedOut = AppleAccount(appleID: nil, iCloudKeychain: false)

  /// Whether the device takes part in iCloud Keychain sync for `appleID`.
  public func syncs(with appleID: String) -> Bool {
    iCloudKeychain && self.appleID == appleID
  }
}
