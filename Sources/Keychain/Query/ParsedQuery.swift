import Foundation
import ItemStore

/// A SecItem dictionary after validation: every key classified, every value converted to the
/// form the store compares (fact sheet §2).
struct ParsedQuery: Sendable, Equatable {
  var function: SecItemFunction
  var itemClass: ItemClass
  /// Four-character attributes with canonical values (see ``QueryParser``), without `sync`,
  /// `accc` and `nleg`, which have their own fields.
  var attributes: [String: StoredValue] = [:]
  /// `kSecAttrSynchronizable`: `nil` when absent.
  var synchronizable: Synchronizable?
  var accessControl: SecAccessControl?
  var limit: MatchLimit?
  /// Every `kSecMatch*` key present, `kSecMatchLimit` included.
  var matchKeys: Set<String> = []
  /// Return keys whose value is `true`.
  var returns: Set<QueryKey.ReturnKey> = []
  /// Every return key present, whatever its value (SecItemUpdate refuses them).
  var returnKeysPresent: Set<String> = []
  var useKeys: [String: SecValue] = [:]
  /// `kSecValueData`, when present.
  var data: Data?
  var persistentRef: Data?
  var hasValueRef = false

  init(function: SecItemFunction, itemClass: ItemClass) {
    self.function = function
    self.itemClass = itemClass
  }

  /// `kSecAttrSynchronizable` as a query or an add gives it.
  enum Synchronizable: Sendable, Equatable {
    case value(Bool)
    /// `kSecAttrSynchronizableAny`: both kinds (queries only).
    case any
  }

  /// `kSecMatchLimit`. A limit of exactly one yields a single object, anything else an array
  /// (fact sheet §4).
  enum MatchLimit: Sendable, Equatable {
    case count(Int64)
    case all

    var returnsSingleObject: Bool { self == .count(1) }

    /// Whether securityd stops before visiting another row. It stops once `found >= limit`,
    /// checked after each row, and the SQL `LIMIT` caps the rows: `LIMIT 0` visits none, and a
    /// negative count (SQLite: no limit) stops after the first row visited.
    func isReached(matched: Int, visited: Int) -> Bool {
      guard case .count(let count) = self else { return false }
      return count >= 0 ? matched >= count : visited >= 1
    }
  }

  /// `kSecUseAuthenticationUI` as given.
  var authenticationUI: String? {
    if case .string(let value) = useKeys["u_AuthUI"] { return value }
    return nil
  }

  /// The protection class the dictionary asks for: `kSecAttrAccessible`, or the protection
  /// inside `kSecAttrAccessControl`.
  var protection: String? {
    if case .text(let value) = attributes["pdmn"] { return value }
    return accessControl?.protection
  }
}
