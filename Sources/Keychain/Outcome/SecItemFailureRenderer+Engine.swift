import DeviceState
import ItemStore

/// The words of the failures the engine itself finds: locked classes, duplicates, misses,
/// refused authentication, store faults.
extension SecItemFailureRenderer {
  static func engineWords(_ kind: Kind) -> (String, String?) {
    switch kind {
    case .classLocked(let item, let protection, let availability, let action):
      return (
        "\(phrase(action)) \(describe(item)), which is \(protection.appleName) (class "
          + "\(protection.rawValue)); \(LockExplanation.reason(availability)); this "
          + "is not corruption, do not delete the item",
        LockExplanation.fix(for: protection)
      )
    case .cannotAdd(let item, let protection, let availability):
      return (
        "cannot add \(describe(item)) as \(protection.appleName) (class \(protection.rawValue)): "
          + LockExplanation.reason(availability),
        LockExplanation.fix(for: protection)
      )
    case .akpuWithoutPasscode(let item):
      return (
        "cannot store \(describe(item)) as kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly "
          + "(class akpu): no passcode is set, and that class exists only while one is",
        "ask the user to set a device passcode first, or choose "
          + "kSecAttrAccessibleWhenUnlockedThisDeviceOnly"
      )
    case .sealingFailed(let item, let detail):
      return ("sealing \(describe(item)) failed: \(detail)", simulatorFault)
    case .duplicateItem(let item, let key, let values):
      let pairs = zip(key, values).map { name, value in
        "\(name.rawValue) \(ItemDescription.text(value).map { "`\($0)`" } ?? "empty")"
      }
      return (
        "\(describe(item)) already exists: \(item.itemClass.rawValue) items are unique by "
          + "\(pairs.joined(separator: ", ")); kSecAttrAccessible, kSecAttrLabel and the data "
          + "are not part of that key",
        "change the existing item with SecItemUpdate (or delete it first); if a lookup "
          + "just said errSecItemNotFound, it used an attribute the existing item does not have"
      )
    case .duplicatePrimaryKey:
      return ("an item with the same primary key exists", nil)
    case .updateCollision(let item):
      return (
        "the update would give an item the same primary key as another existing item "
          + "(\(describe(item)) or another match); nothing was changed",
        "delete the other item first, or narrow the query so the new primary-key "
          + "values stay unique"
      )
    case .storeFailed(let detail):
      return ("the simulated keychain database failed: \(detail)", simulatorFault)
    case .updateFailed(let detail):
      return ("the update failed: \(detail)", nil)
    case .itemNotFound(let notFound):
      return words(notFound)
    case .skippedByAuthenticationUI:
      return ("skipped because of kSecUseAuthenticationUISkip", nil)
    case .authenticationDenied(let denial):
      return words(denial)
    case .unsupported(let feature):
      return ("not simulated yet: \(describe(feature))", fix(feature))
    default:
      assertionFailure("\(kind) is worded by words(_:)")
      return ("\(kind)", nil)
    }
  }

  private static let simulatorFault =
    "this is a simulator fault, not app behaviour; please report it"

  /// "item `alice` (genp, service com.app)".
  static func describe(_ item: SecItemFailure.ItemName) -> String {
    ItemDescription.of(item.itemClass, plain: item.attributes)
  }

  static func phrase(_ action: SecItemFailure.ItemAction) -> String {
    switch action {
    case .read: "cannot read"
    case .update: "cannot update"
    case .delete: "cannot delete"
    }
  }

  private static func fix(_ feature: SecItemFailure.UnsimulatedFeature) -> String {
    switch feature {
    case .identityClass:
      "query the certificate (kSecClassCertificate) and the key (kSecClassKey) separately"
    case .returnRef: "ask for kSecReturnAttributes or kSecReturnPersistentRef instead"
    case .authentication: "use kSecUseAuthenticationUISkip to leave such items out"
    }
  }

  private static func words(_ notFound: SecItemFailure.NotFound) -> (String, String?) {
    var cause = "no \(QueryParser.className(notFound.itemClass)) item matches the query"
    if let groups = notFound.searchedGroups {
      cause += " in the caller's access groups (\(groups.joined(separator: ", ")))"
    }
    if notFound.lost > 0 {
      cause +=
        "; \(notFound.lost) matching item(s) could never be decrypted again (a "
        + "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly item whose key was destroyed when "
        + "the passcode was removed, or a damaged item) and were dropped"
    }
    let nearMisses = notFound.nearMisses
    var fixes: [String] = []
    if let nearest = nearMisses.first {
      let (nearCause, nearFix) = words(nearest)
      cause += "; " + nearCause
      if nearMisses.count > 1 {
        cause += " (\(nearMisses.count - 1) other near miss(es))"
      }
      if let nearFix { fixes.append(nearFix) }
    }
    let nearest = nearMisses.first?.kind
    if !notFound.sealedAttributes.isEmpty, nearest == nil || nearest == .synchronizable {
      let names = notFound.sealedAttributes.map { KeyName.of($0) }.joined(separator: ", ")
      fixes.append("check the values of \(names); every attribute in a query must match")
    }
    let fix =
      fixes.isEmpty
      ? "add the item first, or check the query's attributes" : fixes.joined(separator: "; ")
    return (cause, fix)
  }

  private static func words(_ denial: SecItemFailure.AuthenticationDenial) -> (String, String?) {
    var text =
      "\(phrase(denial.action)) \(describe(denial.item)), whose access control "
      + "(\(denial.flags)) needs the user: \(denial.cause); LocalAuthentication reported "
      + "\(denial.error)"
    switch denial.error {
    case .notInteractive:
      text +=
        ", which SecItem reports as errSecInteractionNotAllowed. This -25308 is not a "
        + "locked class key: the \(denial.protection) key is available; the user could not "
        + "be asked"
    case .userCancel:
      text += ", which SecItem reports as errSecUserCanceled"
    default:
      text += ", which SecItem reports as errSecAuthFailed"
    }
    return (text, denial.fix)
  }
}
