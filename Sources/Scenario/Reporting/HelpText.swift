import Keychain
import ScenarioLanguage

/// The REPL's `help` and `help <topic>`: the statements of the scenario language, grouped as the
/// spec groups them.
enum HelpText {
  /// The text of each topic of ``Vocabulary/HelpTopic``, in the order `help` lists them.
  static let topics: [(topic: Vocabulary.HelpTopic, summary: String, body: String)] = [
    (.device, "passcode, lock, unlock, reboot, wait, several devices, icloud", device),
    (.keychain, "SecItemAdd, SecItemCopyMatching, SecItemUpdate, SecItemDelete", keychain),
    (.apps, "install apps and extensions, app use, uninstall, transfer", apps),
    (.biometry, "Face ID / Touch ID, user answers, LAContext, background", biometry),
    (.let, "bind a query dictionary or an access control to a name", bindings),
    (.expect, "check the last outcome or the device state", expect),
    (.show, "show device, show items, say", show),
    (.accessibility, "which kSecAttrAccessible value is readable in which lock state", ""),
    (.repl, "keys, continuation lines, save, load, reset, quit", repl),
  ]

  /// The overview for `help`, or one topic's text; an unknown topic gets the overview with a
  /// "did you mean".
  static func text(for topic: String?) -> String {
    guard let topic else { return overview }
    let wanted = topic.lowercased()
    if let chosen = Vocabulary.HelpTopic(rawValue: wanted) ?? aliases[wanted],
      let match = topics.first(where: { $0.topic == chosen })
    {
      return chosen == .accessibility ? AccessibilityTable.text : match.body
    }
    let suggestion = Suggestion.nearest(
      to: wanted, in: Vocabulary.HelpTopic.allCases.map(\.rawValue))
    return "no help topic '\(topic)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
      + "\n\n" + overview
  }

  /// The topic for a word of the language (`help wait`, `help SecItemAdd`, `help faceID`),
  /// lowercased, from the vocabulary's table; where a word has two uses, the statement's wins.
  /// Also a few names people try (`help entitlements`).
  private static let aliases: [String: Vocabulary.HelpTopic] = {
    var aliases: [String: Vocabulary.HelpTopic] = [
      "secitem": .keychain, "bindings": .let, "expectations": .expect, "keys": .repl,
      "entitlements": .apps, "lacontext": .biometry, "ksecattraccessible": .accessibility,
      "lock": .accessibility, "protection": .accessibility,
      // Several devices (`device add`, `icloud`, `backup`, `transfer`) are `help device`'s.
      "devices": .device,
    ]
    func add(_ words: [String], _ topic: Vocabulary.HelpTopic) {
      for word in words where aliases[word.lowercased()] == nil {
        aliases[word.lowercased()] = topic
      }
    }
    for statement in Vocabulary.StatementWord.allCases {
      add([statement.rawValue], statement.helpTopic)
    }
    add(Vocabulary.secItemFunctions, .keychain)
    add(Vocabulary.secKeyFunctions, .keychain)
    add(Vocabulary.words(of: Vocabulary.DeviceWord.self), .device)
    add(Vocabulary.words(of: Vocabulary.ICloudWord.self), .device)
    add(Vocabulary.words(of: Vocabulary.BackupWord.self), .device)
    add(Vocabulary.words(of: DevicePlatform.self), .device)
    add(Vocabulary.words(of: Vocabulary.AppWord.self), .apps)
    add(Vocabulary.words(of: Vocabulary.AppInstallOption.self), .apps)
    add(Vocabulary.words(of: Vocabulary.BiometryWord.self), .biometry)
    add(Vocabulary.words(of: BiometryKind.self), .biometry)
    add(Vocabulary.words(of: Vocabulary.AnswerWord.self), .biometry)
    add(Vocabulary.words(of: Vocabulary.ContextMember.self), .biometry)
    add(Vocabulary.words(of: Vocabulary.ExpectWord.self), .expect)
    add(Vocabulary.words(of: ShowTopic.self), .show)
    add(Vocabulary.words(of: Vocabulary.REPLWord.self), .repl)
    add(ProtectionClass.allCases.map(\.appleName), .accessibility)
    return aliases
  }()

  private static var overview: String {
    let width = topics.map(\.topic.rawValue.count).max() ?? 0
    let list = topics.map {
      "  help "
        + $0.topic.rawValue.padding(
          toLength: width + 2, withPad: " ",
          startingAt: 0) + $0.summary
    }
    return
      (["Statements are the scenario language's; type one per line.", ""] + list + [
        "",
        "  explain <status>   what an OSStatus means (errSecInteractionNotAllowed, -25308);",
        "                     explain alone: the last outcome",
        "  save <file>        the session's statements as a scenario   load <file>  play one",
        "  reset              a fresh device      quit   leave (Ctrl-D too)",
      ]).joined(separator: "\n")
  }

