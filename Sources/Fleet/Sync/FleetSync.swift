import DeviceState
import Devices
import KeychainEngine

/// The iCloud Keychain side of a ``DeviceFleet``: each account's cloud, what each device
/// knows of it, and the events the transcript has still to show.
package struct FleetSync: Sendable, Codable {
  /// The clouds, by Apple Account.
  var clouds: [String: CloudKeychain] = [:]
  /// What each device knows of each account's cloud, by device name then Apple Account; kept
  /// across sign-out and iCloud Keychain off, so turning it back on uploads what changed
  /// meanwhile (docs/evidence.md §11, fact 23).
  var mirrors: [String: [String: SyncMirror]] = [:]
  /// Not yet taken by ``DeviceFleet/takeSyncEvents()``; not saved (the transcript took them).
  var events: [SyncEvent] = []

  private enum CodingKeys: String, CodingKey { case clouds, mirrors }

  /// Whether there is anything to keep: no cloud, no mirror.
  var isEmpty: Bool { clouds.isEmpty && mirrors.isEmpty }

  func cloud(_ appleID: String) -> CloudKeychain {
    clouds[appleID] ?? CloudKeychain(appleID: appleID)
  }

  func mirror(_ device: String, _ appleID: String) -> SyncMirror {
    mirrors[device]?[appleID] ?? SyncMirror()
  }
}
