import DeviceState
import ItemStore

/// Turns a ``SecItemFailure/Kind`` into the explanation the transcript prints: what happened,
/// naming keys by Apple's constants, and the usual fix. The one place these words live.
package enum SecItemFailureRenderer {
  package typealias Kind = SecItemFailure.Kind

  static func explanation(of kind: Kind) -> Explanation {
    let (cause, fix) = words(kind)
    return Explanation(cause: cause, fix: fix)
  }

  private static func words(_ kind: Kind) -> (String, String?) {
    switch kind {
    case .tooManyKeys(let count, let limit):
      return (
        "the dictionary has \(count) keys; Security refuses more than "
          + "\(limit) (\"Past query key limit\")",
        "pass only the attributes that identify or describe the item"
      )
    case .missingClass:
      return (
        "the dictionary has no kSecClass (\"class\")",
        "add kSecClass: kSecClassGenericPassword (or InternetPassword, Certificate, Key)"
      )
    case .unknownClass(let raw):
      return (
        "kSecClass \"\(raw)\" is not a keychain item class",
        "use kSecClassGenericPassword (\"genp\"), kSecClassInternetPassword (\"inet\"), "
          + "kSecClassCertificate (\"cert\") or kSecClassKey (\"keys\")"
      )
    case .unknownKey(let key, let function):
      return (
        "\(KeyName.of(key)) is not a key \(function) understands",
        "use a kSecClass, kSecAttr*, kSecMatch*, kSecReturn*, kSecUse* or kSecValue* constant"
      )
    case .wrongType(let key, let got):
      return wrongType(key, got: got)
    case .valueRefUnsupported:
      return (
        "kSecValueRef (\"v_Ref\") needs a SecKeyRef, SecCertificateRef or SecIdentityRef; "
          + "passwords have no refs (errSecValueRefUnsupported) and this simulator models none",
        "identify the item by its attributes (kSecAttrAccount, kSecAttrService, ...)"
      )
    case .accessibleWithAccessControl:
      return (
        "the dictionary has both kSecAttrAccessible (\"pdmn\") and kSecAttrAccessControl "
          + "(\"accc\"); Security reports \"conflicting kSecAccess and kSecAccessControl "
          + "attributes\"",
        "drop kSecAttrAccessible: the access control object already carries the "
          + "protection class"
      )
    case .persistentRefWithAttributes(let keys):
      let names = keys.map { KeyName.of($0) }.joined(separator: ", ")
      return (
        "kSecValuePersistentRef cannot be combined with attributes (\(names)): \"both "
          + "persistent ref and other attributes can't be searched\"",
        "search by the persistent reference alone, or by attributes alone"
      )
    case .malformedPersistentRef(let length):
      return (
        "kSecValuePersistentRef is \(length) bytes that are not a persistent reference (a "
          + "12-byte reference holds a class code and a row id); Security reports \"value is "
          + "not a valid persistent ref\" (errSecItemInvalidValue)",
        "pass the data a kSecReturnPersistentRef query returned, unchanged"
      )
    case .unknownProtection(let raw, let key):
      return (
        "\(KeyName.of(key)): accessible value \(raw) is not a kSecAttrAccessible constant "
          + "(\"SecAccessControl: invalid protection\")",
        "use kSecAttrAccessibleWhenUnlocked, kSecAttrAccessibleAfterFirstUnlock, their "
          + "ThisDeviceOnly variants or kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"
      )
    case .noSuchAttribute(let name, let itemClass):
      return (
        "\(KeyName.of(name)) is not an attribute of \(SecConstants.className(itemClass)) items",
        "remove it, or use the item class that has it"
      )
    case .unconvertible(let name, let got, let expected):
      return (
        "\(KeyName.of(name)): \(phrase(got)) cannot be converted to the attribute's type "
          + "(\"failed to convert\")",
        expectedType(expected)
      )
    case .internalAttribute(let name):
      return (
        "\(KeyName.of(name)) is an internal attribute; apps may not pass it",
        "remove \(SecConstants.name(forKey: name.rawValue) ?? name.rawValue) from the "
          + "dictionary"
      )
    case .accessControlSynchronizable:
      return (
        "kSecAttrAccessControl with kSecAttrSynchronizable = true: \"item with "
          + "kSecAttrAccessControl is not synchronizable\" (every SecAccessControl carries an "
          + "ACL, even with no flags)",
        "drop kSecAttrSynchronizable, or use kSecAttrAccessible instead of an access "
          + "control object"
      )
    case .authenticationUISkipOutsideCopy(let function):
      return (
        "kSecUseAuthenticationUI = kSecUseAuthenticationUISkip is only meaningful to "
          + "SecItemCopyMatching; \(function) refuses it",
        "remove kSecUseAuthenticationUI from this call"
      )
    case .contextWithCredentialReference:
      return (
        "kSecUseAuthenticationContext and kSecUseCredentialReference cannot be used together",
        "pass only kSecUseAuthenticationContext"
      )
    case .addWithPersistentRef:
      return (
        "SecItemAdd does not take kSecValuePersistentRef (errSecValuePersistentRefUnsupported)",
        "pass the item's attributes and kSecValueData instead"
      )
    case .returnKeyInUpdate(let key):
      return (
        "SecItemUpdate's query contains \(KeyName.of(key)); iOS refuses return keys in an "
          + "update (macOS ignores them)",
        "remove the kSecReturn* keys; read the item back with SecItemCopyMatching"
      )
    case .matchKeyInUpdate(let key):
      return (
        "SecItemUpdate's query contains \(KeyName.of(key)): \"match not supported in "
          + "attributes to update\"; an update always changes every matching item",
        "remove \(KeyName.of(key)); narrow the query with attributes instead"
      )
    case .matchKeyInDelete(let key):
      return (
        "SecItemDelete does not accept \(KeyName.of(key)) (\"match not supported by "
          + "delete\"), not even kSecMatchLimitAll; a delete always removes every match",
        "remove \(KeyName.of(key))"
      )
    case .notUpdatable(let key):
      return (
        "attributesToUpdate contains \(KeyName.of(key)), which is not an attribute that can "
          + "be updated",
        "put kSecClass, kSecMatch*, kSecReturn* and kSecUse* keys in the query argument, "
          + "and only the new attribute values (and kSecValueData) in attributesToUpdate"
      )
    case .noEntitlements(let bundleID, let function):
      return (
        "\(bundleID) has neither an application-identifier nor a "
          + "keychain-access-groups entitlement, so \(function) has no access group to use "
          + "(\"Client has neither application-identifier nor keychain-access-groups "
          + "entitlements\"); the usual cause is a unit-test bundle run without a host app, or "
          + "an unsigned tool",
        "give the test target a host application (or sign the app with a team), so that "
          + "it has an application-identifier"
      )
    case .tokenGroupReadOnly(let group):
      return (
        "kSecAttrAccessGroup \(group) (kSecAttrAccessGroupToken) holds CryptoTokenKit items "
          + "and is read-only for apps",
        "store the item in one of your own groups"
      )
    case .groupNotEntitled(let refusal):
      return groupNotEntitled(refusal)

    // MARK: Engine
    case .classLocked(let item, let protection, let availability, let action):
      return (
        "\(phrase(action)) \(describe(item)), which is \(protection.appleName) (data "
          + "protection class \(protection.tier.letter)); \(LockExplanation.reason(availability)); this "
          + "is not corruption, do not delete the item",
        LockExplanation.fix(for: protection, availability: availability)
      )
    case .cannotAdd(let item, let protection, let availability):
      return (
        "cannot add \(describe(item)) as \(protection.appleName) (data protection class "
          + "\(protection.tier.letter)): "
          + LockExplanation.reason(availability),
        LockExplanation.fix(for: protection, availability: availability)
      )
    case .akpuWithoutPasscode(let item):
      return (
        "cannot store \(describe(item)) as kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly "
          + "(data protection class A): no passcode is set, and that value can only be stored while one is",
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
    case .noIdentity(let groups):
      return (
        "no identity matches: an identity is a certificate joined with its private key, and "
          + "there is no certificate"
          + (groups.map { " in the caller's access groups (\($0.joined(separator: ", ")))" }
            ?? ""),
        "add the certificate (kSecClassCertificate) and its private key (kSecClassKey) first"
      )
    case .skippedByAuthenticationUI:
      return ("skipped because of kSecUseAuthenticationUISkip", nil)
    case .authenticationDenied(let denial):
      return words(denial)
    case .unsupported(let feature):
      return ("not simulated yet: \(describe(feature))", fix(feature))
    }
  }

  private static func wrongType(_ key: SecItemFailure.WrongTypeKey, got: SecValueType)
    -> (String, String?)
  {
    let type = phrase(got)
    switch key {
    case .itemClass:
      return (
        "kSecClass (\"class\") must be a string constant, got \(type)",
        "use kSecClassGenericPassword, kSecClassInternetPassword, kSecClassCertificate or "
          + "kSecClassKey"
      )
    case .returnKey(let returnKey):
      return (
        "\(KeyName.of(returnKey)) must be a CFBoolean, got \(type)",
        "pass true (kCFBooleanTrue); an integer 1 is not a CFBoolean"
      )
    case .authenticationUI:
      return (
        "kSecUseAuthenticationUI (\"u_AuthUI\") must be a string constant, got \(type)",
        "use kSecUseAuthenticationUIAllow, kSecUseAuthenticationUIFail or "
          + "kSecUseAuthenticationUISkip"
      )
    case .authenticationContext:
      return (
        "kSecUseAuthenticationContext (\"u_AuthCtx\") must be an LAContext, got \(type)",
        "pass the LAContext itself"
      )
    case .valueData:
      return (
        "kSecValueData (\"v_Data\") must be CFData, got \(type)",
        "pass Data, e.g. Data(\"secret\".utf8)"
      )
    case .valuePersistentRef:
      return (
        "kSecValuePersistentRef (\"v_PersistentRef\") must be CFData, got \(type)",
        "pass the data a kSecReturnPersistentRef query returned"
      )
    case .accessControl:
      return (
        "kSecAttrAccessControl (\"accc\") must be a SecAccessControl, got \(type) "
          + "(\"Unexpected type of kSecAttrAccessControl attribute\")",
        "create it with SecAccessControlCreateWithFlags"
      )
    case .accessible:
      return (
        "kSecAttrAccessible (\"pdmn\") must be a kSecAttrAccessible constant, got \(type)",
        "use kSecAttrAccessibleWhenUnlocked, kSecAttrAccessibleAfterFirstUnlock, ..."
      )
    case .synchronizable:
      return (
        "kSecAttrSynchronizable (\"sync\") must be a boolean or "
          + "kSecAttrSynchronizableAny, got \(type)",
        "pass true, false or kSecAttrSynchronizableAny"
      )
    case .matchLimit:
      return (
        "kSecMatchLimit (\"m_Limit\") must be a number, kSecMatchLimitOne or "
          + "kSecMatchLimitAll, got \(type)",
        "use kSecMatchLimitAll to get every match, or a number"
      )
    }
  }

  private static func groupNotEntitled(_ refusal: SecItemFailure.GroupRefusal)
    -> (String, String?)
  {
    let group = refusal.group
    let (mistake, fix): (String?, String)
    switch refusal.mistake {
    case .missingTeamPrefix(let prefixed):
      (mistake, fix) = (
        "the group is written without the team prefix: the app's group is \(prefixed)",
        "write kSecAttrAccessGroup as \"\(prefixed)\" (in code the team id is spelt out; "
          + "$(AppIdentifierPrefix) only expands in the entitlements file)"
      )
    case .unexpandedBuildSetting(let teamID):
      (mistake, fix) = (
        "build settings such as $(AppIdentifierPrefix) expand only in the entitlements file, "
          + "never in a string in code",
        "write the expanded group, such as \(teamID).<group>"
      )
    case .otherTeam(let team, let appTeam, let rest):
      (mistake, fix) = (
        "the group belongs to team \(team), and an app of team \(appTeam) can never be "
          + "entitled to another team's group",
        "share through a group of your own team, such as \(appTeam).\(rest)"
      )
    case .extensionWithoutHostGroup(let host, let bundleID):
      let capability = group.hasPrefix("group.") ? "App Groups" : "Keychain Sharing"
      (mistake, fix) = (
        "its host app \(host) is entitled to it, but an extension is its own "
          + "executable with its own entitlements and inherits nothing from its host",
        "add the \(capability) capability with \(group) to the extension target "
          + "(\(bundleID)) too"
      )
    case .appGroup(let bundleID):
      (mistake, fix) = (
        "app groups come from the com.apple.security.application-groups entitlement",
        "add the App Groups capability with \(group) to \(bundleID)'s target"
      )
    case .updateIntoForeignGroup:
      (mistake, fix) = (
        "an update may move an item only into a group the app is entitled to",
        "add \(group) to the app's keychain-access-groups before moving items into it"
      )
    case .notListed(let defaultGroup):
      (mistake, fix) = (
        nil,
        "add \(group) to the app's keychain-access-groups (or app groups), or omit "
          + "kSecAttrAccessGroup to use \(defaultGroup ?? "the default group")"
      )
    }
    return (
      "\(refusal.function) names kSecAttrAccessGroup \(group), but \(refusal.bundleID) is only "
        + "entitled to \(refusal.entitled.joined(separator: ", ")) (\"Client explicitly "
        + "specifies access group ... but is only entitled for ...\")"
        + (mistake.map { "; " + $0 } ?? ""),
      fix
    )
  }

  /// "a string", "CFData", ... for messages that say what type was passed.
  package static func phrase(_ type: SecValueType) -> String {
    switch type {
    case .string: "a string"
    case .data: "CFData"
    case .number: "a number"
    case .bool: "a boolean"
    case .date: "a date"
    case .array: "an array"
    case .dictionary: "a dictionary"
    case .accessControl: "a SecAccessControl"
    case .authenticationContext: "an LAContext"
    case .keychainItemReference: "a SecKeychainItemRef"
    case .null: "NULL"
    }
  }

  private static func expectedType(_ kind: AttributeKind) -> String {
    switch kind {
    case .blob: "pass a string or Data"
    case .data: "pass Data"
    case .string: "pass a string"
    case .number: "pass a number or a boolean"
    case .date: "pass a Date"
    case .bool: "pass true or false"
    }
  }

  /// The feature a ``SecItemFailure/UnsimulatedFeature`` names, for ``SimulationLimitation``.
  static func describe(_ feature: SecItemFailure.UnsimulatedFeature) -> String {
    switch feature {
    case .identityClass:
      "kSecClassIdentity (identities are a join of a certificate and its private key)"
    case .returnRef(let itemClass):
      "kSecReturnRef for \(SecConstants.className(itemClass)) items (SecKeyRef "
        + "and SecCertificateRef values); nothing was changed"
    case .authentication(let factor): AuthenticationRefusalRenderer.describe(factor)
    }
  }
}