  /// The words `device add` takes, from the platforms themselves (as the parser reads them).
  private static let platformWords = DevicePlatform.allCases.map(\.rawValue).joined(separator: "|")

  private static let device = """
    device passcode <digits>            set a passcode (only when none is set)
    device passcode change <old> <new>
    device passcode remove <current>    akpu items are destroyed with their class key
    device lock                         class A keys are discarded 10 s later
    device unlock <digits>              a wrong passcode counts a failed attempt
    device unlock biometry              Face ID / Touch ID on the lock screen (help biometry)
    device reboot                       back before first unlock: classes A and C unavailable
    wait <duration>                     advance the simulated clock: 500ms, 10s, 5m, 3h, 1h30m
                                        (every device's: time is the user's)
    An alphanumeric passcode is a string literal: device passcode "s3cret-pass".
    Several devices:
    device add <name> [\(platformWords)]   another of the user's devices
    device use <name>                   the next statements act on it (show devices)
    icloud sign-in <apple-id>           sign the current device into an Apple Account
    icloud sign-out                     its items stay on the device
    icloud keychain on|off              iCloud Keychain for the account, on this device
    icloud sync                         the account's devices sync now (wait does too)
    show cloud                          the account's iCloud Keychain records, no data
    mac app <bundleID> signed|ad-hoc|catalyst|daemon
                                        how an installed app runs on the current Mac: which
                                        keychains its SecItem calls reach (the default: signed)
    Backup, restore and a new phone:
    backup create <name> encrypted password "..."   the whole keychain; moves to a new device
    backup create <name> unencrypted|icloud         same device only
    backup restore <name> [password "..."]          onto this device, merging (newer wins)
    backup list                         the backups made so far
    backup inspect <name>               what anyone holding it reads: an unencrypted one's
                                        app preferences, never the keychain
    transfer from <device>              Quick Start onto this device: all but ThisDeviceOnly
    """

  private static let apps = """
    app install <bundleID> team <TEAMID> [keychain-access-groups g1,g2] [app-groups g1]
                [extension-of <hostBundleID> [widget|notification-service|intents|share|action]]
                [no-entitlements]       install, update (new entitlements) or reinstall;
                                        widgets, notification service and intents extensions
                                        cannot show a prompt
    app use <bundleID>                  later calls come from this app or extension
    app uninstall <bundleID>            delete it (and its extensions); its items stay
    app transfer <bundleID> team <T>    App Store transfer: old team's groups out of reach
    app defaults set <key> "value"      UserDefaults.standard.set: a file in every backup
    app defaults remove <key>           UserDefaults.standard.removeObject(forKey:)
    keychain reset [<bundleID>]         delete every item in the app's groups (simulator only)
    show apps                           apps, hosts and access groups in Apple's order
    Access groups: keychain-access-groups, then <TEAMID>.<bundleID>, then app groups; the
    first is the default for SecItemAdd. $(AppIdentifierPrefix) expands to <TEAMID>.
    The cross-platform package (its SecItem calls on Apple devices, per-app on Android):
    app install ... expo-plugin g1,g2   its Expo plugin: existing groups and the app's own
                                        group first, then <TEAMID>.g1, <TEAMID>.g2
    let kc = createKeychain(service: "s", accessGroup: "<TEAMID>.g")   accessGroup optional
    kc.setItem("key", "value")   kc.getItem("key")   kc.deleteItem("key")
    expect success | MISSING_ENTITLEMENT | KEYCHAIN_ERROR | result "v" | no result (null)
    """

  private static let biometry = """
    biometry type faceID|touchID|none   the hardware
    biometry enroll <name>              enrol a face or finger (needs a passcode)
    biometry remove <name>              every change invalidates .biometryCurrentSet items
    device unlock biometry              unlock the lock screen (not after a reboot)
    user will match|fail|cancel|fallback|enter <passcode> [<n> times]
                                        queue answers for the next prompts (the REPL asks);
                                        each must be one the sheet offers: Face ID shows the
                                        fallback only after 2 failed scans, then stops scanning;
                                        Touch ID shows it after 1 and ends after 3
    app background | app foreground     no prompt can be shown in the background
    let ctx = LAContext()
    ctx.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Sign in")
    ctx.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics)
    ctx.touchIDAuthenticationAllowableReuseDuration = 10   (lock-screen unlocks only)
    ctx.interactionNotAllowed = true    ctx.invalidate()
    expect success | LAError.<name> | true | false | prompt | no prompt
    """

