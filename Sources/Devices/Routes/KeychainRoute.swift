import DeviceState
import Foundation
import KeychainEngine

/// Where a device's SecItem calls go, and what else its keychain keeps: one conformance per
/// kind of keychain, chosen from the platform when the device is made
/// (``DevicePlatform/makeRoute(engine:keybag:deviceFile:fresh:saved:)``).
///
/// An iPhone, iPad or Watch has the data protection keychain alone (``DataProtectionRoute``);
/// a Mac routes between it and its login and System keychains (``MacKeychains``); an Android
/// phone has no SecItem at all and keeps the package's values in each app's own storage
/// (``AndroidPackageRoute``). ``SimulatedDevice`` calls its route and never asks its
/// platform, so a new kind of device is a new conformance and a line in the factory.
package protocol KeychainRoute: AnyObject {
  // Each call gets the context of the call (caller, state, clock, authorisation) as a value,
  // built once by the device, and the host for what a route may need besides.
  func add(_ query: SecQuery, context: SecItemEngine.Context, from host: any KeychainRouteHost)
    -> SecItemOutcome
  func copyMatching(
    _ query: SecQuery, context: SecItemEngine.Context, from host: any KeychainRouteHost
  ) -> SecItemOutcome
  func update(
    _ query: SecQuery, _ attributes: SecQuery, context: SecItemEngine.Context,
    from host: any KeychainRouteHost
  ) -> SecItemOutcome
  func delete(_ query: SecQuery, context: SecItemEngine.Context, from host: any KeychainRouteHost)
    -> SecItemOutcome

  /// The keychains besides the data protection one, in the order `show items` lists them.
  var listedKeychains: [any ListedKeychain] { get }

  /// How `bundleID` runs on this device; `nil` where apps have no such setting (not a Mac).
  func personality(of bundleID: String) -> MacAppPersonality?
  /// Sets how `bundleID` runs; `false` where apps have no such setting.
  func setPersonality(_ personality: MacAppPersonality, of bundleID: String) -> Bool

  /// The package's storage when the device keeps the package's values outside the keychain
  /// (an Android phone); `nil` where the package goes through SecItem.
  var packageStorage: AndroidAppStorage? { get set }

  /// What the route saves with the device, by device-file key.
  func savedState(_ encoder: JSONEncoder) throws -> [(key: String, blob: Data)]
}

extension KeychainRoute {
  package var listedKeychains: [any ListedKeychain] { [] }
  package func personality(of bundleID: String) -> MacAppPersonality? { nil }
  package func setPersonality(_ personality: MacAppPersonality, of bundleID: String) -> Bool {
    false
  }
  package var packageStorage: AndroidAppStorage? {
    get { nil }
    set {}
  }
  package func savedState(_ encoder: JSONEncoder) throws -> [(key: String, blob: Data)] { [] }
}
