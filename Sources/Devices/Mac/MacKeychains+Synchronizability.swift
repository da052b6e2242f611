import ItemStore
import KeychainEngine

/// SecItemUpdate turning kSecAttrSynchronizable on or off: the item moves between the
/// keychains, as Apple's shim does (`OSX/libsecurity_keychain/lib/SecItem.cpp`,
/// `SecItemUpdate` and `SecItemChangeSynchronizability`; docs/fidelity.md, "The Mac").
extension MacKeychains {
  /// The update when its attributes hold kSecAttrSynchronizable and the query was not routed
  /// by kSecUseDataProtectionKeychain true (or a Catalyst app); `nil` for any other update.
  ///
  /// As `SecItemUpdate`: the data protection half runs first, then the file-based half, and
  /// their statuses merge as any update's (``MacResultMerger``).
  /// - The data protection half (the query reaches it): kSecAttrSynchronizable false in the
  ///   attributes moves the item to the login keychain
  ///   (`SecItemHasSynchronizableUpdate(true, …)`); true is a plain update there.
  /// - The file-based half (the query reaches it): kSecAttrSynchronizable true moves the item
  ///   into the data protection keychain as synchronizable
  ///   (`SecItemHasSynchronizableUpdate(false, …)`); false is a plain update there.
  func changeSynchronizability(
    _ query: SecQuery, _ attributes: SecQuery, dataProtection: SecItemEngine,
    context: SecItemEngine.Context, dialog: KeychainAccessDialog
  ) -> SecItemOutcome? {
    guard let newValue = attributes[.synchronizable] else { return nil }
    let personality = personality(of: context.caller)
    let route = MacKeychainRoute.route(query, personality: personality)
    guard !route.usesDataProtectionFlag else { return nil }
    let toSyncable = MacKeychainRoute.isTrue(newValue)
    let movesFromDataProtection = !toSyncable && route.target != .fileBased
    let movesFromFileBased = toSyncable && route.target != .dataProtection
    guard movesFromDataProtection || movesFromFileBased else { return nil }
    if route.target == .dataProtection, let refusal = unavailable(route, personality) {
      return refusal
    }

    var parts: [MacResultMerger.Part] = []
    var moves: [String] = []
    if route.target != .fileBased {
      let outcome: SecItemOutcome
      if movesFromDataProtection {
        outcome = moveToFileBased(
          query, attributes, dataProtection: dataProtection, context: context,
          personality: personality)
        moves.append(
          "kSecAttrSynchronizable false in the attributes moves the matched data protection "
            + "item into the \(defaultKeychain(for: personality).name.displayName) "
            + "(SecItemChangeSynchronizability): \(Self.said(outcome))")
      } else {
        outcome = dataProtection.update(
          query, attributes, context: dpContext(context, personality))
      }
      parts.append(.init(keychain: MacResultMerger.dataProtectionKeychain, outcome: outcome))
    }
    if route.target != .dataProtection {
      if movesFromFileBased {
        let (keychain, outcome) = moveToDataProtection(
          query, attributes, dataProtection: dataProtection, context: context,
          personality: personality, dialog: dialog)
        parts.append(.init(keychain: keychain, outcome: outcome))
        moves.append(
          "kSecAttrSynchronizable true in the attributes moves the matched \(keychain) item "
            + "into the data protection keychain as a synchronizable item "
            + "(SecItemChangeSynchronizability): \(Self.said(outcome))")
      } else {
        for keychain in searchList(for: personality) {
          parts.append(
            .init(
              keychain: keychain.name.displayName,
              outcome: keychain.update(query, attributes, context: context)))
        }
      }
    }
    let merged = MacResultMerger.merge(parts)
    return annotated(
      merged.outcome,
      "searched \(merged.searched) (\(route.reason)); \(merged.answer); "
        + moves.joined(separator: "; "),
      ignored: FileBasedKeychain.ignoredNames(in: query, for: .update))
  }