  private static let keychain = """
    SecItemAdd <dict>                   also SecItemAdd(<dict> as CFDictionary, &result)
    SecItemCopyMatching <dict>
    SecItemUpdate <query> <attributes>
    SecItemDelete <dict>

    <dict> is a Swift dictionary literal with Apple's names, a name bound with let, or
    <dict> + <dict> (the right side wins):
      SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "alice",
                  kSecValueData: "s3cret"]
    A string given for kSecValueData means its UTF-8 bytes.

    Keys, in Apple's Swift call forms (&error or nil last):
    let key = SecKeyCreateRandomKey([kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom,
        kSecAttrKeySizeInBits: 256, kSecAttrTokenID: kSecAttrTokenIDSecureEnclave,
        kSecPrivateKeyAttrs: [kSecAttrIsPermanent: true, kSecAttrAccessControl: ac]], &error)
    let sig = SecKeyCreateSignature(key, .ecdsaSignatureMessageX962SHA256, "challenge", &error)
    let pub = SecKeyCopyPublicKey(key)
    SecKeyVerifySignature(pub, .ecdsaSignatureMessageX962SHA256, "challenge", sig, &error)
    SecKeyCreateEncryptedData / SecKeyCreateDecryptedData(key, .algorithm, data, &error)
    SecKeyCopyExternalRepresentation(key, &error), SecKeyCopyAttributes(key)
    SecItemCopyMatching [kSecClass: kSecClassKey, ..., kSecReturnRef: true], then
    let key = result   binds the key found; show keys lists the stored keys.
    """

  private static let bindings = """
    let <name> = <dict>
    let <name> = SecAccessControlCreateWithFlags(nil, <accessibility>, <flags>, nil)
    let <name> = LAContext()            a context for evaluatePolicy (help biometry)
    let <name> = "alice"                any value, usable inside a dictionary
    <name>[kSecValueData as String] = "s3cret".data(using: .utf8)!
                                        adds or replaces one key of a bound dictionary

      let token = [kSecClass: kSecClassGenericPassword, kSecAttrService: "auth"]
      SecItemCopyMatching token + [kSecReturnData: true]
    """

  private static let expect = """
    expect <status>                     errSecItemNotFound, or a number such as -25300
    expect result <value>               a string matches data holding its UTF-8 bytes; a
                                        dictionary must be contained in the result; an array
                                        compares element by element
    expect result strictly <value>      the same, but a string never matches data
    expect result has no [key] <key>    the returned dictionary lacks the key
    expect no result
    expect count <n>                    0 for none, 1 for a single object, else the array size
    expect device locked | unlocked | beforeFirstUnlock
    expect prompt | no prompt           whether the last statement showed the user a prompt
    expect prompts <n>                  how many prompts it showed (each try, each sheet)
    expect refused                      the last device, biometry or app statement was refused
    expect success | LAError.<code> | true | false
                                        the last LAContext evaluation (help biometry)
    expect result kSecAttrModificationDate later than created
                                        a returned date against a bound earlier result
                                        (also earlier than, or == "2025-01-01T00:00:00Z")
    expect sheet offers cancel, fallback
                                        exactly what the last sheet offered
    expect ctx.biometryType == .faceID  a bound LAContext's biometryType
    expect ctx.evaluatedPolicyDomainState == nil
                                        nil until canEvaluatePolicy or a biometric match
    expect a.evaluatedPolicyDomainState != b.evaluatedPolicyDomainState
                                        whether enrolment changed between two evaluations
    let ref = result                    bind what the last call returned, to pass it back
    """

  private static let show = """
    show device                         lock state, passcode, biometry, clock, caller
    show items                          every item, attributes only (never the data)
    show apps                           apps, hosts and access groups in Apple's order
    show devices                        the user's devices, accounts, iCloud Keychain
    show cloud                          the account's iCloud Keychain records, no data
    show keys                           the stored keys: class, type, size, tag, Secure
                                        Enclave or not, access control (never key bytes)
    say "<text>"                        narration in the transcript
    """

  private static let repl = """
    A statement continues on the next line while a [ or ( is open (prompt …).
    Tab completes the words that fit where the cursor is: after device, biometry, app,
    user will, help, show, expect and explain their words; LAError. and ctx. members; Apple
    names and bound names inside a dictionary.
    Up/Down recall history, a multi-line statement as one entry (kept in
    ~/.keychain-sim_history with passcodes and item data masked as ••••; replace •••• before
    running a recalled entry; KEYCHAIN_SIM_HISTORY=<path> moves it, empty for none); Ctrl-R
    searches it.
    Ctrl-C abandons the statement being typed (all its lines), or cancels a Face ID, Touch ID
    or passcode sheet; Ctrl-D or quit leaves.
    Item data a call returns shows as its length, <6 bytes: ••••>; start the REPL with
    --show-secrets to see it (expect result checks the real data either way).
    save <file>                         write the statements played so far as a scenario
                                        (with their secrets: the file is made 0600)
    load <file>                         play a scenario file into this session
    reset                               a fresh device: no passcode, unlocked, no items, and
                                        every name bound with let forgotten
    explain                             what the last outcome means
    explain <status>                    what a status means, its causes and the fix
    explain LAError.<code>              what an LAContext error means
    """
}
