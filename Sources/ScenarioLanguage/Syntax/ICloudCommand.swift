/// The `icloud` statements: the current device's Apple Account and iCloud Keychain setting
/// (docs/scenario-language.md §13).
package enum ICloudCommand: Hashable, Sendable, CustomStringConvertible {
  /// `icloud sign-in <apple-id>`.
  case signIn(appleID: String)
  /// `icloud sign-out`.
  case signOut
  /// `icloud keychain on` / `icloud keychain off`.
  case keychain(on: Bool)
  /// `icloud sync`: the current device's account syncs now.
  case sync

  package var description: String {
    switch self {
    case .signIn(let appleID): "icloud sign-in \(appleID)"
    case .signOut: "icloud sign-out"
    case .keychain(let on): "icloud keychain \(on ? "on" : "off")"
    case .sync: "icloud sync"
    }
  }
}