  /// How a move ended, for the transcript.
  private static func said(_ outcome: SecItemOutcome) -> String {
    outcome.status == .errSecSuccess
      ? "moved"
      : "the move answered \(outcome.status.name) (the original is deleted only after its "
        + "copy is made, so a failed delete leaves the item in both keychains)"
  }

  /// The keys `SecItemChangeSynchronizability` reads the matched items with: the query's
  /// return keys replaced by kSecReturnAttributes, and kSecReturnData unless the attributes
  /// to update bring their own kSecValueData.
  private static func copyQuery(_ query: SecQuery, _ attributes: SecQuery, pruneMatch: Bool)
    -> SecQuery
  {
    var copy = query.filter {
      !isReturnKey($0.key) && $0.key != SecQueryKey.useDataProtectionKeychain.rawValue
    }
    if pruneMatch { copy = copy.filter { !isMatchKey($0.key) } }
    copy[.returnAttributes] = .bool(true)
    if attributes[.valueData] == nil { copy[.returnData] = .bool(true) }
    return copy
  }

  /// The matched items of a copy: one dictionary, or each of an array.
  private static func items(of outcome: SecItemOutcome) -> [[String: SecValue]] {
    switch outcome.result {
    case .dictionary(let item)?: [item]
    case .array(let values)?:
      values.compactMap {
        if case .dictionary(let item) = $0 { return item }
        return nil
      }
    default: []
    }
  }

  /// An item to add elsewhere (`SecItemCopyTranslatedAttributes` with pruneSync and
  /// pruneReturn), without `dropped`, and the query that finds it again: the same without
  /// its creation and modification dates ("they may not match the item in the other
  /// keychain") and, the simulator's choice, without its data ("searching on data is not
  /// supported", the same function's comment).
  private static func translated(
    _ found: [String: SecValue], itemClass: SecValue?, dropping dropped: [String]
  ) -> (item: SecQuery, itemQuery: SecQuery) {
    let notCarried: Set<String> = [
      AttributeName.synchronizable.rawValue, SecQueryKey.useDataProtectionKeychain.rawValue,
      SecQueryKey.valuePersistentRef.rawValue, SecQueryKey.valueRef.rawValue,
    ]
    var item = found.filter {
      !dropped.contains($0.key) && !notCarried.contains($0.key) && !isReturnKey($0.key)
        && !isMatchKey($0.key)
    }
    if let itemClass { item[.itemClass] = itemClass }
    let notSearched: Set<String> = [
      AttributeName.creationDate.rawValue, AttributeName.modificationDate.rawValue,
      SecQueryKey.valueData.rawValue,
    ]
    let itemQuery = item.filter { !notSearched.contains($0.key) }
    return (item, itemQuery)
  }

