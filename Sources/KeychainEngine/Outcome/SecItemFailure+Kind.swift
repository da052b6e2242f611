import DeviceState
import ItemStore

extension SecItemFailure {
  /// Why a call failed, with the values that explain it. ``SecItemFailureRenderer`` is the
  /// only place that turns a kind into words.
  ///
  /// Indirect: each case's values sit in a box of their own, so a kind is one reference and
  /// copying or destroying it (every failed call does both) is a retain or a release, not an
  /// outlined walk over the largest case's strings and arrays (issue 29).
  package indirect enum Kind: Sendable, Hashable {
    // MARK: Dictionary shape (QueryParser)

    /// More keys than Security's "Past query key limit".
    case tooManyKeys(count: Int, limit: Int)
    /// No kSecClass and no persistent reference to stand in for it.
    case missingClass
    /// kSecClass names no item class.
    case unknownClass(String)
    /// A key whose prefix Security does not accept for this function.
    case unknownKey(String, function: SecItemFunction)
    /// A value of the wrong type under a key that needs a particular one.
    case wrongType(key: WrongTypeKey, got: SecValueType)
    /// kSecValueRef: no refs are modelled.
    case valueRefUnsupported
    /// kSecAttrAccessible and kSecAttrAccessControl together.
    case accessibleWithAccessControl
    /// kSecValuePersistentRef together with attributes.
    case persistentRefWithAttributes([String])
    /// kSecValuePersistentRef data that is not a persistent reference (its length in bytes).
    case malformedPersistentRef(length: Int)
    /// A protection class that is none of the seven, under `pdmn` or inside `accc`.
    case unknownProtection(String, key: AttributeName)
    /// An attribute the item class does not have.
    case noSuchAttribute(AttributeName, itemClass: ItemClass)
    /// A value that cannot be converted to the attribute's kind.
    case unconvertible(AttributeName, got: SecValueType, expected: AttributeKind)
    /// An attribute internal to Security (kSecAttrAppClipItem).
    case internalAttribute(AttributeName)

    // MARK: Client library and acceptance rules

    /// kSecAttrAccessControl with kSecAttrSynchronizable = true in an add or update.
    case accessControlSynchronizable
    /// kSecUseAuthenticationUISkip outside SecItemCopyMatching.
    case authenticationUISkipOutsideCopy(SecItemFunction)
    /// kSecUseAuthenticationContext with kSecUseCredentialReference.
    case contextWithCredentialReference
    /// SecItemAdd with kSecValuePersistentRef.
    case addWithPersistentRef
    /// SecItemUpdate's query with a return key.
    case returnKeyInUpdate(SecQueryKey)
    /// SecItemUpdate's query with a match key.
    case matchKeyInUpdate(String)
    /// SecItemDelete with a match key.
    case matchKeyInDelete(String)
    /// attributesToUpdate with a key that is not an updatable attribute.
    case notUpdatable(String)

    // MARK: Entitlements (AccessGroupPolicy)

    /// The caller has no keychain entitlement at all.
    case noEntitlements(bundleID: String, function: SecItemFunction)
    /// An app tried to write to kSecAttrAccessGroupToken.
    case tokenGroupReadOnly(String)
    /// An explicit access group the caller is not entitled to, and the likely mistake.
    case groupNotEntitled(GroupRefusal)

    // MARK: Items (engine)

    /// A class key that is not in memory while reading, changing or deleting an item.
    case classLocked(
      ItemName, protection: ProtectionClass, availability: ClassAvailability,
      action: ItemAction)
    /// A class key that is not in memory while adding an item.
    case cannotAdd(ItemName, protection: ProtectionClass, availability: ClassAvailability)
    /// An `akpu` item added while no passcode is set.
    case akpuWithoutPasscode(ItemName)
    /// Sealing failed for a reason no app can cause.
    case sealingFailed(ItemName, detail: String)
    /// SecItemAdd of an item whose primary key another item has.
    case duplicateItem(ItemName, key: [AttributeName], values: [StoredValue?])
    /// The store refused an insert for a duplicate primary key.
    case duplicatePrimaryKey
    /// SecItemUpdate that would give two items one primary key.
    case updateCollision(ItemName)
    /// The store failed (a simulator fault).
    case storeFailed(detail: String)
    /// An update that failed for an unexpected reason.
    case updateFailed(detail: String)
    /// Nothing matched.
    case itemNotFound(NotFound)
    /// kSecClassIdentity in a search or delete when the caller sees no certificate, so no
    /// certificate can be joined with its private key.
    case noIdentity(searchedGroups: [String]?)
    /// A match skipped because of kSecUseAuthenticationUISkip (internal to the engine).
    case skippedByAuthenticationUI
    /// The user (or the query) refused the authentication an item's access control needs.
    case authenticationDenied(AuthenticationDenial)
    /// Something the simulator does not reproduce.
    case unsupported(UnsimulatedFeature)
  }

