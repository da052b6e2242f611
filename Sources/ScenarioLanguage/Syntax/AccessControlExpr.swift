import KeychainEngine

/// A `SecAccessControlCreateWithFlags(nil, <accessibility>, <flags>, nil)` call as written.
///
/// The parser checks the names; whether Security accepts the combination is the runner's
/// business (`SecAccessControlCreateWithFlags` returns nil for some, docs/evidence.md §7.1).
package struct AccessControlExpr: Hashable, Sendable {
  /// The accessibility constant's name, `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly`.
  package var protectionName: String
  /// Its raw `kSecAttrAccessible` value, `"akpu"`.
  package var protection: String
  /// The flags' Swift names in the order written (`["biometryAny", "or", "devicePasscode"]`).
  package var flagNames: [String]
  /// The union of the flags.
  package var flags: SecAccessControlCreateFlags
}
