import DeviceState
import Foundation
import ItemStore
import Keybag

extension SecItemEngine {
  /// SecItemAdd: validates, fills Apple's defaults, seals with the class key and inserts.
  package func add(_ query: SecQuery, context: Context) -> SecItemOutcome {
    outcome { () throws(SecItemFailure) in
      let parsed = try QueryValidator.validate(query, as: .add, caller: context.caller)
      if let ignored = Self.ignoredMatchKey(parsed) { return Self.addIgnored(ignored) }
      try Self.requireSimulatedReturns(parsed)
      var item = Self.newItem(parsed, context: context)
      let row: ItemRow
      do throws(KeybagError) {
        row = try sealer.seal(item)
      } catch {
        throw Self.sealFailure(error, item: item, context: context)
      }
      let rowID: Int64
      do throws(ItemStoreError) {
        rowID = try database.insert(row)
      } catch {
        if case .duplicateItem = error { throw Self.duplicate(item) }
        throw Self.storeFailure(error)
      }
      // The item itself takes its row: a copy of it was one more item to tear down per add.
      item.rowID = rowID
      return SecItemOutcome(
        status: .errSecSuccess, result: ResultBuilder.value(for: item, returns: parsed.returns))
    }
  }

  /// The item an add creates: the dictionary's attributes plus Apple's defaults — access
  /// group = the caller's first group (docs/evidence.md §5.2), not synchronizable (evidence §5.5),
  /// protection `ak` (certificates `dk`, evidence §6.3), creation and modification date = now.
  static func newItem(_ parsed: ParsedQuery, context: Context) -> KeychainItem {
    // Room for the defaults below and the primary-key ones sealing adds, so the dictionary
    // is not grown (every name hashed again) twice on the way to the store.
    var attributes = PresizedColumns.empty(
      capacity: parsed.attributes.count + 7 + parsed.itemClass.primaryKey.count)
    for (name, value) in parsed.attributes { attributes[name] = value }
    if attributes[.accessGroup] == nil, let group = context.caller.app.defaultAccessGroup {
      attributes[.accessGroup] = .text(group)
    }
    if case .value(true)? = parsed.synchronizable {
      attributes[.synchronizable] = .integer(1)
    } else {
      attributes[.synchronizable] = .integer(0)
    }
    let fallback: ProtectionClass = parsed.itemClass == .cert ? .dk : .ak
    attributes[.accessible] = .text((parsed.protection ?? fallback).rawValue)
    let now = StoredValue.real(context.now.timeIntervalSinceReferenceDate)
    if attributes[.creationDate] == nil { attributes[.creationDate] = now }
    if attributes[.modificationDate] == nil { attributes[.modificationDate] = now }
    attributes[.tombstone] = .integer(0)
    var item = KeychainItem(
      rowID: nil, itemClass: parsed.itemClass, attributes: attributes,
      accessControl: parsed.accessControl, data: parsed.data)
    if parsed.accessControl?.flags.contains(.biometryCurrentSet) == true {
      // Bound to the enrolled set of this moment (evidence §7.1: "When fingers are added or
      // removed, the item is invalidated").
      item.boundBiometryGeneration = context.securityState.biometry.domainGeneration
    }
    return item
  }

  // MARK: - Note A: kSecMatch keys in SecItemAdd

  /// The kSecMatch / kSecUseItemList key that makes securityd skip the insert, if any.
  private static func ignoredMatchKey(_ parsed: ParsedQuery) -> String? {
    if let key = parsed.matchKeys.sorted().first { return key }
    return parsed.useKeysPresent.contains(.itemList) ? SecQueryKey.itemList.rawValue : nil
  }

  /// `s3dl_query_add` returns errSecItemMatchUnsupported from a function returning bool, which
  /// reads as success: the call succeeds and nothing is stored (docs/evidence.md §2.4 Note A).
  private static func addIgnored(_ key: String) -> SecItemOutcome {
    SecItemWarning.addIgnored(key: key).outcome
  }

  /// kSecReturnRef on a certificate would return a SecCertificateRef, which the simulator does
  /// not model; refusing beats a silent NULL. (On a key, the row goes to the SecKey layer.)
  static func requireSimulatedReturns(_ parsed: ParsedQuery) throws(SecItemFailure) {
    guard parsed.returns.contains(.ref), parsed.itemClass == .cert else { return }
    throw SecItemFailure.unsupported(.returnRef(parsed.itemClass))
  }

  // MARK: - Failures

  /// A seal that failed: the class is locked, or `akpu` with no passcode (evidence §6.4).
  static func sealFailure(_ error: KeybagError, item: KeychainItem, context: Context)
    -> SecItemFailure
  {
    let name = SecItemFailure.ItemName(item)
    switch error {
    case .noClassKey(.akpu):
      return SecItemFailure(.errSecNotAvailable, .akpuWithoutPasscode(name))
    case .classUnavailable(let protection), .noClassKey(let protection):
      return LockExplanation.cannotAdd(
        name, protection: protection, securityState: context.securityState)
    default:
      return SecItemFailure(.errSecInternal, .sealingFailed(name, detail: "\(error)"))
    }
  }

  /// errSecDuplicateItem, naming the primary key the two items share (evidence §3).
  static func duplicate(_ item: KeychainItem) -> SecItemFailure {
    let key = item.itemClass.primaryKey.filter { !ResultBuilder.internalAttributes.contains($0) }
    return SecItemFailure(
      .errSecDuplicateItem,
      .duplicateItem(
        SecItemFailure.ItemName(item), key: key.map(AttributeName.init(rawValue:)),
        values: key.map { item.attributes[$0] }))
  }
}
