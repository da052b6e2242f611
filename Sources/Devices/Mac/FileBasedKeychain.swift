import DeviceState
import Foundation
import ItemStore
import Keybag
import KeychainEngine

/// One of a Mac's file-based keychains (the login keychain, the System keychain): the
/// legacy macOS keychain a SecItem call reaches without kSecUseDataProtectionKeychain
/// (docs/evidence.md §11, facts 34-38).
///
/// It reuses the engine (the same item classes, primary keys, duplicates and searches) over
/// a store of its own, and applies the file-based rules around it: no access groups, no
/// data protection classes, no iCloud sync (fact 36), the kSecMatchLimitAll + kSecReturnData
/// refusal (fact 37). On a Mac kept in a device file, it is a file of its own beside it
/// (``path(of:besides:)``), sealed with the Mac's keybag like the device file's items.
package final class FileBasedKeychain {
  /// Which file-based keychain it is.
  package enum Name: String, Sendable, Hashable {
    /// The user's default keychain, `~/Library/Keychains/login.keychain-db`.
    case login
    /// `/Library/Keychains/System.keychain`: a daemon's default keychain (fact 43).
    case system = "System"

    /// How the transcript names it: "login keychain", "System keychain".
    var displayName: String { "\(rawValue) keychain" }
  }

  /// The keys the shim strips before a call reaches a file-based keychain (fact 36).
  static let strippedKeys = [
    AttributeName.accessible, .accessControl, .accessGroup, .synchronizable, .tombstone,
    .dataProtectionKeychain,
  ].map(\.rawValue)
  /// Stored attributes a file-based item does not have, so never returned (fact 36).
  static let unreturnedAttributes = [
    AttributeName.accessible, .accessControl, .accessGroup, .synchronizable, .tombstone,
  ].map(\.rawValue)

  let name: Name
  private let engine: SecItemEngine
  /// Each item's trusted apps (its `SecAccess`), by persistent reference: the app that added
  /// it (fact 44).
  private var trustedApps: [SecValue: Set<String>] = [:]

  /// The device blob of its own file that holds ``trustedApps``.
  private static let trustedAppsKey = "trustedApps"

  /// One item's trusted apps as its file keeps them.
  private struct TrustedEntry: Codable {
    var reference: Data
    var apps: [String]
  }

  /// Opens (or creates) the keychain's store: in memory without `path`, else the file at
  /// `path`, whose items and trusted apps come back as they were left.
  ///
  /// - Throws: ``SimulatedDeviceError/store(_:)`` when the store cannot be opened or made,
  ///   ``SimulatedDeviceError/corruptState(path:part:detail:)`` when its trusted apps are
  ///   damaged.
  init(name: Name, keybag: Keybag, path: String? = nil) throws(SimulatedDeviceError) {
    self.name = name
    let database: ItemDatabase
    let saved: Data?
    do {
      database = try ItemDatabase(path: path)
      saved = try database.deviceBlob(forKey: Self.trustedAppsKey)
    } catch {
      throw .store(error)
    }
    engine = SecItemEngine(database: database, keybag: keybag)
    if let saved, let path {
      do {
        for entry in try JSONDecoder().decode([TrustedEntry].self, from: saved) {
          trustedApps[.data(entry.reference)] = Set(entry.apps)
        }
      } catch {
        throw .corruptState(path: path, part: "trusted apps", detail: "\(error)")
      }
    }
  }

  /// The file of `name` for the Mac whose device file is `deviceFile`: its name without the
  /// extension, then `.login.keychain-db` or `.System.keychain-db`, as macOS names the files
  /// (`mac.db` → `mac.login.keychain-db`). The extension is never a device file's, so no
  /// device added beside it takes the name.
  package static func path(of name: Name, besides deviceFile: String) -> String {
    let url = URL(fileURLWithPath: deviceFile)
    let stem = url.deletingPathExtension().lastPathComponent
    return url.deletingLastPathComponent()
      .appendingPathComponent("\(stem).\(name.rawValue).keychain-db").path
  }

  /// The keychain's file, or `nil` in memory.
  package var path: String? { engine.database.path }

  /// Whether the keychain holds any item: a keychain file left by another Mac is not
  /// taken over by a new one.
  func holdsItems() throws(ItemStoreError) -> Bool { try SecItemEngine.holdsItems(engine.database) }

  /// The one group every item of this keychain is stored under: a file-based keychain has
  /// no access groups, so every app of the user searches the same items.
  var storageGroup: String { "\(name.rawValue).keychain-db" }

  /// The stored rows, for `show items`.
  package func liveRows() throws(ItemStoreError) -> [ItemRow] { try engine.liveRows() }

  /// SecItemAdd on this keychain. The login keychain is unlocked by the user's login and stays
  /// unlocked while the user is logged in, which the simulator models by sealing its items in
  /// class C (kSecAttrAccessibleAfterFirstUnlock): available from the first unlock after boot
  /// on (docs/fidelity.md, "The Mac").
  func add(_ query: SecQuery, context: SecItemEngine.Context) -> SecItemOutcome {
    var stripped = Self.strip(query, for: .add)
    stripped[AttributeName.accessible] = .string(ProtectionClass.ck.rawValue)
    let fileContext = fileContext(context)
    let before = Set(references(of: stripped[SecQueryKey.itemClass], context: fileContext))
    let trustedBefore = trustedApps
    do {
      // The item and its trusted apps are written together, or neither is.
      return try engine.database.inTransaction {
        let outcome = finish(engine.add(stripped, context: fileContext))
        if outcome.status == .errSecSuccess {
          for added in references(of: stripped[SecQueryKey.itemClass], context: fileContext)
          where !before.contains(added) {
            trustedApps[added] = [context.caller.app.bundleID]
          }
          try saveTrustedApps()
        }
        return outcome
      }
    } catch {
      trustedApps = trustedBefore
      let failure = SecItemEngine.storeFailure(
        error as? ItemStoreError ?? .cannotOpen(path: path ?? name.displayName, reason: "\(error)"))
      return failure.outcome
    }
  }

  /// Writes the trusted apps into the keychain's file; nothing in memory.
  private func saveTrustedApps() throws {
    guard path != nil else { return }
    let entries = trustedApps.compactMap { reference, apps -> TrustedEntry? in
      guard case .data(let bytes) = reference else { return nil }
      return TrustedEntry(reference: bytes, apps: apps.sorted())
    }
    .sorted { $0.reference.lexicographicallyPrecedes($1.reference) }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    try engine.database.saveDeviceBlob(try encoder.encode(entries), forKey: Self.trustedAppsKey)
  }

  /// The persistent references of every item of a class, to tell which row an add created:
  /// the one not there before, whatever ids the store hands out.
  private func references(of itemClass: SecValue?, context: SecItemEngine.Context) -> [SecValue] {
    guard let itemClass else { return [] }
    let all = engine.copyMatching(
      [
        SecQueryKey.itemClass.rawValue: itemClass,
        SecQueryKey.matchLimit.rawValue: .string("m_LimitAll"),
        SecQueryKey.returnPersistentRef.rawValue: .bool(true),
      ],
      context: context)
    guard case .array(let references)? = all.result else { return [] }
    return references
  }

  /// SecItemCopyMatching on this keychain, with the file-based defaults (fact 37).
  func copyMatching(
    _ query: SecQuery, context: SecItemEngine.Context, dialog: KeychainAccessDialog
  ) -> SecItemOutcome {
    if let refusal = Self.returnDataRefusal(query) { return refusal }
    if readsSecret(query),
      let refusal = askForUntrustedReads(query, context: context, dialog: dialog)
    {
      return refusal
    }
    let returnKeys = ["r_Data", "r_Attributes", "r_Ref", "r_PersistentRef"]
    guard !returnKeys.contains(where: { query[$0] != nil }) else {
      return finish(engine.copyMatching(Self.strip(query), context: fileContext(context)))
    }
    // No kSecReturn key: kSecReturnRef is the file-based keychain's default, so each match
    // comes back as a SecKeychainItemRef (found through its persistent reference).
    var referenced = Self.strip(query)
    referenced[SecQueryKey.returnPersistentRef.rawValue] = .bool(true)
    var outcome = finish(engine.copyMatching(referenced, context: fileContext(context)))
    guard outcome.status == .errSecSuccess else { return outcome }
    outcome.result = outcome.result.map(itemReferences(from:))
    outcome.explanation = Explanation(
      cause: "with no kSecReturn key the file-based keychain returns a SecKeychainItemRef "
        + "(kSecReturnRef is its default there), where iOS returns nothing",
      fix: "ask for what the code uses: kSecReturnData or kSecReturnAttributes",
      isWarning: true)
    return outcome
  }

  /// Persistent references (one, or an array) as this keychain's item references.
  private func itemReferences(from value: SecValue) -> SecValue {
    switch value {
    case .data(let persistent):
      .keychainItemReference(
        KeychainItemReference(keychain: name.displayName, persistentReference: persistent))
    case .array(let values): .array(values.map(itemReferences(from:)))
    default: value
    }
  }

  /// Whether the call returns an item's secret: kSecReturnData, or kSecReturnRef with another
  /// return key (the engine then decrypts the data).
  private func readsSecret(_ query: SecQuery) -> Bool {
    let returns = ["r_Data", "r_Attributes", "r_Ref", "r_PersistentRef"].filter {
      MacKeychainRoute.isTrue(query[$0])
    }
    return returns.contains("r_Data") || (returns.contains("r_Ref") && returns.count > 1)
  }

  /// Shows the access dialog for each matched item the caller is not trusted by (fact 44);
  /// the first refusal ends the call. Reading attributes never asks.
  private func askForUntrustedReads(
    _ query: SecQuery, context: SecItemEngine.Context, dialog: KeychainAccessDialog
  ) -> SecItemOutcome? {
    var probe = Self.strip(query)
    for key in ["r_Data", "r_Ref"] { probe[key] = nil }
    probe["r_Attributes"] = .bool(true)
    probe["r_PersistentRef"] = .bool(true)
    let matched = engine.copyMatching(probe, context: fileContext(context))
    let items: [SecValue]
    switch matched.result {
    case .array(let values)?: items = values
    case let single?: items = [single]
    case nil: return nil
    }
    let app = context.caller.app.bundleID
    for case .dictionary(let item) in items {
      guard let reference = item["v_PersistentRef"],
        let trusted = trustedApps[reference], !trusted.contains(app)
      else { continue }
      if let refusal = dialog.authorize(app: app, item: Self.label(of: item), keychain: name) {
        return refusal
      }
    }
    return nil
  }

  /// What the dialog calls an item: its label, else its service, server or account.
  private static func label(of item: [String: SecValue]) -> String {
    for key in [AttributeName.label, .service, .server, .account] {
      if case .string(let text)? = item[key], !text.isEmpty { return text }
    }
    return "an item"
  }

  /// Whether an item of this keychain matches `query` (as an existence check: no dialog, no
  /// secret read), to tell a caller searching the other keychain where its item is.
  func holdsMatch(_ query: SecQuery, context: SecItemEngine.Context) -> Bool {
    let probe = Self.strip(MacKeychains.existenceProbe(query))
    return engine.copyMatching(probe, context: fileContext(context)).status == .errSecSuccess
  }

  /// SecItemUpdate on this keychain: the stripped keys are stripped from both dictionaries,
  /// and return keys and the match limit, which do not apply, from the query.
  func update(_ query: SecQuery, _ attributes: SecQuery, context: SecItemEngine.Context)
    -> SecItemOutcome
  {
    finish(
      engine.update(
        Self.strip(query, for: .update), Self.strip(attributes), context: fileContext(context)))
  }

  /// SecItemDelete on this keychain; return keys and the match limit do not apply.
  func delete(_ query: SecQuery, context: SecItemEngine.Context) -> SecItemOutcome {
    finish(engine.delete(Self.strip(query, for: .delete), context: fileContext(context)))
  }

  /// The keys of `query` the file-based keychain ignores in `function`, by Apple's names, for
  /// the transcript: the stripped keys (fact 36) and the match and return keys that do not
  /// apply (fact 37).
  static func ignoredNames(in query: SecQuery, for function: SecItemFunction) -> [String] {
    query.keys.filter { key in
      key != "nleg" && (strippedKeys.contains(key) || inapplicable(key, to: function))
    }
    .sorted()
    .map { SecConstants.name(forKey: $0) ?? $0 }
  }

  /// Match and return keys the file-based keychain ignores where they do not apply, which iOS
  /// refuses with errSecParam (fact 37; docs/evidence.md §9, case 17 is Apple's test of
  /// SecItemUpdate with return keys: -50 on iOS, 0 on macOS): return keys and the match limit
  /// in Update and Delete, match keys in Add.
  private static func inapplicable(_ key: String, to function: SecItemFunction) -> Bool {
    switch function {
    case .update, .delete: key.hasPrefix("r_") || key == "m_Limit"
    case .add: key.hasPrefix("m_")
    case .copyMatching, .attributesToUpdate: false
    }
  }

  private static func strip(_ query: SecQuery, for function: SecItemFunction = .copyMatching)
    -> SecQuery
  {
    query.filter { !strippedKeys.contains($0.key) && !inapplicable($0.key, to: function) }
  }

  /// kSecMatchLimitAll with kSecReturnData on passwords is refused by the file-based
  /// keychain: errSecReturnDataUnsupported, which is -50 (fact 37, `SecBasePriv.h`).
  private static func returnDataRefusal(_ query: SecQuery) -> SecItemOutcome? {
    guard query["m_Limit"] == .string("m_LimitAll"), MacKeychainRoute.isTrue(query["r_Data"]),
      let itemClass = query[SecQueryKey.itemClass],
      itemClass == .string(ItemClass.genp.rawValue) || itemClass == .string(ItemClass.inet.rawValue)
    else { return nil }
    return SecItemOutcome(
      status: .errSecParam,
      explanation: Explanation(
        cause: "the file-based keychain cannot return the data of several passwords at once: "
          + "kSecMatchLimitAll with kSecReturnData on a password class is "
          + "errSecReturnDataUnsupported (-50)",
        fix: "ask for kSecReturnAttributes with kSecMatchLimitAll, then read each item's "
          + "data with kSecMatchLimitOne; or set kSecUseDataProtectionKeychain to true"))
  }

  /// The call made as the same app, with the one group of this keychain as its only group.
  private func fileContext(_ context: SecItemEngine.Context) -> SecItemEngine.Context {
    var fileContext = context
    let app = context.caller.app
    fileContext.caller = Caller(
      app: AppIdentity(
        bundleID: app.bundleID, teamID: app.teamID, keychainAccessGroups: [storageGroup],
        hasApplicationIdentifier: false))
    fileContext.apps = nil
    return fileContext
  }

  /// The outcome without what a file-based item does not have (group, protection, sync).
  private func finish(_ outcome: SecItemOutcome) -> SecItemOutcome {
    var finished = outcome
    finished.result = outcome.result.map(Self.withoutDataProtectionAttributes)
    return finished
  }

  private static func withoutDataProtectionAttributes(_ value: SecValue) -> SecValue {
    switch value {
    case .dictionary(let dictionary):
      .dictionary(dictionary.filter { !unreturnedAttributes.contains($0.key) })
    case .array(let values): .array(values.map(withoutDataProtectionAttributes))
    default: value
    }
  }
}

extension FileBasedKeychain: ListedKeychain {
  package var displayName: String { name.displayName }
}
