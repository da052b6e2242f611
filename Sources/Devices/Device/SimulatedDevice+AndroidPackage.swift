import DeviceState
import Foundation
import Keybag
import KeychainEngine

/// The package on an Android phone: `accessGroup` is ignored and each app keeps its own
/// values (docs/evidence.md §11, facts 50 and 53: Keystore keys belong to one app's UID and
/// Android has no cross-app sharing of them).
extension SimulatedDevice {
  /// The protection class the Android values are sealed in. An app's private storage is
  /// credential-encrypted: readable once the phone has been unlocked after a restart, as an
  /// after-first-unlock item is (the simulator's analogue; docs/fidelity.md,
  /// "The cross-platform package (seed 003)").
  static let androidStorageClass = ProtectionClass.cku

  func performInPackageStorage(_ operation: PackageOperation, on keychain: PackageKeychain)
    -> PackageOutcome
  {
    let entry = AndroidAppStorage.EntryKey(
      packageName: caller.app.bundleID, service: keychain.service, key: operation.key)
    let settled: Result<PackageOutcome.Value, PackageError>
    switch operation {
    case .setItem(_, let value):
      do {
        let sealed = try keybag.seal(
          Data(value.utf8), in: Self.androidStorageClass, context: entry.sealingContext)
        route.packageStorage?.store(sealed, at: entry)
        settled = .success(.nothing)
      } catch {
        settled = .failure(Self.storageFailure(error))
      }
    case .getItem:
      if let sealed = route.packageStorage?.value(at: entry) {
        do {
          let bytes = try keybag.open(
            sealed, in: Self.androidStorageClass, context: entry.sealingContext)
          settled = .success(.string(String(decoding: bytes, as: UTF8.self)))
        } catch {
          settled = .failure(Self.storageFailure(error))
        }
      } else {
        settled = .success(.null)
      }
    case .deleteItem:
      route.packageStorage?.remove(entry)
      settled = .success(.nothing)
    }
    switch operation {
    case .setItem, .deleteItem: saveRecordingFailure()
    case .getItem: break
    }
    var note: Explanation?
    if let group = keychain.accessGroup {
      note = Explanation(
        cause: "on Android the package ignores accessGroup \(group): the value is "
          + "\(caller.app.bundleID)'s own, in its Keystore-backed storage, and no other app "
          + "can read it (Android has no keychain access groups)",
        fix: "to share a session between Android apps, get it from your server in each app, "
          + "or use the platform's account and credential APIs")
    }
    return PackageOutcome(
      operation: operation, platform: platform, settled: settled, steps: [], note: note)
  }

  private static func storageFailure(_ error: KeybagError) -> PackageError {
    PackageError(
      code: .keychainError,
      message: "the app's Keystore key cannot be used: \(error)")
  }

  /// What apps keep through the package on an Android phone (never the values), sorted.
  public var androidPackageEntries: [(app: String, service: String, key: String)] {
    (route.packageStorage?.entries ?? []).map { ($0.packageName, $0.service, $0.key) }
  }

  /// Erases what the package kept for `bundleID` on an Android phone, as Android erases an
  /// uninstalled app's Keystore entries and private files (docs/evidence.md §11, fact 51);
  /// how many values went. Nothing on an Apple device, where items outlive the app (S8).
  func eraseAndroidStorage(of bundleID: String) -> Int {
    route.packageStorage?.removeAll(of: bundleID) ?? 0
  }
}

extension SimulatedDevice {
  /// `app uninstall` on an Android phone: the apps' stored values went with them (fact 51),
  /// `erased` of them.
  func uninstallOnAndroid(_ bundleID: String, removed: [InstalledApp], erased: Int)
    -> DeviceOutcome
  {
    var note =
      "Android erases an uninstalled app's Keystore keys and private storage "
      + "(docs/evidence.md §11, fact 51): reinstalling it starts with nothing"
    if removed.contains(where: { $0.bundleID == caller.app.bundleID }) {
      note += ". It was making the calls: `app use` another app or install it again"
    }
    return .done(
      "deleted \(bundleID); the \(erased) value(s) it kept through the package were erased "
        + "with it", note: Explanation(cause: note))
  }
}
