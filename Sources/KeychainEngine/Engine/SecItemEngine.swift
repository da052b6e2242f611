import DeviceState
import Foundation
import ItemStore
import Keybag

/// SecItemAdd, SecItemCopyMatching, SecItemUpdate and SecItemDelete over the item store and
/// the keybag, as the current caller on the current device state.
///
/// It learns that an item is locked only because ``Keybag/open(_:in:context:)`` throws; the
/// ``SecurityState`` in the context is consulted to *explain* that, never to decide it.
package final class SecItemEngine {
  package let database: ItemDatabase
  let keybag: Keybag
  /// Rows SecItemDelete removed with `kSecUseTombstones: false`, until iCloud Keychain sync
  /// takes them: such a delete leaves no tombstone to propagate (docs/evidence.md §11, fact 12).
  var deletedWithoutTombstones: [(itemClass: ItemClass, rowID: Int64)] = []

  /// What a call needs to know about its surroundings.
  package struct Context {
    var securityState: SecurityState
    package var caller: Caller
    /// The simulated clock as a date, for kSecAttrCreationDate / ModificationDate.
    var now: Date
    /// Asks the user for what a protected item's access control requires; grants by default.
    package var authorize: Authorizer = { _, _, _ in nil }
    /// The installed apps, to say whose access group an out-of-reach item sits in.
    package var apps: AppRegistry?
    /// What passcode removals deleted, to explain a miss (``NotFoundDiagnosis``).
    package var passcodeRemovals: [PasscodeRemoval] = []

    package init(
      securityState: SecurityState, caller: Caller, now: Date,
      authorize: @escaping Authorizer = { _, _, _ in nil }, apps: AppRegistry? = nil,
      passcodeRemovals: [PasscodeRemoval] = []
    ) {
      self.securityState = securityState
      self.caller = caller
      self.now = now
      self.authorize = authorize
      self.apps = apps
      self.passcodeRemovals = passcodeRemovals
    }
  }

  /// Runs the authentication an item's access control asks for before it is read or
  /// updated: `nil` when granted, else the failure the call returns. The last argument says
  /// what was being done (reading, updating).
  package typealias Authorizer = (KeychainItem, ParsedQuery, SecItemFailure.ItemAction) ->
    SecItemFailure?

  /// The near-miss diagnoses this engine's misses deferred.
  let pendingDiagnoses = PendingDiagnoses()

  package init(database: ItemDatabase, keybag: Keybag) {
    self.database = database
    self.keybag = keybag
    defaultValueColumns = DefaultValueColumns(hasher: SearchHasher(keybag: keybag))
    // A deferred diagnosis is worked out before the store or the class keys are used or
    // changed by anything else, so it sees them as they were at its call.
    // The registry is small and holds its diagnoses weakly: the store and the keybag may
    // keep it after the engine is gone.
    let pending = pendingDiagnoses
    database.beforeUse { pending.resolveAll() }
    keybag.beforeKeysChange { pending.resolveAll() }
  }

  /// The last caller's access groups and their hashed `agrp IN (…)` scope: a call's filter
  /// needs them, and rebuilding the list and hashing every group on each call was a tenth
  /// of a look-up's cost (docs/benchmarks-history.md). Keyed by the whole identity, so a changed
  /// entitlement is a new entry.
  private var lastScope: ScopeEntry?

  /// One caller's groups and scope. A class, so that checking the cache copies one reference,
  /// not the identity's every string and list (each copy a retain and a release: a tuple here
  /// cost more than a thousand instructions a call, issue 29).
  final class ScopeEntry {
    let app: AppIdentity
    let groups: [String]
    let scope: ItemDatabase.OneOf

    init(app: AppIdentity, groups: [String], scope: ItemDatabase.OneOf) {
      self.app = app
      self.groups = groups
      self.scope = scope
    }

    /// Whether this is `caller`'s entry. A method, so that the identity is compared where
    /// it is stored rather than copied out first (a retain and a release per string and
    /// list, twice a call).
    func serves(_ caller: Caller) -> Bool { app == caller.app }
  }

  /// The `agrp IN (…)` scope of every group `caller` is entitled to, in its order.
  func scope(of caller: Caller) -> ItemDatabase.OneOf {
    callerScope(of: caller).scope
  }

  /// `caller`'s access groups (``Caller/accessGroups``), kept with their scope: a miss names
  /// them, and building the list (a set drops duplicates) was a twentieth of a miss (issue 29).
  func accessGroups(of caller: Caller) -> [String] {
    callerScope(of: caller).groups
  }

  /// `caller`'s groups and their scope, from the cache when the last call was the same
  /// caller's.
  func callerScope(of caller: Caller) -> ScopeEntry {
    if let lastScope, lastScope.serves(caller) { return lastScope }
    let groups = caller.accessGroups
    let entry = ScopeEntry(app: caller.app, groups: groups, scope: sealer.hasher.scope(groups))
    lastScope = entry
    return entry
  }

  /// The columns of every primary-key attribute's default value, hashed once: they depend
  /// only on the keybag's search key, which is the keybag's for life.
  let defaultValueColumns: DefaultValueColumns

  var sealer: ItemSealer { ItemSealer(keybag: keybag, defaultValueColumns: defaultValueColumns) }

  /// Runs a call body, turning its failure into an outcome.
  func outcome(_ body: () throws(SecItemFailure) -> SecItemOutcome) -> SecItemOutcome {
    do {
      return try body()
    } catch {
      return error.outcome
    }
  }

  // MARK: - Store errors

  /// A store failure other than a duplicate: not something an app can cause.
  package static func storeFailure(_ error: ItemStoreError) -> SecItemFailure {
    if case .duplicateItem = error {
      return SecItemFailure(.errSecDuplicateItem, .duplicatePrimaryKey)
    }
    return SecItemFailure(.errSecInternal, .storeFailed(detail: "\(error)"))
  }
}