  /// The keys whose type is checked before anything else.
  package enum WrongTypeKey: Sendable, Hashable {
    case itemClass
    case returnKey(SecQueryKey)
    case authenticationUI, authenticationContext
    case valueData, valuePersistentRef, accessControl, accessible, synchronizable, matchLimit
  }

  /// What was being done to an item that could not be opened.
  package enum ItemAction: Sendable, Hashable {
    case read, update, delete
  }

  /// An item named by its class and identifying plaintext attributes, never its secret.
  package struct ItemName: Sendable, Hashable {
    var itemClass: ItemClass
    /// The plaintext columns that name it (account, service, server, serial, tag).
    var attributes: [String: StoredValue]

    init(_ itemClass: ItemClass, plain: [String: StoredValue]) {
      self.itemClass = itemClass
      var kept: [String: StoredValue] = [:]
      for name in Self.naming { kept[name] = plain[name] }
      self.attributes = kept
    }

    static let naming: [AttributeName] = [
      .account, .service, .server, .serialNumber, .applicationTag,
    ]
  }

  /// An explicit kSecAttrAccessGroup outside the caller's entitlements.
  package struct GroupRefusal: Sendable, Hashable {
    var group: String
    var function: SecItemFunction
    var bundleID: String
    var entitled: [String]
    var mistake: GroupMistake
  }

  /// The usual reason an access group is missing from the entitlements.
  package enum GroupMistake: Sendable, Hashable {
    /// Written without the team prefix; `prefixed` is the group the app has.
    case missingTeamPrefix(prefixed: String)
    /// `$(AppIdentifierPrefix)` in code.
    case unexpandedBuildSetting(teamID: String)
    /// Another team's group.
    case otherTeam(team: String, appTeam: String, rest: String)
    /// The host app has it; the extension does not.
    case extensionWithoutHostGroup(host: String, bundleID: String)
    /// An app group not in the application-groups entitlement.
    case appGroup(bundleID: String)
    /// An update moving an item into a group the app lacks.
    case updateIntoForeignGroup
    /// Nothing more specific; `defaultGroup` is the caller's first group.
    case notListed(defaultGroup: String?)
  }