  /// The login (or System) item matched by `query` copied into the data protection keychain
  /// with kSecAttrSynchronizable true and the attributes applied; when one is already there,
  /// that one is updated instead; then the file-based copy is deleted. The status is the last
  /// item's failure, else success; an item whose add or update fails stays where it was.
  private func moveToDataProtection(
    _ query: SecQuery, _ attributes: SecQuery, dataProtection: SecItemEngine,
    context: SecItemEngine.Context, personality: MacAppPersonality,
    dialog: KeychainAccessDialog
  ) -> (keychain: String, outcome: SecItemOutcome) {
    // SecItemCopyMatching_osx: the search list in order, the first that finds a match.
    let copy = Self.copyQuery(query, attributes, pruneMatch: false)
    var misses: [MacResultMerger.Part] = []
    var found: (keychain: FileBasedKeychain, outcome: SecItemOutcome)?
    for keychain in searchList(for: personality) {
      let outcome = keychain.copyMatching(copy, context: context, dialog: dialog)
      if outcome.status == .errSecSuccess {
        found = (keychain, outcome)
        break
      }
      misses.append(.init(keychain: keychain.name.displayName, outcome: outcome))
    }
    guard let found else {
      let name = defaultKeychain(for: personality).name.displayName
      return (name, MacResultMerger.merge(misses).outcome)
    }
    let dpContext = dpContext(context, personality)
    var failure: SecItemOutcome?
    for match in Self.items(of: found.outcome) {
      // iOSOut: kSecAttrModificationDate and the SecAccess are not carried over.
      var (item, itemQuery) = Self.translated(
        match, itemClass: query[.itemClass], dropping: [AttributeName.modificationDate.rawValue])
      item.merge(attributes) { $1 }
      item[.synchronizable] = .bool(true)
      var outcome: SecItemOutcome
      let target = MacKeychainRoute(
        target: .dataProtection,
        reason: "kSecAttrSynchronizable true moves the item to the data protection keychain")
      if let refusal = unavailable(target, personality) {
        outcome = refusal
      } else {
        outcome = dataProtection.add(item, context: dpContext)
        if outcome.status == .errSecDuplicateItem {
          itemQuery[.synchronizable] = .bool(true)
          outcome = dataProtection.update(itemQuery, attributes, context: dpContext)
        }
      }
      if outcome.status == .errSecSuccess {
        itemQuery[.synchronizable] = .bool(false)
        let deletes = searchList(for: personality).map {
          MacResultMerger.Part(
            keychain: $0.name.displayName, outcome: $0.delete(itemQuery, context: context))
        }
        outcome = MacResultMerger.merge(deletes).outcome
      }
      if outcome.status != .errSecSuccess { failure = outcome }
    }
    return (
      found.keychain.name.displayName, failure ?? SecItemOutcome(status: .errSecSuccess)
    )
  }

  /// The data protection item matched by `query` copied into the login (or System) keychain
  /// with kSecAttrSynchronizable false and the attributes applied; when one is already there,
  /// that one is updated instead; then the data protection copy is deleted by a query with
  /// kSecAttrSynchronizable true, as the shim deletes it. Only the first match moves: the
  /// shim's query for this half has no match limit.
  private func moveToFileBased(
    _ query: SecQuery, _ attributes: SecQuery, dataProtection: SecItemEngine,
    context: SecItemEngine.Context, personality: MacAppPersonality
  ) -> SecItemOutcome {
    let dpContext = dpContext(context, personality)
    let found = dataProtection.copyMatching(
      Self.copyQuery(query, attributes, pruneMatch: true), context: dpContext)
    guard found.status == .errSecSuccess else { return found }
    var failure: SecItemOutcome?
    for match in Self.items(of: found) {
      // Not iOSOut: the attributes the file-based schema lacks are removed.
      var (item, itemQuery) = Self.translated(
        match, itemClass: query[.itemClass], dropping: FileBasedKeychain.unreturnedAttributes)
      item.merge(attributes) { $1 }
      item[.synchronizable] = .bool(false)
      var outcome = defaultKeychain(for: personality).add(item, context: context)
      if outcome.status == .errSecDuplicateItem {
        itemQuery[.synchronizable] = .bool(false)
        let updates = searchList(for: personality).map {
          MacResultMerger.Part(
            keychain: $0.name.displayName,
            outcome: $0.update(itemQuery, attributes, context: context))
        }
        outcome = MacResultMerger.merge(updates).outcome
      }
      if outcome.status == .errSecSuccess {
        itemQuery[.synchronizable] = .bool(true)
        outcome = dataProtection.delete(itemQuery, context: dpContext)
      }
      if outcome.status != .errSecSuccess { failure = outcome }
    }
    return failure ?? SecItemOutcome(status: .errSecSuccess)
  }

  /// A kSecReturn… key (`r_Data`, `r_Attributes`, ...): Security names them with this prefix.
  private static func isReturnKey(_ key: String) -> Bool { key.hasPrefix("r_") }

  /// A kSecMatch… key (`m_Limit`, ...): Security names them with this prefix.
  private static func isMatchKey(_ key: String) -> Bool { key.hasPrefix("m_") }
}
