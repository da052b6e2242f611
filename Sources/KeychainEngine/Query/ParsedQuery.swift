import DeviceState
import Foundation
import ItemStore

/// A SecItem dictionary after validation: every key classified, every value converted to the
/// form the store compares, every constant resolved to its type (docs/evidence.md §2). The engine
/// reads these fields and never looks a raw key up again.
package struct ParsedQuery: Sendable, Equatable {
  var function: SecItemFunction
  var itemClass: ItemClass
  /// Four-character attributes with canonical values (see ``QueryParser``), without `sync`,
  /// `accc` and `nleg`, which have their own fields. Named by the attribute's code, like the
  /// store's rows; read it by ``AttributeName`` (`attributes[.account]`).
  var attributes = ParsedAttributes()
  /// The protection class the dictionary asks for: `kSecAttrAccessible`, or the protection
  /// inside `kSecAttrAccessControl`; `nil` when it names neither.
  var protection: ProtectionClass?
  /// `kSecAttrSynchronizable`: `nil` when absent.
  var synchronizable: Synchronizable?
  /// The access control an add stores, or an update sets.
  var accessControl: SecAccessControl?
  /// kSecAttrAccessControl in a search, update or delete query: type-checked and kept, but
  /// not a search criterion, as in securityd.
  var searchAccessControl: SecAccessControl?
  var limit: MatchLimit?
  /// Every `kSecMatch*` key present, `kSecMatchLimit` included.
  var matchKeys: Set<String> = []
  /// Return keys whose value is `true`.
  var returns: QueryKey.ReturnKeys = []
  /// Every return key present, whatever its value (SecItemUpdate refuses them).
  var returnKeysPresent: QueryKey.ReturnKeys = []
  /// Every `kSecUse*` key present, whatever its value.
  var useKeysPresent: Set<SecQueryKey> = []
  /// `kSecUseAuthenticationUI`; `nil` when absent or not one of the three constants (a string
  /// Security does not know behaves as the default, Allow).
  package var authenticationUI: AuthenticationUI?
  /// `kSecUseAuthenticationContext`: the LAContext whose evaluation the call may reuse.
  package var authenticationContext: LAContext?
  /// `kSecUseOperationPrompt`: the reason a prompt shows.
  package var operationPrompt: String?
  /// `kSecUseNoAuthenticationUI` = true: the deprecated form of kSecUseAuthenticationUIFail.
  package var noAuthenticationUI = false
  /// `kSecValueData`, when present.
  var data: Data?
  var persistentRef: Data?
  var hasValueRef = false

  init(function: SecItemFunction, itemClass: ItemClass) {
    self.function = function
    self.itemClass = itemClass
  }

  /// `kSecAttrSynchronizable` as a query or an add gives it.
  package enum Synchronizable: Sendable, Equatable {
    case value(Bool)
    /// `kSecAttrSynchronizableAny`: both kinds (queries only).
    case any

    /// kSecAttrSynchronizableAny's raw string.
    static let anyConstant = "syna"
  }

  /// `kSecMatchLimit`. A limit of exactly one yields a single object, anything else an array
  /// (docs/evidence.md §4).
  package enum MatchLimit: Sendable, Equatable {
    case count(Int64)
    case all

    /// kSecMatchLimitOne's and kSecMatchLimitAll's raw strings.
    static let oneConstant = "m_LimitOne"
    static let allConstant = "m_LimitAll"

    var returnsSingleObject: Bool { self == .count(1) }

    /// Whether securityd stops before visiting another row. It stops once `found >= limit`,
    /// checked after each row, and the SQL `LIMIT` caps the rows: `LIMIT 0` visits none, and a
    /// negative count (SQLite: no limit) stops after the first row visited.
    func isReached(matched: Int, visited: Int) -> Bool {
      guard case .count(let count) = self else { return false }
      return count >= 0 ? matched >= count : visited >= 1
    }
  }
}
