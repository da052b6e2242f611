import DeviceState
import KeychainEngine

/// A keychain of the cross-platform JavaScript package (`@apexnative/keychain`, the project's
/// seed 003): what `createKeychain({ service, accessGroup })` returns.
///
/// On iOS every item of it is a generic password whose `kSecAttrService` is ``service``, in
/// ``accessGroup`` when one is given (the app's default group otherwise); on Android the
/// access group is ignored and the app keeps its own items (docs/evidence.md §11, fact 50).
public struct PackageKeychain: Sendable, Hashable {
  /// `service`: the items' `kSecAttrService`.
  public var service: String
  /// `accessGroup`: the full group id, team id first (`ABCDE12345.com.example.shared`), or
  /// `nil` for the app's default group.
  public var accessGroup: String?

  public init(service: String, accessGroup: String? = nil) {
    self.service = service
    self.accessGroup = accessGroup
  }
}

/// One call of the package's documented API on a ``PackageKeychain``.
public enum PackageOperation: Sendable, Hashable, CustomStringConvertible {
  /// `setItem(key, value)`: stores the string, replacing the key's value if there is one.
  case setItem(key: String, value: String)
  /// `getItem(key)`: the key's string, or `null` when there is none.
  case getItem(key: String)
  /// `deleteItem(key)`: removes the key; deleting a key that is not there succeeds.
  case deleteItem(key: String)

  /// The key the operation is about.
  public var key: String {
    switch self {
    case .setItem(let key, _), .getItem(let key), .deleteItem(let key): key
    }
  }

  /// The method's name: `setItem`, `getItem`, `deleteItem`.
  public var methodName: String {
    switch self {
    case .setItem: "setItem"
    case .getItem: "getItem"
    case .deleteItem: "deleteItem"
    }
  }

  /// The call as JavaScript would read, the value masked: `setItem("accessToken", ••••)`.
  public var description: String {
    switch self {
    case .setItem(let key, _): "setItem(\"\(key)\", ••••)"
    case .getItem(let key), .deleteItem(let key): "\(methodName)(\"\(key)\")"
    }
  }
}
