import DeviceState

/// Which dictionary of which SecItem call is being validated; the acceptance rules differ
/// (docs/evidence.md §2.4).
package enum SecItemFunction: Sendable, Hashable, CustomStringConvertible {
  case add
  case copyMatching
  /// The `query` argument of `SecItemUpdate`.
  case update
  /// The `attributesToUpdate` argument of `SecItemUpdate`.
  case attributesToUpdate
  case delete

  package var description: String {
    switch self {
    case .add: "SecItemAdd"
    case .copyMatching: "SecItemCopyMatching"
    case .update: "SecItemUpdate"
    case .attributesToUpdate: "SecItemUpdate (attributesToUpdate)"
    case .delete: "SecItemDelete"
    }
  }
}
