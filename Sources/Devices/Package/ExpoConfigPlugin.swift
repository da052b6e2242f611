import DeviceState
import KeychainEngine

/// The package's Expo config plugin (`plugins: [["@apexnative/keychain", { accessGroups }]]`):
/// the `keychain-access-groups` entitlement it writes at prebuild.
///
/// Seed 003, "Set up the access group": the plugin writes `$(AppIdentifierPrefix)<group>`
/// for each group "after the groups that are there already and the app's own group,
/// `$(AppIdentifierPrefix)<bundle id>`". The first group is where `SecItemAdd` puts an item
/// with no `kSecAttrAccessGroup` (docs/evidence.md §5.2), so the app's items keep going where
/// they went before the plugin was added.
public enum ExpoConfigPlugin {
  /// The entitlement the plugin writes: `existing` (already expanded, in order), then
  /// `<teamID>.<bundleID>` unless listed, then `<teamID>.<group>` for each of `accessGroups`
  /// (given without the team prefix, as in app.json) unless listed.
  public static func keychainAccessGroups(
    existing: [String], bundleID: String, teamID: String, accessGroups: [String]
  ) -> [String] {
    var groups = existing
    for group in ["\(teamID).\(bundleID)"] + accessGroups.map({ "\(teamID).\($0)" })
    where !groups.contains(group) {
      groups.append(group)
    }
    return groups
  }
}
