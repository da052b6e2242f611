import DeviceState
import Foundation
import ItemStore
import KeychainEngine

/// The cross-platform package's API (`setItem`, `getItem`, `deleteItem`) on the current app.
///
/// On an Apple device each call is the SecItem calls the package makes, played on the engine,
/// so every keychain rule (access groups, protection classes, the default group) is the
/// engine's. The package keeps an item as a generic password: the service is
/// `kSecAttrService`, the key `kSecAttrAccount`, a string value its UTF-8 bytes in
/// `kSecValueData`, the group `kSecAttrAccessGroup`, with `kSecUseDataProtectionKeychain`
/// (seed 003, "Read it from an extension", whose query this is). `setItem` adds, and on
/// errSecDuplicateItem updates the existing item (the simulator's reading: the seed does not
/// say; docs/fidelity.md, "The cross-platform package (seed 003)").
///
/// On an Android phone the package ignores `accessGroup` and each app keeps its own items in
/// its own Keystore-backed storage (docs/evidence.md §11, fact 50; ``AndroidAppStorage``).
extension SimulatedDevice {
  /// Plays `operation` on `keychain` as the current app.
  public func perform(_ operation: PackageOperation, on keychain: PackageKeychain)
    -> PackageOutcome
  {
    if route.packageStorage != nil { return performInPackageStorage(operation, on: keychain) }
    var steps: [PackageOutcome.SecItemStep] = []
    let identity = PackageQuery(keychain: keychain, key: operation.key)
    let settled: Result<PackageOutcome.Value, PackageError>
    switch operation {
    case .setItem(_, let value):
      let data = SecValue.data(Data(value.utf8))
      let add = secItemAdd(identity.query(adding: [(SecQueryKey.valueData.rawValue, data)]))
      steps.append(identity.step("SecItemAdd", [(SecQueryKey.valueData.rawValue, data)], add))
      if add.status == .errSecDuplicateItem {
        let update = secItemUpdate(identity.query(), [SecQueryKey.valueData.rawValue: data])
        steps.append(
          identity.step(
            "SecItemUpdate", [], update,
            attributes: [(SecQueryKey.valueData.rawValue, data)]))
        settled = Self.settle(update, keychain) { .nothing }
      } else {
        settled = Self.settle(add, keychain) { .nothing }
      }
    case .getItem:
      let returnData = (SecQueryKey.returnData.rawValue, SecValue.bool(true))
      let copy = secItemCopyMatching(identity.query(adding: [returnData]))
      steps.append(identity.step("SecItemCopyMatching", [returnData], copy))
      if copy.status == .errSecItemNotFound {
        settled = .success(.null)
      } else {
        settled = Self.settle(copy, keychain) { () throws(PackageError) -> PackageOutcome.Value in
          guard case .data(let bytes)? = copy.result,
            let text = String(data: bytes, encoding: .utf8)
          else {
            throw PackageError(
              code: .keychainError,
              message: "the item's data is not UTF-8 text, so it cannot be a JavaScript string")
          }
          return .string(text)
        }
      }
    case .deleteItem:
      let delete = secItemDelete(identity.query())
      steps.append(identity.step("SecItemDelete", [], delete))
      // Deleting a key that is not there resolves: there is nothing left to delete.
      settled =
        delete.status == .errSecItemNotFound
        ? .success(.nothing)
        : Self.settle(delete, keychain) {
          .nothing
        }
    }
    return PackageOutcome(
      operation: operation, platform: platform, settled: settled, steps: steps, note: nil)
  }

  /// A resolution from `value` when the call succeeded, else the package's rejection:
  /// `MISSING_ENTITLEMENT` for errSecMissingEntitlement, `KEYCHAIN_ERROR` for any other status.
  private static func settle(
    _ outcome: SecItemOutcome, _ keychain: PackageKeychain,
    _ value: () throws(PackageError) -> PackageOutcome.Value
  ) -> Result<PackageOutcome.Value, PackageError> {
    switch outcome.status {
    case .errSecSuccess:
      do {
        return .success(try value())
      } catch {
        return .failure(error)
      }
    case .errSecMissingEntitlement:
      let group = keychain.accessGroup.map { "the access group \($0)" } ?? "the keychain"
      return .failure(
        PackageError(
          code: .missingEntitlement,
          message: "the app's keychain-access-groups entitlement does not allow \(group)",
          status: outcome.status))
    default:
      return .failure(
        PackageError(
          code: .keychainError, message: "the keychain answered \(outcome.status)",
          status: outcome.status))
    }
  }
}

/// The identity part of every query the package makes for one key, in a fixed order, and the
/// rendering of a call for the transcript.
private struct PackageQuery {
  let entries: [(String, SecValue)]

  init(keychain: PackageKeychain, key: String) {
    var entries: [(String, SecValue)] = [
      (SecQueryKey.itemClass.rawValue, .string("genp")),
      (AttributeName.service.rawValue, .string(keychain.service)),
      (AttributeName.account.rawValue, .string(key)),
    ]
    if let group = keychain.accessGroup {
      entries.append((AttributeName.accessGroup.rawValue, .string(group)))
    }
    entries.append((AttributeName.dataProtectionKeychain.rawValue, .bool(true)))
    self.entries = entries
  }

  /// The query, with `extra` entries after the identity.
  func query(adding extra: [(String, SecValue)] = []) -> SecQuery {
    Dictionary(entries + extra, uniquingKeysWith: { _, new in new })
  }

  func step(
    _ function: String, _ extra: [(String, SecValue)], _ outcome: SecItemOutcome,
    attributes: [(String, SecValue)]? = nil
  ) -> PackageOutcome.SecItemStep {
    PackageOutcome.SecItemStep(
      function: function, query: Self.render(entries + extra),
      attributes: attributes.map(Self.render), outcome: outcome,
      sentQuery: query(adding: extra),
      sentAttributes: Dictionary(attributes ?? [], uniquingKeysWith: { _, new in new }))
  }

  /// `[kSecClass: kSecClassGenericPassword, kSecAttrService: "shared", kSecValueData: ••••]`.
  static func render(_ entries: [(String, SecValue)]) -> String {
    let parts = entries.map { key, value in
      let name = SecConstants.name(forKey: key) ?? key
      let text: String
      switch value {
      case .data: text = "••••"
      case .bool(let flag): text = String(flag)
      case .string(let raw):
        text = SecConstants.name(forValue: raw, underKey: key) ?? "\"\(raw)\""
      default: text = "\(value)"
      }
      return "\(name): \(text)"
    }
    return "[" + parts.joined(separator: ", ") + "]"
  }
}
