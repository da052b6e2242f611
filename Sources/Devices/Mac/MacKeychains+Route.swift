import Foundation
import Keybag
import KeychainEngine

/// A Mac's route: the shim of ``MacKeychains`` between the data protection keychain (the
/// device's engine) and the login and System keychains, and the apps' personalities saved
/// with the Mac (docs/evidence.md §11, facts 34-43).
extension MacKeychains: KeychainRoute {
  /// The device-file key the personalities are saved under.
  package static let stateKey = "macPersonalities"

  /// A Mac's keychains: in memory without `deviceFile`, else in their files beside it, with
  /// the personalities `saved` with the device.
  package convenience init(
    keybag: Keybag, deviceFile: String?, fresh: Bool, saved: [String: Data]
  ) throws(SimulatedDeviceError) {
    try self.init(keybag: keybag, deviceFile: deviceFile, fresh: fresh)
    guard let blob = saved[Self.stateKey] else { return }
    do {
      personalities = try JSONDecoder().decode([String: MacAppPersonality].self, from: blob)
    } catch {
      throw .corruptState(
        path: deviceFile ?? "memory", part: "Mac app personalities", detail: "\(error)")
    }
  }

  package func add(
    _ query: SecQuery, context: SecItemEngine.Context, from host: any KeychainRouteHost
  ) -> SecItemOutcome {
    add(query, dataProtection: host.engine, context: context)
  }

  package func copyMatching(
    _ query: SecQuery, context: SecItemEngine.Context, from host: any KeychainRouteHost
  ) -> SecItemOutcome {
    copyMatching(query, dataProtection: host.engine, context: context, dialog: dialog(host))
  }

  /// SecurityAgent's access dialog, answered by the host's user.
  private func dialog(_ host: any KeychainRouteHost) -> KeychainAccessDialog {
    KeychainAccessDialog(
      ask: { [unowned host] in host.askUser($0) },
      checkPassword: { [unowned host] in host.isLoginPassword($0) })
  }

  package func update(
    _ query: SecQuery, _ attributes: SecQuery, context: SecItemEngine.Context,
    from host: any KeychainRouteHost
  ) -> SecItemOutcome {
    update(
      query, attributes, dataProtection: host.engine, context: context, dialog: dialog(host))
  }

  package func delete(
    _ query: SecQuery, context: SecItemEngine.Context, from host: any KeychainRouteHost
  ) -> SecItemOutcome {
    delete(query, dataProtection: host.engine, context: context)
  }

  package var listedKeychains: [any ListedKeychain] { [login, system] }

  package func personality(of bundleID: String) -> MacAppPersonality? {
    personalities[bundleID] ?? .signed
  }

  package func setPersonality(_ personality: MacAppPersonality, of bundleID: String) -> Bool {
    personalities[bundleID] = personality
    return true
  }

  package func savedState(_ encoder: JSONEncoder) throws -> [(key: String, blob: Data)] {
    [(Self.stateKey, try encoder.encode(personalities))]
  }
}
