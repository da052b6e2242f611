import ItemStore

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
  /// Plaintext primary-key attributes that are set (readable even while locked).
  public var keyAttributes: [String: SecValue]
  /// The other attributes; empty unless ``readability`` is `.readable`.
  public var attributes: [String: SecValue]
  public var accessControl: SecAccessControl?
  public var hasData: Bool
  public var readability: Readability
}

extension SimulatedDevice {
  /// Every item in the keychain, in class then insertion order, for `show items`. Data is
  /// never included; a locked item shows its plaintext key and says it is locked.
  /// - Throws: ``SimulatedDeviceError/store(_:)`` when the store cannot be read.
  public func listItems() throws(SimulatedDeviceError) -> [ItemSummary] {
    let sealer = ItemSealer(keybag: keybag)
    do {
      return try engine.liveRows().map { summary(of: $0, sealer: sealer) }
    } catch {
      throw .store(error)
    }
  }

  private func summary(of row: ItemRow, sealer: ItemSealer) -> ItemSummary {
    var keyAttributes: [String: SecValue] = [:]
    for name in row.itemClass.primaryKey
    where !["agrp", "sync"].contains(name) && !ResultBuilder.internalAttributes.contains(name) {
      guard let stored = row.plainColumns[name], ItemDescription.text(stored) != nil,
        let kind = row.itemClass.attribute(named: name)?.kind,
        let value = ResultBuilder.secValue(stored, kind: kind)
      else { continue }
      keyAttributes[name] = value
    }
    var summary = ItemSummary(
      itemClass: row.itemClass.rawValue,
      protection: nil,
      accessGroup: ItemDescription.text(row.plainColumns["agrp"]),
      synchronizable: row.plainColumns["sync"] == .integer(1), keyAttributes: keyAttributes,
      attributes: [:], accessControl: nil,
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
      var attributes = ResultBuilder.attributes(of: item, withClass: false)
      for name in row.itemClass.plainColumns { attributes[name] = nil }
      attributes["accc"] = nil
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
}