  /// What a search that found nothing looked at, and what almost matched.
  ///
  /// The engine defers the near misses (``DeferredDiagnosis``): they are worked out the first
  /// time they are read, as they were at the call. Equality and hashing compare what is read.
  package struct NotFound: Sendable, Hashable {
    var itemClass: ItemClass
    /// Matches that could never be decrypted again and were dropped.
    var lost: Int
    private var diagnosis: Diagnosis

    /// What the search looked at and what almost matched, as given, or read from a deferred
    /// diagnosis. The searched groups and the sealed attributes are the diagnosis's too:
    /// it holds what they are made of, and a miss whose explanation nobody reads no longer
    /// sorts its sealed attributes out nor holds its groups twice (issue 29).
    private enum Diagnosis {
      case given(DiagnosisAnswer, searchedGroups: [String]?, sealedAttributes: [String])
      case deferred(any DeferredDiagnosis)
    }

    init(
      itemClass: ItemClass, searchedGroups: [String]?, lost: Int,
      nearMisses: [NearMiss], sealedAttributes: [String],
      diagnosisFailure: String? = nil
    ) {
      self.itemClass = itemClass
      self.lost = lost
      diagnosis = .given(
        DiagnosisAnswer(nearMisses: nearMisses, storeFailure: diagnosisFailure),
        searchedGroups: searchedGroups, sealedAttributes: sealedAttributes)
    }

    /// The near misses, the store's failure, the searched groups and the sealed attributes
    /// come from `deferred`, the first two when first read.
    init(itemClass: ItemClass, lost: Int, deferred: any DeferredDiagnosis) {
      self.itemClass = itemClass
      self.lost = lost
      diagnosis = .deferred(deferred)
    }

    private var answer: DiagnosisAnswer {
      switch diagnosis {
      case .given(let answer, _, _): answer
      case .deferred(let deferred): deferred.resolved
      }
    }

    /// The caller's groups when the search covered all of them (no explicit group).
    var searchedGroups: [String]? {
      switch diagnosis {
      case .given(_, let groups, _): groups
      case .deferred(let deferred): deferred.searchedGroups
      }
    }

    /// The sealed attributes of the query, which only an opened item can be compared on.
    var sealedAttributes: [String] {
      switch diagnosis {
      case .given(_, _, let attributes): attributes
      case .deferred(let deferred): deferred.sealedAttributes
      }
    }

    /// Near misses, most specific first (``NotFoundDiagnosis``).
    var nearMisses: [NearMiss] { answer.nearMisses }

    /// What the store said when the near-miss search could not read it.
    var diagnosisFailure: String? { answer.storeFailure }

    package static func == (lhs: NotFound, rhs: NotFound) -> Bool {
      lhs.itemClass == rhs.itemClass && lhs.searchedGroups == rhs.searchedGroups
        && lhs.lost == rhs.lost && lhs.sealedAttributes == rhs.sealedAttributes
        && lhs.answer == rhs.answer
    }

    package func hash(into hasher: inout Hasher) {
      hasher.combine(itemClass)
      hasher.combine(searchedGroups)
      hasher.combine(lost)
      hasher.combine(sealedAttributes)
      hasher.combine(answer)
    }

    /// Whether the near misses wait to be worked out (nothing has read them yet).
    var isDeferred: Bool {
      if case .deferred(let deferred) = diagnosis { return !deferred.isResolved }
      return false
    }

    /// Whether the near misses come from a deferred diagnosis, worked out yet or not: its
    /// outcome renders the explanation when read, in the same words either way. Unlike
    /// ``isDeferred`` it does not take the registry's lock, which every miss's outcome took
    /// to learn what it always learnt at the call: not yet (issue 29).
    var hasDeferredDiagnosis: Bool {
      if case .deferred = diagnosis { return true }
      return false
    }
  }

  /// A refusal from the authentication flow an item's access control started.
  package struct AuthenticationDenial: Sendable, Hashable {
    var action: ItemAction
    var item: ItemName
    /// The access control's flags as the transcript names them.
    var flags: String
    var protection: String
    var error: LAErrorCode
    /// Why LocalAuthentication refused (``AuthenticationRefusalRenderer`` words it).
    var refusal: AuthenticationRefusal

    package init(
      action: ItemAction, item: ItemName, flags: String, protection: String, error: LAErrorCode,
      refusal: AuthenticationRefusal
    ) {
      self.action = action
      self.item = item
      self.flags = flags
      self.protection = protection
      self.error = error
      self.refusal = refusal
    }
  }

  /// A behaviour the simulator does not reproduce.
  package enum UnsimulatedFeature: Sendable, Hashable {
    case identityClass
    case returnRef(ItemClass)
    /// An authentication factor the flow cannot simulate.
    case authentication(AuthenticationRefusal.UnsimulatedFactor)
  }
}

/// The CoreFoundation type of a value, for messages that say what was passed.
package enum SecValueType: Sendable, Hashable {
  case string, data, number, bool, date, array, dictionary, accessControl
  case authenticationContext, keychainItemReference, null
}

extension SecValue {
  package var type: SecValueType {
    switch self {
    case .string: .string
    case .data: .data
    case .number: .number
    case .bool: .bool
    case .date: .date
    case .array: .array
    case .dictionary: .dictionary
    case .accessControl: .accessControl
    case .authenticationContext: .authenticationContext
    case .keychainItemReference: .keychainItemReference
    case .null: .null
    }
  }
}
