import DeviceState
import ItemStore

/// The words of errSecItemNotFound's near misses (``NotFoundDiagnosis``): which rule hid the
/// item that almost matched. Values only, never an item's secret.
extension SecItemFailureRenderer {

  static func words(_ miss: NearMiss) -> (String, String?) {
    switch miss {
    case .skipped(let count):
      return (
        "\(count) matching item(s) whose access control needs the user were skipped "
          + "because of kSecUseAuthenticationUISkip",
        "pass an LAContext already evaluated for the item (kSecUseAuthenticationContext), "
          + "or let the system ask the user (kSecUseAuthenticationUIAllow)"
      )
    case .accessGroup(let item, let group, let owner):
      return (
        "\(describe(item)) matches the query but sits in access "
          + "group `\(group)`, \(describe(owner)); the caller is not entitled to it, so a "
          + "search never sees it",
        "add `\(group)` to the app's keychain-access-groups entitlement (only groups of "
          + "its own team can be added), or move the item to a group the app has, from an app "
          + "that has both"
      )
    case .synchronizable:
      return (
        "a synchronizable item matches, but a query without "
          + "kSecAttrSynchronizable only sees non-synchronizable items",
        "add kSecAttrSynchronizable: kSecAttrSynchronizableAny to the query"
      )
    case .oneAttribute(let subject, let name, let stored, let queried):
      let attribute = appleName(name.rawValue)
      let wanted = rendered(name, queried)
      let found = rendered(name, stored)
      var types = ""
      if wanted == found {
        types = " (stored as \(kind(stored)), queried as \(kind(queried)))"
      }
      return (
        "\(describe(subject, article: true)) exists with \(attribute) \(found), not \(wanted)"
          + types,
        "query \(attribute) \(found) if that is the item, or drop "
          + "\(attribute) from the query; every attribute in a query must match"
      )
    case .oneAttributeLocked(let subject, let name, let queried):
      let attribute = appleName(name.rawValue)
      return (
        "\(describe(subject, article: true)) exists with another \(attribute) than "
          + "\(rendered(name, queried)) (its value is sealed while its class is locked)",
        "check \(attribute) once the device is unlocked, or drop it from the query; "
          + "every attribute in a query must match"
      )
    case .otherClass(let other, let subject, let missing, let queried):
      let otherName = SecConstants.className(other)
      let note =
        missing.isEmpty
        ? ""
        : " (\(missing.map(appleName).joined(separator: ", ")) does not exist in that class)"
      return (
        "a \(otherName) \(describe(subject, article: false)) exists" + note
          + "; the query asks for " + SecConstants.className(queried),
        "query kSecClass: \(otherName); items of different classes never match"
      )
    case .passcodeRemoved(let total, let removals, let lastAt, let itemClass, let asked):
      let when = removals == 1 ? "at \(lastAt)" : "(\(removals) times, last at \(lastAt))"
      let verdict =
        asked
        ? "the query asks for that class, so the item may have been one of them"
        : "if the item was one of them, it is gone"
      return (
        "\(total) kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly "
          + "\(SecConstants.className(itemClass)) item(s) were deleted when the passcode was "
          + "removed \(when); \(verdict)",
        "such items never survive passcode removal: add the item again once a passcode "
          + "is set, and be ready to recreate it"
      )
    }
  }

  /// "an item with kSecAttrAccount `b`" (or "item with ..." without the article).
  private static func describe(_ subject: NearMiss.Subject, article: Bool) -> String {
    let noun = article ? "an item" : "item"
    guard let attribute = subject.attribute, let value = subject.value else { return noun }
    return "\(noun) with \(appleName(attribute.rawValue)) `\(short(value))`"
  }

  private static func describe(_ owner: NearMiss.GroupOwner) -> String {
    switch owner {
    case .apps(let holders): "a group of \(holders.joined(separator: ", "))"
    case .unlistedAppGroup: "an app group the caller's entitlements do not list"
    case .ownTeam:
      "a group of the caller's team that its entitlements no longer list (an update "
        + "that drops a group leaves its items behind)"
    case .otherTeam(let prefix): "a group of another team (\(prefix))"
    }
  }

  private static func kind(_ value: StoredValue?) -> String {
    switch value {
    case .text?: "a string"
    case .blob?, .hash?: "data"
    case .integer?, .real?: "a number"
    case .null?, nil: "nothing"
    }
  }

  /// kSecAttrService, or the raw code when Security has no public name.
  private static func appleName(_ raw: String) -> String {
    SecConstants.name(forKey: raw) ?? raw
  }

  /// A stored or queried attribute value for a sentence: Apple's constant for a protection
  /// class, `` `text` `` otherwise, "no value" when missing. Never the item's data.
  private static func rendered(_ name: AttributeName, _ value: StoredValue?) -> String {
    if name == .accessible, case .text(let raw)? = value,
      let protection = ProtectionClass(rawValue: raw)
    {
      return protection.appleName
    }
    guard let text = ItemDescription.text(value) else { return "no value" }
    return "`\(short(text))`"
  }

  private static func short(_ text: String) -> String {
    text.count <= 60 ? text : String(text.prefix(57)) + "..."
  }
}
