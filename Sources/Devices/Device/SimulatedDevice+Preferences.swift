import KeychainEngine

/// `UserDefaults.standard.set(_:forKey:)` from the current app: a value in its preferences
/// file, which a backup copies like any other file of the app (``AppPreferences``).
extension SimulatedDevice {
  public func setPreference(_ value: String, forKey key: String) -> DeviceOutcome {
    let bundleID = caller.app.bundleID
    preferences.set(value, forKey: key, app: bundleID)
    return .done(
      "\(bundleID)'s preferences: `\(key)` set (\(value.utf8.count) bytes)",
      note: Explanation(
        cause: "UserDefaults is a property list in the app's container, not the keychain: no "
          + "accessibility class or access group applies, and every backup copies the file",
        fix: "keep tokens and passwords in the keychain (SecItemAdd), and only settings here"))
  }

  /// `UserDefaults.standard.removeObject(forKey:)`: later backups no longer hold the value
  /// (earlier ones still do).
  public func removePreference(forKey key: String) -> DeviceOutcome {
    let bundleID = caller.app.bundleID
    guard preferences.remove(forKey: key, app: bundleID) else {
      return .done("\(bundleID)'s preferences have no `\(key)`: nothing to remove")
    }
    return .done(
      "\(bundleID)'s preferences: `\(key)` removed; backups made before still hold it")
  }
}
