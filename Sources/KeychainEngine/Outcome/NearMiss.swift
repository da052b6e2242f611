import DeviceState
import ItemStore

/// One reason a search came close, with the values that explain it;
/// ``SecItemFailureRenderer`` words it.
package enum NearMiss: Sendable, Hashable {
  /// `count` matches needed the user and kSecUseAuthenticationUISkip skipped them.
  case skipped(count: Int)
  /// A full match in a group the caller cannot reach.
  case accessGroup(SecItemFailure.ItemName, group: String, owner: GroupOwner)
  /// A synchronizable item matches; the query did not ask for those.
  case synchronizable
  /// An item that differs from the query in attribute `name` only.
  case oneAttribute(
    Subject, name: AttributeName, stored: StoredValue?, queried: StoredValue?)
  /// A locked item that differs from the query in attribute `name` only: its hash differs,
  /// its value is sealed.
  case oneAttributeLocked(Subject, name: AttributeName, queried: StoredValue?)
  /// An item of class `other` has the query's attributes; `missing` are the query's
  /// attributes that class does not have.
  case otherClass(other: ItemClass, Subject, missing: [String], queried: ItemClass)
  /// `total` akpu items of `itemClass` were deleted by `removals` passcode removals, the
  /// last at `lastAt`; `protectionAsked` when the query named the akpu class.
  case passcodeRemoved(
    total: Int, removals: Int, lastAt: SimulatedInstant, itemClass: ItemClass,
    protectionAsked: Bool)

  /// The kinds, most specific first.
  package enum Kind: Sendable, Hashable {
    case skipped, accessGroup, synchronizable, oneAttribute, otherClass,
      passcodeRemoved
  }

  var kind: Kind {
    switch self {
    case .skipped: .skipped
    case .accessGroup: .accessGroup
    case .synchronizable: .synchronizable
    case .oneAttribute, .oneAttributeLocked: .oneAttribute
    case .otherClass: .otherClass
    case .passcodeRemoved: .passcodeRemoved
    }
  }

  /// A row named by one key attribute the query did not get wrong: `attribute` is `nil`
  /// when the row has none worth naming.
  package struct Subject: Sendable, Hashable {
    var attribute: AttributeName?
    var value: String?
  }

  /// Who holds an access group, as far as the device knows.
  package enum GroupOwner: Sendable, Hashable {
    /// Installed apps entitled to it.
    case apps([String])
    /// An app group the caller's entitlements do not list.
    case unlistedAppGroup
    /// A group of the caller's own team that its entitlements no longer list.
    case ownTeam
    /// Another team's group; `prefix` is its team part.
    case otherTeam(prefix: String)
  }
}
