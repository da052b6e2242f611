import ItemStore
import KeyEngine
import KeychainEngine

/// One key item as `show keys` lists it: the item's summary (attributes only, never the key
/// bytes) and, for a Secure Enclave key, the access control its token object carries (the row
/// has none: SecTokenItemAdd keeps the ACL inside the token object). Data only: the scenario
/// runner words it.
public struct KeySummary: Sendable {
  public var item: ItemSummary
  /// Whether the key lives in the Secure Enclave (`kSecAttrTokenID` is
  /// `kSecAttrTokenIDSecureEnclave`).
  public var isSecureEnclave: Bool
  /// The access control that guards the key's use: the token object's for an enclave key,
  /// the row's otherwise.
  public var accessControl: SecAccessControl?
  /// Why an enclave key's token object could not be described (made on another device, or
  /// damaged); `nil` when it was.
  public var tokenProblem: String?
}

extension SimulatedDevice {
  /// The key items of the keychain (kSecClassKey), in insertion order, for `show keys`.
  /// - Throws: ``SimulatedDeviceError/store(_:)`` when the store cannot be read.
  public func listKeys() throws(SimulatedDeviceError) -> [KeySummary] {
    let rows: [ItemRow]
    do {
      rows = try engine.liveRows()
    } catch {
      throw .store(error)
    }
    // listItems lists the same rows first, in the same order (file-based keychains after).
    let summaries = try listItems()
    let sealer = ItemSealer(keybag: keybag)
    var keys: [KeySummary] = []
    for (row, item) in zip(rows, summaries) where row.itemClass == .keys {
      var summary = KeySummary(
        item: item, isSecureEnclave: false, accessControl: item.accessControl, tokenProblem: nil)
      // `tkid` is securityd's own attribute, which the item summary leaves out. A row that
      // does not open is locked, which the summary's readability already says: not a token
      // item (those are `dk`, always open).
      if case .readable = item.readability {
        do {
          let opened = try sealer.openAttributes(row)
          summary.isSecureEnclave =
            ItemDescription.text(opened.attributes[.tokenID]) == SimulatedKey.secureEnclaveTokenID
        } catch {
          summary.tokenProblem = "its attributes do not open: \(error)"
        }
      }
      if summary.isSecureEnclave {
        do {
          guard let tokenObject = try sealer.openData(row), let enclave = secureEnclave else {
            summary.tokenProblem = "this device has no Secure Enclave to read its token object"
            keys.append(summary)
            continue
          }
          summary.accessControl = try enclave.describe(tokenObject: tokenObject).accessControl
        } catch let failure as KeyFailure {
          summary.tokenProblem = failure.message
        } catch {
          summary.tokenProblem = "its token object cannot be opened: \(error)"
        }
      }
      keys.append(summary)
    }
    return keys
  }
}
