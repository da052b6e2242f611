import DeviceState
import ItemStore
import KeychainEngine

/// One item as `show items` lists it: attributes only, never the secret. Data only: the
/// scenario runner words it (`ItemListing`).
public struct ItemSummary: Sendable, Hashable {
  /// Whether the item's sealed attributes could be opened for the listing.
  public enum Readability: Sendable, Hashable {
    case readable
    /// The class key is not in memory; the reason is in the device's terms.
    case locked(String)
    /// The item can never be opened again (damaged, or its key destroyed).
    case unrecoverable
  }

  /// The `kSecClass` value: genp, inet, cert, keys.
  public var itemClass: String
  public var protection: ProtectionClass?
  public var accessGroup: String?
  public var synchronizable: Bool
  /// The primary-key attributes that are set; empty while the item is locked (its values are
  /// sealed; only their keyed hashes are searchable).
  public var keyAttributes: [String: SecValue]
  /// The other attributes; empty unless ``readability`` is `.readable`.
  public var attributes: [String: SecValue]
  public var accessControl: SecAccessControl?
  public var hasData: Bool
  public var readability: Readability
  /// On a Mac, the keychain the item is in: "data protection keychain", "login keychain",
  /// "System keychain"; `nil` on other devices, which have one keychain.
  public var keychain: String? = nil
}

extension SimulatedDevice {
  /// Every item in the keychain, in class then insertion order, for `show items`. Data is
  /// never included; a locked item shows its class, protection and group, and says it is locked.
  /// - Throws: ``SimulatedDeviceError/store(_:)`` when the store cannot be read.
  public func listItems() throws(SimulatedDeviceError) -> [ItemSummary] {
    let sealer = ItemSealer(keybag: keybag)
    do {
      var summaries = try engine.liveRows().map { summary(of: $0, sealer: sealer) }
      let fileBased = route.listedKeychains
      guard !fileBased.isEmpty else { return summaries }
      for index in summaries.indices { summaries[index].keychain = "data protection keychain" }
      for keychain in fileBased {
        for row in try keychain.liveRows() {
          // A file-based item has no group, protection class or sync flag (docs/evidence.md
          // §11, fact 36): the ones the simulator stores it under are not shown.
          var item = summary(of: row, sealer: sealer)
          item.keychain = keychain.displayName
          item.accessGroup = nil
          item.protection = nil
          item.synchronizable = false
          summaries.append(item)
        }
      }
      return summaries
    } catch {
      throw .store(error)
    }
  }

  /// A locked item's values are sealed: it shows its class, protection class and, when the
  /// group's hash is one of a known group (the caller's, an installed app's), its group.
  private func summary(of row: ItemRow, sealer: ItemSealer) -> ItemSummary {
    var summary = ItemSummary(
      itemClass: row.itemClass.rawValue, protection: nil,
      accessGroup: knownGroup(hashed: row.searchColumns[.accessGroup], hasher: sealer.hasher),
      synchronizable: false, keyAttributes: [:], attributes: [:], accessControl: nil,
      hasData: row.sealedColumns[ItemClass.dataColumn] != nil, readability: .readable)
    do {
      summary.protection = try ItemSealer.protection(of: row)
    } catch {
      // A protection class the store cannot name: the row is damaged, shown as such.
      summary.readability = .unrecoverable
      return summary
    }
    do {
      let item = try sealer.openAttributes(row)
      for name in row.itemClass.primaryKey
      where name != AttributeName.accessGroup.rawValue
        && name != AttributeName.synchronizable.rawValue
        && !ResultBuilder.internalAttributes.contains(name)
      {
        guard let stored = item.attributes[name], ItemDescription.text(stored) != nil,
          let kind = row.itemClass.attribute(named: name)?.kind,
          let value = ResultBuilder.secValue(stored, kind: kind)
        else { continue }
        summary.keyAttributes[name] = value
      }
      summary.accessGroup = ItemDescription.text(item.attributes[.accessGroup])
      summary.synchronizable = item.attributes[.synchronizable] == .integer(1)
      var attributes = ResultBuilder.attributes(of: item, withClass: false)
      let hidden = [AttributeName.accessible, .tombstone, .accessControl].map(\.rawValue)
      for name in row.itemClass.primaryKey + hidden { attributes[name] = nil }
      summary.attributes = attributes
      summary.accessControl = item.accessControl
    } catch {
      if case .classUnavailable(let protection) = error {
        summary.readability = .locked(
          LockExplanation.reason(protection, securityState: securityState))
      } else {
        summary.readability = .unrecoverable
      }
    }
    return summary
  }

  /// The group among those the device knows whose hash is `hashed`, if any.
  private func knownGroup(hashed: StoredValue?, hasher: SearchHasher) -> String? {
    let known = caller.accessGroups + apps.apps.flatMap(\.identity.accessGroups)
    return zip(known, hasher.scope(known).values).first { $0.1 == hashed }?.0
  }
}
