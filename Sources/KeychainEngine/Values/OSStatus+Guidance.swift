import DeviceState

/// What a status means for someone calling SecItem on iOS, why it usually happens and what to
/// do about it: the text behind `keychain-sim explain <status>`. Plain sentences; the scenario
/// layer lays them out (`StatusExplainer.explanationText(for:width:)`).
///
/// Drawn from the evidence in docs/evidence.md (Security's `SecItemServer.c`, `SecDbQuery.c`,
/// `SecItem.m` and Apple's regression tests). Apple's own one-line message stays in
/// ``OSStatus/message``; this adds the context a trainer would give.
public struct OSStatusGuidance: Sendable, Hashable {
  /// What the code means, in one or two sentences.
  public let meaning: String
  /// The situations that produce it from the four SecItem calls, most common first.
  public let causes: [String]
  /// What to change in the app.
  public let fix: String
}

extension OSStatus {
  /// The guidance for this code; `nil` for a code outside the table.
  ///
  /// A `switch` rather than a dictionary: only the code asked for is built. The dictionary
  /// built every entry, and its `[Int32: …]` type by mangled name, at the first `explain`
  /// (4 % of the executable's start-up, docs/benchmarks.md).
  public var guidance: OSStatusGuidance? {
    switch self {
    case .errSecSuccess:
      OSStatusGuidance(
        meaning: "The call did what was asked.",
        causes: [
          "An add stored the item; a search found at least one match; an update or delete "
            + "changed every matching item.",
          "Also returned by SecItemAdd with kSecMatchLimit or another kSecMatch key, which "
            + "Apple's daemon accepts but then stores nothing (a known quirk of Security's "
            + "s3dl_query_add).",
        ],
        fix: "Nothing to fix. If a later read cannot find an item you just added, check that the "
          + "add had no kSecMatch key and that both calls use the same kSecAttrSynchronizable and "
          + "kSecAttrAccessGroup.")
    case .errSecUnimplemented:
      OSStatusGuidance(
        meaning: "The operation is not implemented for this item or on this platform.",
        causes: [
          "A certificate-only kSecMatch key (kSecMatchIssuers, kSecMatchPolicy, ...) used on "
            + "passwords.",
          "LocalAuthentication is not available to the process that needs to authenticate.",
        ],
        fix: "Remove the match key that does not apply to the item class, or run the call where "
          + "LocalAuthentication is available.")
    case .errSecDiskFull:
      OSStatusGuidance(
        meaning: "The keychain database could not be written because the disk is full.",
        causes: ["The device is out of storage."],
        fix: "Free storage and retry; treat it as transient and do not delete the user's items.")
    case .errSecIO:
      OSStatusGuidance(
        meaning: "The keychain database reported an I/O error (SQLite SQLITE_IOERR).",
        causes: ["A failing or full disk underneath the keychain database."],
        fix: "Retry later; report it rather than treating the item as missing.")
    case .errSecParam:
      OSStatusGuidance(
        meaning: "The query dictionary is malformed. Security reports dozens of distinct query "
          + "problems (errSecItemInvalidKey, errSecMatchLimitUnsupported, ...) all as -50.",
        causes: [
          "kSecClass missing from the query.",
          "kSecMatchLimit in SecItemDelete (even kSecMatchLimitAll) or in the query of "
            + "SecItemUpdate.",
          "kSecReturnData, kSecReturnAttributes, kSecReturnRef or kSecReturnPersistentRef in the "
            + "query of SecItemUpdate.",
          "kSecValueData that is not Data (a String, or nil).",
          "A kSecReturn... value that is not a Boolean.",
          "kSecAttrAccessible and kSecAttrAccessControl in the same dictionary.",
          "kSecAttrAccessControl that is not a SecAccessControl, or combined with "
            + "kSecAttrSynchronizable = true.",
          "kSecUseAuthenticationUISkip passed to SecItemAdd, SecItemUpdate or SecItemDelete.",
          "A key Security does not know (not a kSec... constant).",
        ],
        fix: "Build each dictionary for its call: class and identifying attributes in every query, "
          + "return and match keys only in SecItemCopyMatching (and return keys in SecItemAdd), "
          + "Data for kSecValueData, and the protection class inside the SecAccessControl when you "
          + "use one.")
    case .errSecAllocate:
      OSStatusGuidance(
        meaning: "Security could not allocate memory (SQLite SQLITE_NOMEM).",
        causes: ["Memory pressure in securityd or the app."],
        fix: "Retry; it is not about the query.")
    case .errSecUserCanceled:
      OSStatusGuidance(
        meaning: "The user dismissed the authentication prompt that an access-controlled item "
          + "needed (LAError.userCancel during the keychain's own evaluation).",
        causes: [
          "The user tapped Cancel on the Face ID / Touch ID or passcode sheet while reading an "
            + "item protected by kSecAttrAccessControl."
        ],
        fix: "Treat it as the user's choice: keep the item, do not retry in a loop, and offer "
          + "another way to continue.")
    case .errSecBadReq:
      OSStatusGuidance(
        meaning: "Bad parameter or invalid state for the operation.",
        causes: [
          "Not produced by the four SecItem calls on iOS; only by private SPIs such as "
            + "SecItemShareWithGroup."
        ],
        fix: "If you see it from SecItem on iOS, the call is not the one you think it is.")
    case .errSecInternalComponent:
      OSStatusGuidance(
        meaning: "An internal component failed (SQLite SQLITE_INTERNAL). Security has no message "
          + "text for it, so SecCopyErrorMessageString returns \"OSStatus -2070\".",
        causes: ["A fault inside the keychain daemon."],
        fix: "Retry; report it if it persists.")
    case .errSecNoAccessForItem:
      OSStatusGuidance(
        meaning: "The item has no access control (a macOS file-keychain code).",
        causes: ["Not used by the iOS SecItem path."],
        fix: "On iOS look at the status the call actually returns on a device.")
    case .errSecInvalidOwnerEdit:
      OSStatusGuidance(
        meaning: "An attempt to change the owner of an item (a macOS file-keychain code).",
        causes: ["Not used by the iOS SecItem path."],
        fix: "On iOS look at the status the call actually returns on a device.")
    case .errSecNotAvailable:
      OSStatusGuidance(
        meaning: "No keychain, or no class key, is available for the request.",
        causes: [
          "SecItemAdd with kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly on a device with no "
            + "passcode: the akpu class key only exists while a passcode is set (Apple test "
            + "secd-81 item_with_akpu).",
          "The connection to the keychain daemon failed.",
        ],
        fix: "Check for a passcode first "
          + "(LAContext().canEvaluatePolicy(.deviceOwnerAuthentication)) and fall back to kSecAttrAccessibleWhenUnlockedThisDeviceOnly, or ask the user to set "
          + "a passcode.")
    case .errSecReadOnly:
      OSStatusGuidance(
        meaning: "The keychain database is read-only (SQLite SQLITE_READONLY).",
        causes: ["The database was opened read-only, for example during a migration or restore."],
        fix: "Retry later.")
    case .errSecAuthFailed:
      OSStatusGuidance(
        meaning: "Authentication for an access-controlled item did not succeed. Every "
          + "LocalAuthentication failure except cancel and not-interactive ends up as -25293.",
        causes: [
          "Face ID / Touch ID did not match, or the user chose the fallback, while reading an item "
            + "with kSecAttrAccessControl.",
          "The item uses .biometryCurrentSet and the enrolled faces or fingers changed since it "
            + "was added: it can never be read again.",
          "Biometry is locked out after five failed attempts, or not enrolled, and the flags allow "
            + "no passcode fallback.",
          "The LAContext passed in kSecUseAuthenticationContext was invalidated.",
        ],
        fix: "Use .userPresence or [.biometryAny, .or, .devicePasscode] when a passcode fallback "
          + "is acceptable; with .biometryCurrentSet, treat -25293 after an enrollment change as "
          + "\"sign in again\", delete the item and store a new one.")
    case .errSecDuplicateItem:
      OSStatusGuidance(
        meaning: "An item with the same primary key already exists in the keychain. For generic "
          + "passwords the primary key is kSecAttrAccount, kSecAttrService, kSecAttrAccessGroup "
          + "and kSecAttrSynchronizable; kSecAttrAccessible and kSecAttrLabel are not part of it.",
        causes: [
          "SecItemAdd of an item that is already stored, often on an app's second launch.",
          "Adding the same account and service again with a different kSecAttrAccessible.",
          "The \"NotFound then Duplicate\" pitfall: a read that filtered on a non-key attribute "
            + "missed the item, then the add collided with it.",
          "SecItemUpdate that changes a key attribute to one another item already has.",
          "Two items with neither account nor service in the same group (both default to \"\").",
        ],
        fix: "Add, and on errSecDuplicateItem call SecItemUpdate with the same primary key and the "
          + "new kSecValueData (or update first and add on errSecItemNotFound). To change "
          + "accessibility, include kSecAttrAccessible in the attributes to update.")
    case .errSecItemNotFound:
      OSStatusGuidance(
        meaning: "No item matched the query. SecItemCopyMatching, SecItemUpdate and SecItemDelete "
          + "all return it when nothing matches.",
        causes: [
          "The item was never added, or was added with different key attributes.",
          "The item is synchronizable and the query does not say kSecAttrSynchronizable: "
            + "kSecAttrSynchronizableAny (queries without it see only non-synchronizable items).",
          "The item lives in an access group the app is no longer entitled to.",
          "A kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly item after the passcode was "
            + "removed: it was deleted with its class key.",
          "kSecUseAuthenticationUISkip skipped the only match because it needed authentication.",
          "An earlier SecItemAdd carried kSecMatchLimit and silently stored nothing.",
        ],
        fix: "Query with exactly the primary-key attributes you added with, and do not treat "
          + "errSecInteractionNotAllowed or other failures as \"not found\": only this code means "
          + "the item is absent.")
    case .errSecNoSuchAttr:
      OSStatusGuidance(
        meaning: "An attribute is not defined for the item's class, or is not allowed where it "
          + "was given.",
        causes: [
          "A key-only attribute such as kSecAttrApplicationTag in a kSecClassGenericPassword "
            + "query.",
          "kSecClass, a kSecMatch or kSecReturn key, or kSecUseAuthenticationContext in the "
            + "attributes to update of SecItemUpdate.",
        ],
        fix: "Use only attributes of the item's class, and pass only attributes (and "
          + "kSecValueData) as the second argument of SecItemUpdate.")
    case .errSecNoSuchClass:
      OSStatusGuidance(
        meaning: "kSecClass is a string but not one of the five item classes.",
        causes: ["A misspelled or made-up kSecClass value."],
        fix: "Use kSecClassGenericPassword, kSecClassInternetPassword, kSecClassCertificate, "
          + "kSecClassKey or kSecClassIdentity.")
    case .errSecInteractionNotAllowed:
      OSStatusGuidance(
        meaning: "The keychain cannot give out the item right now without the user: the item's "
          + "protection class key is unavailable because the device is locked, or reading it "
          + "needs an authentication prompt that cannot be shown. The item still exists.",
        causes: [
          "Reading or adding a kSecAttrAccessibleWhenUnlocked item (the default) while the device "
            + "is locked, e.g. from a background refresh, a silent push or prewarming at 3 a.m. "
            + "Class A keys are discarded about 10 seconds after the device locks.",
          "Reading a kSecAttrAccessibleAfterFirstUnlock item after a reboot, before the user has "
            + "unlocked the device once.",
          "An access-controlled item read with kSecUseAuthenticationUIFail, or with an LAContext "
            + "whose interactionNotAllowed is true, or from the background.",
        ],
        fix: "Choose the accessibility for when the app needs the item: "
          + "kSecAttrAccessibleAfterFirstUnlock for anything read in the background. Never treat "
          + "-25308 as \"not found\" or \"logged out\": keep the session and retry after "
          + "UIApplication.protectedDataDidBecomeAvailableNotification. To migrate an existing "
          + "item, SecItemUpdate its kSecAttrAccessible while the device is unlocked.")
    case .errSecInteractionRequired:
      OSStatusGuidance(
        meaning: "User interaction is required (a macOS file-keychain code).",
        causes: ["Not returned by the iOS SecItem path; iOS uses errSecInteractionNotAllowed."],
        fix: "On iOS handle errSecInteractionNotAllowed (-25308) instead.")
    case .errSecDataNotAvailable:
      OSStatusGuidance(
        meaning: "The keychain database handle is unavailable.",
        causes: ["The keychain daemon could not open its database."],
        fix: "Retry later; report it if it persists.")
    case .errSecAuthNeeded:
      OSStatusGuidance(
        meaning: "Internal: the keychain daemon tells the Security client that authentication "
          + "is needed, and the client then runs the LocalAuthentication prompt loop.",
        causes: ["Apps do not normally see it; SecItem retries after authenticating."],
        fix: "If it reaches your code, report it.")
    case .errSecDecode:
      OSStatusGuidance(
        meaning: "An item could not be decoded or decrypted.",
        causes: [
          "A corrupt or permanently undecryptable item; SecItemCopyMatching normally skips such "
            + "items instead of returning this."
        ],
        fix: "Delete the item and store it again.")
    case .errSecInternal:
      OSStatusGuidance(
        meaning: "An internal error in the Security framework (an error from an unknown domain).",
        causes: ["A fault inside Security."],
        fix: "Retry; report it if it persists.")
    case .errSecMissingEntitlement:
      OSStatusGuidance(
        meaning: "The app is not entitled to the keychain, or to the access group the call names.",
        causes: [
          "kSecAttrAccessGroup names a group that is not in the app's keychain-access-groups, "
            + "application-identifier or application-groups entitlements.",
          "The process has no keychain entitlements at all: unit tests without a host app, an "
            + "unsigned build.",
          "Writing to the com.apple.token group.",
          "The access group lacks the team ID prefix (write $(AppIdentifierPrefix)group.name).",
        ],
        fix: "Add the Keychain Sharing capability with the group, prefix groups with the team ID, "
          + "and give unit tests a host app. Omit kSecAttrAccessGroup to use the app's default "
          + "group.")
    case .errSecUpgradePending:
      OSStatusGuidance(
        meaning: "The keychain database needs a schema migration but the device is locked.",
        causes: ["The first keychain access after an OS update, before the user unlocks."],
        fix: "Retry after the device is unlocked.")
    case .errSecRestrictedAPI:
      OSStatusGuidance(
        meaning: "The client is restricted and may not perform this operation.",
        causes: [
          "An App Clip adding a synchronizable item or using an access group other than its own."
        ],
        fix: "In App Clips, store items only in the clip's own group and without "
          + "kSecAttrSynchronizable.")
    default:
      nil
    }
  }
}
