import DeviceState
import Devices
import KeychainEngine

/// Apple Account and iCloud Keychain settings of the current device.
///
/// They only decide who takes part in sync; signing out or turning iCloud Keychain off
/// deletes no item (docs/evidence.md §11, fact 24; the choice for third-party items is in
/// docs/fidelity.md, "Several devices").
extension DeviceFleet {
  /// Signs the current device into `appleID`.
  public func signIn(_ appleID: String) -> DeviceOutcome {
    let device = current
    guard device.platform.hasAppleKeychain else {
      return .refused("not signed in", .noICloud(device.platform))
    }
    if let signedIn = currentAccount.appleID {
      guard signedIn != appleID else {
        return .done("already signed into \(appleID)")
      }
      return .refused("not signed in", .signedIntoAnotherAccount(current: signedIn))
    }
    updateCurrentAccount { $0.appleID = appleID }
    return .done(
      "\(currentName) signed into \(appleID); iCloud Keychain is off until turned on")
  }

  /// Signs the current device out of its Apple Account, which turns iCloud Keychain off.
  public func signOut() -> DeviceOutcome {
    guard let appleID = currentAccount.appleID else {
      return .done("\(currentName) is not signed into an Apple Account")
    }
    updateCurrentAccount { $0 = .signedOut }
    return .done(
      "\(currentName) signed out of \(appleID); its keychain items stay on the device")
  }

  /// Turns iCloud Keychain on or off for the current device's account.
  public func setICloudKeychain(_ on: Bool) -> DeviceOutcome {
    let device = current
    guard device.platform.hasAppleKeychain else {
      return .refused("iCloud Keychain not changed", .noICloud(device.platform))
    }
    guard let appleID = currentAccount.appleID else {
      return .refused("iCloud Keychain not changed", .notSignedIn)
    }
    updateCurrentAccount { $0.iCloudKeychain = on }
    return .done(
      on
        ? "iCloud Keychain on for \(appleID) on \(currentName)"
        : "iCloud Keychain off on \(currentName); its keychain items stay on the device")
  }

  /// The devices that take part in iCloud Keychain sync for `appleID`, in fleet order.
  public func syncingMembers(of appleID: String) -> [Member] {
    members.filter { $0.account.syncs(with: appleID) }
  }
}
