import DeviceState
import Keybag
import KeychainEngine

/// A Mac's keychains and the shim that routes SecItem calls between them
/// (docs/evidence.md §11, facts 34-43).
///
/// The data protection keychain is the device's own engine (the iOS keychain); the login
/// and System keychains are ``FileBasedKeychain``s. Each call is routed by
/// ``MacKeychainRoute`` for the calling app's ``MacAppPersonality``: SecItemAdd reaching both
/// goes to the file-based keychain; CopyMatching, Update and Delete reaching both run on both
/// and merge, ignoring the data protection keychain's errSecMissingEntitlement (fact 35).
/// Every outcome says which keychain answered.
package final class MacKeychains {
  package let login: FileBasedKeychain
  package let system: FileBasedKeychain
  /// How each app runs on this Mac, by bundle id; an app not listed is ``MacAppPersonality/signed``.
  var personalities: [String: MacAppPersonality] = [:]

  /// The keychains in memory without `deviceFile`, else in their files beside it
  /// (``FileBasedKeychain/path(of:besides:)``). A `fresh` Mac refuses keychain files that
  /// already hold items: they are another Mac's, sealed with its keybag, and are not lost.
  init(keybag: Keybag, deviceFile: String?, fresh: Bool) throws(SimulatedDeviceError) {
    func open(_ name: FileBasedKeychain.Name) throws(SimulatedDeviceError) -> FileBasedKeychain {
      let path = deviceFile.map { FileBasedKeychain.path(of: name, besides: $0) }
      let keychain = try FileBasedKeychain(name: name, keybag: keybag, path: path)
      if fresh, let path {
        let holdsItems: Bool
        do {
          holdsItems = try keychain.holdsItems()
        } catch {
          throw .store(error)
        }
        if holdsItems {
          throw .store(
            .cannotOpen(
              path: path,
              reason: "it holds another Mac's \(name.displayName) items; move it away or "
                + "delete it to create a new Mac here"))
        }
      }
      return keychain
    }
    login = try open(.login)
    system = try open(.system)
  }

  func personality(of caller: Caller) -> MacAppPersonality {
    personalities[caller.app.bundleID] ?? .signed
  }

  /// The file-based keychain SecItemAdd writes to: the login keychain, or the System
  /// keychain for a daemon (fact 43).
  func defaultKeychain(for personality: MacAppPersonality) -> FileBasedKeychain {
    personality == .daemon ? system : login
  }

  /// The file-based keychains a query searches: login then System for a user's app, the
  /// System keychain alone for a daemon (fact 43).
  func searchList(for personality: MacAppPersonality) -> [FileBasedKeychain] {
    personality == .daemon ? [system] : [login, system]
  }

  // MARK: - The four calls

  func add(
    _ query: SecQuery, dataProtection: SecItemEngine, context: SecItemEngine.Context
  ) -> SecItemOutcome {
    let personality = personality(of: context.caller)
    let route = MacKeychainRoute.route(query, personality: personality)
    switch route.target {
    case .dataProtection:
      if let refusal = unavailable(route, personality) { return refusal }
      let outcome = dataProtection.add(query, context: dpContext(context, personality))
      return annotated(outcome, "reached the data protection keychain (\(route.reason))")
    case .fileBased, .both:
      let keychain = defaultKeychain(for: personality)
      let outcome = keychain.add(query, context: context)
      let place = "reached the \(keychain.name.displayName) (\(route.reason))"
      return annotated(
        outcome, place, ignored: FileBasedKeychain.ignoredNames(in: query, for: .add))
    }
  }

  func copyMatching(
    _ query: SecQuery, dataProtection: SecItemEngine, context: SecItemEngine.Context,
    dialog: KeychainAccessDialog
  ) -> SecItemOutcome {
    run(.copyMatching, query, context: context, dataProtection: dataProtection) {
      engine, dpContext in
      engine.copyMatching(query, context: dpContext)
    } file: { keychain in
      keychain.copyMatching(query, context: context, dialog: dialog)
    }
  }

  /// SecItemUpdate. An update whose attributes turn kSecAttrSynchronizable on (or off) moves
  /// the matched item between the keychains, unless the data protection keychain was asked for
  /// outright (``changeSynchronizability(_:_:dataProtection:context:dialog:)``); any other
  /// update runs where the query is routed.
  func update(
    _ query: SecQuery, _ attributes: SecQuery, dataProtection: SecItemEngine,
    context: SecItemEngine.Context, dialog: KeychainAccessDialog
  ) -> SecItemOutcome {
    if let moved = changeSynchronizability(
      query, attributes, dataProtection: dataProtection, context: context, dialog: dialog)
    {
      return moved
    }
    return run(.update, query, context: context, dataProtection: dataProtection) {
      engine, dpContext in
      engine.update(query, attributes, context: dpContext)
    } file: { keychain in
      keychain.update(query, attributes, context: context)
    }
  }

  func delete(_ query: SecQuery, dataProtection: SecItemEngine, context: SecItemEngine.Context)
    -> SecItemOutcome
  {
    run(.delete, query, context: context, dataProtection: dataProtection) { engine, dpContext in
      engine.delete(query, context: dpContext)
    } file: { keychain in
      keychain.delete(query, context: context)
    }
  }

  // MARK: - Routing

  /// A search-like call: on the data protection keychain, on the file-based ones, or on both
  /// merged (``MacResultMerger``).
  private func run(
    _ function: SecItemFunction, _ query: SecQuery, context: SecItemEngine.Context,
    dataProtection: SecItemEngine,
    onDataProtection: (SecItemEngine, SecItemEngine.Context) -> SecItemOutcome,
    file onFile: (FileBasedKeychain) -> SecItemOutcome
  ) -> SecItemOutcome {
    let personality = personality(of: context.caller)
    let route = MacKeychainRoute.route(query, personality: personality)
    let ignored = FileBasedKeychain.ignoredNames(in: query, for: function)
    var fileParts: [MacResultMerger.Part] = []
    if route.target != .dataProtection {
      for keychain in searchList(for: personality) {
        fileParts.append(.init(keychain: keychain.name.displayName, outcome: onFile(keychain)))
      }
    }
    switch route.target {
    case .dataProtection:
      if let refusal = unavailable(route, personality) { return refusal }
      var outcome = onDataProtection(dataProtection, dpContext(context, personality))
      var sentence = "reached the data protection keychain (\(route.reason))"
      if outcome.status == .errSecItemNotFound {
        let holding = searchList(for: personality).filter {
          $0.holdsMatch(query, context: context)
        }
        if let keychain = holding.first {
          sentence +=
            "; a matching item is in the \(keychain.name.displayName), which this "
            + "call does not reach: it was added without kSecUseDataProtectionKeychain"
          outcome.explanation?.fix =
            "move the item once: read it with kSecUseDataProtectionKeychain false, add it with "
            + "true, then delete the old one; and add with kSecUseDataProtectionKeychain true "
            + "from now on"
        }
      }
      return annotated(outcome, sentence)
    case .fileBased:
      let merged = MacResultMerger.merge(fileParts)
      var sentence = "searched \(merged.searched) (\(route.reason)); \(merged.answer)"
      if merged.outcome.status == .errSecItemNotFound, personality != .daemon,
        dataProtection.copyMatching(
          Self.existenceProbe(query), context: dpContext(context, personality)
        ).status == .errSecSuccess
      {
        sentence +=
          "; a matching item is in the data protection keychain, which this call "
          + "does not reach"
      }
      return annotated(merged.outcome, sentence, ignored: ignored)
    case .both:
      let dataProtectionPart = MacResultMerger.Part(
        keychain: MacResultMerger.dataProtectionKeychain,
        outcome: onDataProtection(dataProtection, dpContext(context, personality)))
      let merged = MacResultMerger.merge([dataProtectionPart] + fileParts)
      return annotated(
        merged.outcome, "searched \(merged.searched) (\(route.reason)); \(merged.answer)",
        ignored: ignored)
    }
  }

  /// `query` as a plain existence check: no return keys, no match limit, no routing key.
  static func existenceProbe(_ query: SecQuery) -> SecQuery {
    let dropped = ["r_Data", "r_Attributes", "r_Ref", "r_PersistentRef", "m_Limit", "nleg"]
    return query.filter { !dropped.contains($0.key) }
  }

  /// A daemon asking for the data protection keychain: there is none outside a user login
  /// session (fact 43). Apple documents no status; the simulator answers errSecNotAvailable
  /// ("no keychain is available"), recorded in docs/fidelity.md, "The Mac".
  func unavailable(_ route: MacKeychainRoute, _ personality: MacAppPersonality)
    -> SecItemOutcome?
  {
    guard personality == .daemon else { return nil }
    return SecItemOutcome(
      status: .errSecNotAvailable,
      explanation: Explanation(
        cause: "\(route.reason), but a launchd daemon has no data protection keychain: it "
          + "exists only in a user login context (TN3137)",
        fix: "a daemon must use the file-based keychain: drop kSecUseDataProtectionKeychain "
          + "(and kSecAttrSynchronizable, kSecAttrAccessControl); or move the code into a "
          + "launchd agent or the app, which run in the user's session"))
  }

  /// The caller as the data protection keychain sees it on this Mac. Without a provisioning
  /// profile only `keychain-access-groups` count (fact 40). A profile-signed app's `group.`
  /// app groups count, as since Apple's 2025 change (fact 41, the recorded choice); the
  /// simulator installs no other kind of app group.
  func dpContext(_ context: SecItemEngine.Context, _ personality: MacAppPersonality)
    -> SecItemEngine.Context
  {
    guard personality == .adHoc else { return context }
    var adjusted = context
    adjusted.caller.app.hasApplicationIdentifier = false
    adjusted.caller.app.appGroups = []
    return adjusted
  }

  /// The outcome with a line saying which keychain answered and which keys the file-based
  /// keychain ignored: a call on a Mac never lands somewhere unsaid.
  func annotated(_ outcome: SecItemOutcome, _ where: String, ignored: [String] = [])
    -> SecItemOutcome
  {
    var sentence = "on this Mac the call " + `where`
    if !ignored.isEmpty {
      sentence +=
        "; the file-based keychain silently ignores "
        + ignored.joined(separator: ", ")
    }
    var annotated = outcome
    if var explanation = outcome.explanation {
      explanation.cause += " (\(sentence))"
      annotated.explanation = explanation
    } else {
      annotated.explanation = Explanation(
        cause: sentence,
        fix: ignored.isEmpty
          ? nil : "set kSecUseDataProtectionKeychain to true to get iOS behaviour on the Mac",
        isWarning: outcome.status == .errSecSuccess)
    }
    return annotated
  }
}
