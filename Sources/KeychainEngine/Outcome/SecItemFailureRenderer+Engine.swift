import DeviceState
import ItemStore

/// Helpers for the words of the failures the engine itself finds: item names, actions, misses,
/// refused authentication.
extension SecItemFailureRenderer {
  static let simulatorFault =
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

  static func fix(_ feature: SecItemFailure.UnsimulatedFeature) -> String {
    switch feature {
    case .identityClass:
      "query the certificate (kSecClassCertificate) and the key (kSecClassKey) separately"
    case .returnRef: "ask for kSecReturnAttributes or kSecReturnPersistentRef instead"
    case .authentication: "use kSecUseAuthenticationUISkip to leave such items out"
    }
  }

  static func words(_ notFound: SecItemFailure.NotFound) -> (String, String?) {
    var cause = "no \(SecConstants.className(notFound.itemClass)) item matches the query"
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
    if let failure = notFound.diagnosisFailure {
      cause += "; the search for near misses could not read the store (\(failure))"
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

  static func words(_ denial: SecItemFailure.AuthenticationDenial) -> (String, String?) {
    let (cause, fix) = AuthenticationRefusalRenderer.words(denial.refusal)
    var text =
      "\(phrase(denial.action)) \(describe(denial.item)), whose access control "
      + "(\(denial.flags)) needs the user: \(cause); LocalAuthentication reported "
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
    return (text, fix)
  }
}
