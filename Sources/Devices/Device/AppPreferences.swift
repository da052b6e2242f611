/// What apps keep in UserDefaults: for each bundle id, its keys and string values.
///
/// Modelled only as far as the "UserDefaults is fine, it's a private app" lesson needs: on iOS
/// an app's preferences are a property list in its container (Library/Preferences), protected
/// by the file data protection of the app's other files, not by the keychain, and copied into
/// every backup as a file. Here they are strings, kept in memory (never in the device file),
/// copied into a backup and read back from an unencrypted one; a restore does not bring them
/// back, and files' data protection (no preferences before the first unlock) is not modelled.
public struct AppPreferences: Sendable, Equatable {
  /// Key to value, per bundle id.
  public private(set) var values: [String: [String: String]] = [:]

  public init() {}

  mutating func set(_ value: String, forKey key: String, app bundleID: String) {
    values[bundleID, default: [:]][key] = value
  }

  mutating func remove(forKey key: String, app bundleID: String) -> Bool {
    guard values[bundleID]?.removeValue(forKey: key) != nil else { return false }
    if values[bundleID]?.isEmpty == true { values[bundleID] = nil }
    return true
  }

  /// The bundle ids with preferences, sorted.
  public var apps: [String] { values.keys.sorted() }
}
