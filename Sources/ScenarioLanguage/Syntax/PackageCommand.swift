import Devices

/// The cross-platform package's statements (docs/scenario-language.md §13, "The cross-platform
/// package"), written as the package's TypeScript reads.
package enum PackageCommand: Hashable, Sendable {
  /// `let shared = createKeychain(service: "shared", accessGroup: "ABCDE12345.com.example.shared")`.
  case create(name: String, PackageKeychain)
  /// `shared.setItem("accessToken", token)`, `shared.getItem("accessToken")`,
  /// `shared.deleteItem("accessToken")` on the keychain bound to `name`.
  case call(name: String, PackageCall)
}

/// One method call as written: the key, and for `setItem` the value (a string literal or a
/// bound string), evaluated when the call runs.
package enum PackageCall: Hashable, Sendable {
  case setItem(key: String, value: Expr)
  case getItem(key: String)
  case deleteItem(key: String)

  var method: Vocabulary.PackageMethod {
    switch self {
    case .setItem: .setItem
    case .getItem: .getItem
    case .deleteItem: .deleteItem
    }
  }
}
