import Foundation
import Keybag
import KeychainEngine

extension DevicePlatform {
  /// The route a new or reopened device of this kind sends its SecItem calls down, with what
  /// it `saved` in the device file (empty for a new device). The one place a platform picks
  /// its keychain: adding a kind of device with a keychain of its own is a case here.
  ///
  /// - Throws: ``SimulatedDeviceError`` when the route's files cannot be opened (a Mac's
  ///   keychain files) or what it saved cannot be read.
  package func makeRoute(
    keybag: Keybag, deviceFile: String?, fresh: Bool, saved: [String: Data]
  ) throws(SimulatedDeviceError) -> any KeychainRoute {
    switch self {
    case .iPhone, .iPad, .watch, .simulator:
      return DataProtectionRoute()
    case .mac:
      return try MacKeychains(keybag: keybag, deviceFile: deviceFile, fresh: fresh, saved: saved)
    case .android:
      guard let blob = saved[AndroidPackageRoute.stateKey] else {
        return AndroidPackageRoute(storage: AndroidAppStorage())
      }
      do {
        return AndroidPackageRoute(
          storage: try JSONDecoder().decode(AndroidAppStorage.self, from: blob))
      } catch {
        throw .corruptState(
          path: deviceFile ?? "memory", part: "Android package values", detail: "\(error)")
      }
    }
  }
}
