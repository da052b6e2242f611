import Testing

/// The fixes a trainee is likely to try for each exercise, right and wrong (issue 27): every
/// wrong one must fail the exercise's checks, saying why, and every right one must pass them.
/// `ExerciseFixTests` plays each row; docs/training.md lists the same fixes for trainers.
struct ExerciseFix: Sendable, CustomTestStringConvertible {
  let exercise: String
  let name: String
  /// The app part, put between `# BEGIN APP` and `# END APP`.
  let app: String
  /// nil for a right fix; for a wrong one, words the failure report must contain: the failed
  /// statement, a pitfall's words or the `# Check:` hint of the check that fires.
  let fails: String?

  var testDescription: String { "\(exercise): \(fails == nil ? "right" : "wrong"): \(name)" }

  static func right(_ exercise: String, _ name: String, _ app: String) -> ExerciseFix {
    ExerciseFix(exercise: exercise, name: name, app: app, fails: nil)
  }

  static func wrong(_ exercise: String, _ name: String, _ app: String, fails: String)
    -> ExerciseFix
  {
    ExerciseFix(exercise: exercise, name: name, app: app, fails: fails)
  }
}

extension ExerciseFix {
  /// The hint shown when an item is readable before the first unlock.
  static let deprecated = "kSecAttrAccessibleAlways and AlwaysThisDeviceOnly are deprecated"

  static let all: [ExerciseFix] = [
    // 1: the 3 a.m. refresh.
    .right(
      "01-three-am-refresh", "AfterFirstUnlock",
      #"SecItemAdd token + [kSecValueData: "r1", kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock]"#
    ),
    .right(
      "01-three-am-refresh", "AfterFirstUnlockThisDeviceOnly",
      #"SecItemAdd token + [kSecValueData: "r1", kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly]"#
    ),
    .wrong(
      "01-three-am-refresh", "Always",
      #"SecItemAdd token + [kSecValueData: "r1", kSecAttrAccessible: kSecAttrAccessibleAlways]"#,
      fails: deprecated),
    .wrong(
      "01-three-am-refresh", "AlwaysThisDeviceOnly",
      #"SecItemAdd token + [kSecValueData: "r1", kSecAttrAccessible: kSecAttrAccessibleAlwaysThisDeviceOnly]"#,
      fails: deprecated),
    .wrong(
      "01-three-am-refresh", "WhenUnlocked spelt out",
      #"SecItemAdd token + [kSecValueData: "r1", kSecAttrAccessible: kSecAttrAccessibleWhenUnlocked]"#,
      fails: "the night read must work without the user"),
    .wrong(
      "01-three-am-refresh", "WhenUnlockedThisDeviceOnly",
      #"SecItemAdd token + [kSecValueData: "r1", kSecAttrAccessible: kSecAttrAccessibleWhenUnlockedThisDeviceOnly]"#,
      fails: "the night read must work without the user"),
    .wrong(
      "01-three-am-refresh", "AfterFirstUnlock behind user presence",
      """
      SecItemAdd token + [kSecValueData: "r1", kSecAttrAccessControl:
          SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleAfterFirstUnlock, .userPresence, nil)]
      """,
      fails: "behind user presence or biometry"),
    .wrong(
      "01-three-am-refresh", "an empty app part", "", fails: "the sign-in must save the token"),

    // 2: before first unlock.
    .right(
      "02-before-first-unlock", "read, and leave the item alone",
      "SecItemCopyMatching key + [kSecReturnData: true]"),
    .right(
      "02-before-first-unlock", "read, and say it will try later",
      """
      SecItemCopyMatching key + [kSecReturnData: true]
      say "not yet: the push is handled after the first unlock"
      """),
    .wrong(
      "02-before-first-unlock", "the shipped repair: delete, add a fresh key",
      """
      SecItemCopyMatching key + [kSecReturnData: true]
      SecItemDelete key
      SecItemAdd key + [kSecValueData: "fresh", kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock]
      """,
      fails: "deleted or overwritten right after reading it failed"),
    .wrong(
      "02-before-first-unlock", "delete on error",
      """
      SecItemCopyMatching key + [kSecReturnData: true]
      SecItemDelete key
      """,
      fails: "deleted or overwritten right after reading it failed"),
    .wrong(
      "02-before-first-unlock", "overwrite with Always",
      """
      SecItemCopyMatching key + [kSecReturnData: true]
      SecItemUpdate key [kSecValueData: "fresh", kSecAttrAccessible: kSecAttrAccessibleAlways]
      """,
      fails: "deleted or overwritten right after reading it failed"),
    .wrong(
      "02-before-first-unlock", "retry in a loop",
      """
      SecItemCopyMatching key + [kSecReturnData: true]
      SecItemCopyMatching key + [kSecReturnData: true]
      SecItemCopyMatching key + [kSecReturnData: true]
      """,
      fails: "3 times in a row"),
    .wrong(
      "02-before-first-unlock", "an empty app part", "",
      fails: "the handler must still try its read"),

    // 3: the delete-on-error trap.
    .right(
      "03-delete-on-error", "read, and keep the card",
      "SecItemCopyMatching card + [kSecReturnData: true]"),
    .wrong(
      "03-delete-on-error", "the shipped delete",
      """
      SecItemCopyMatching card + [kSecReturnData: true]
      SecItemDelete card
      """,
      fails: "deleted or overwritten right after reading it failed"),
    .wrong(
      "03-delete-on-error", "re-add the card without access control",
      """
      SecItemCopyMatching card + [kSecReturnData: true]
      SecItemDelete card
      SecItemAdd card + [kSecValueData: "4111"]
      """,
      fails: "deleted or overwritten right after reading it failed"),
    .wrong(
      "03-delete-on-error", "retry until it works",
      """
      SecItemCopyMatching card + [kSecReturnData: true]
      SecItemCopyMatching card + [kSecReturnData: true]
      """,
      fails: "SecItemCopyMatching"),
    .wrong(
      "03-delete-on-error", "an empty app part", "",
      fails: "the app must still try to read the card"),

    // 4: the duplicate-item trap.
    .right(
      "04-duplicate-item", "SecItemUpdate", #"SecItemUpdate login [kSecValueData: "new-password"]"#),
    .right(
      "04-duplicate-item", "add, and update on errSecDuplicateItem",
      """
      SecItemAdd login + [kSecValueData: "new-password"]
      SecItemUpdate login [kSecValueData: "new-password"]
      """),
    .wrong(
      "04-duplicate-item", "delete then add",
      """
      SecItemDelete login
      SecItemAdd login + [kSecValueData: "new-password"]
      """,
      fails: "then SecItemAdd of the same item"),
    .wrong(
      "04-duplicate-item", "the shipped add, duplicate ignored",
      #"SecItemAdd login + [kSecValueData: "new-password"]"#, fails: "nothing handles it"),
    .wrong(
      "04-duplicate-item", "update the password and make it Always",
      #"SecItemUpdate login [kSecValueData: "new-password", kSecAttrAccessible: kSecAttrAccessibleAlways]"#,
      fails: deprecated),
    .wrong(
      "04-duplicate-item", "a second item under another account",
      #"SecItemAdd login + [kSecAttrAccount: "alice-2", kSecValueData: "new-password"]"#,
      fails: "the login must hold the new password"),
    .wrong(
      "04-duplicate-item", "an empty app part", "",
      fails: "the login must hold the new password"),

    // 5: biometryCurrentSet after a new face.
    .right(
      "05-new-face", ".biometryCurrentSet",
      """
      SecItemAdd key + [kSecValueData: "sk-1", kSecAttrAccessControl:
          SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                          .biometryCurrentSet, nil)]
      """),
    .wrong(
      "05-new-face", "the shipped .biometryAny",
      """
      SecItemAdd key + [kSecValueData: "sk-1", kSecAttrAccessControl:
          SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                          .biometryAny, nil)]
      """,
      fails: ".biometryAny accepts the new face"),
    .wrong(
      "05-new-face", ".userPresence (falls back to the passcode)",
      """
      SecItemAdd key + [kSecValueData: "sk-1", kSecAttrAccessControl:
          SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                          .userPresence, nil)]
      """,
      fails: "let Mallory type the passcode she knows"),
    .wrong(
      "05-new-face", ".biometryCurrentSet or the passcode",
      """
      SecItemAdd key + [kSecValueData: "sk-1", kSecAttrAccessControl:
          SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                          [.biometryCurrentSet, .or, .devicePasscode], nil)]
      """,
      fails: "let Mallory type the passcode she knows"),
    .wrong(
      "05-new-face", ".biometryCurrentSet, but Always",
      """
      SecItemAdd key + [kSecValueData: "sk-1", kSecAttrAccessControl:
          SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleAlways, .biometryCurrentSet, nil)]
      """,
      fails: deprecated),
    .wrong(
      "05-new-face", "no access control",
      #"SecItemAdd key + [kSecValueData: "sk-1", kSecAttrAccessible: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly]"#,
      fails: "with no access control nothing is asked at all"),
    .wrong(
      "05-new-face", "an empty app part", "",
      fails: "the app must save the key behind Face ID"),

    // 6: the reuse-window misreading.
    .right(
      "06-reuse-window", "the sign-in's context",
      "SecItemCopyMatching card + [kSecReturnData: true, kSecUseAuthenticationContext: signIn]"),
    .wrong(
      "06-reuse-window", "the shipped reuse window on a new context",
      """
      let reading = LAContext()
      reading.touchIDAuthenticationAllowableReuseDuration = 60
      SecItemCopyMatching card + [kSecReturnData: true, kSecUseAuthenticationContext: reading]
      """,
      fails: "SecItemCopyMatching"),
    .wrong(
      "06-reuse-window", "no context at all",
      "SecItemCopyMatching card + [kSecReturnData: true]", fails: "SecItemCopyMatching"),
    .wrong(
      "06-reuse-window", "no UI: fail instead of prompting",
      "SecItemCopyMatching card + [kSecReturnData: true, kSecUseAuthenticationUI: kSecUseAuthenticationUIFail]",
      fails: "kSecUseAuthenticationUIFail gives up instead"),
    .wrong(
      "06-reuse-window", "re-add the card without access control, Always",
      """
      SecItemDelete card
      SecItemAdd card + [kSecValueData: "4111", kSecAttrAccessible: kSecAttrAccessibleAlways]
      SecItemCopyMatching card + [kSecReturnData: true]
      """,
      fails: deprecated),
    .wrong(
      "06-reuse-window", "an empty app part", "",
      fails: "the read must use the sign-in's match"),

    // 7: the widget without the access group.
    .right(
      "07-widget-access-group", "the shared group, team prefix spelt out",
      """
      SecItemAdd token + [kSecValueData: "t1", kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock,
                          kSecAttrAccessGroup: "ABCDE12345.com.example.shared"]
      """),
    .wrong(
      "07-widget-access-group", "the shipped default group",
      #"SecItemAdd token + [kSecValueData: "t1", kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock]"#,
      fails: "expect errSecSuccess"),
    .wrong(
      "07-widget-access-group", "the group without the team prefix",
      """
      SecItemAdd token + [kSecValueData: "t1", kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock,
                          kSecAttrAccessGroup: "com.example.shared"]
      """,
      fails: "has no team id prefix"),
    .wrong(
      "07-widget-access-group", "$(AppIdentifierPrefix) in code",
      """
      SecItemAdd token + [kSecValueData: "t1", kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock,
                          kSecAttrAccessGroup: "$(AppIdentifierPrefix)com.example.shared"]
      """,
      fails: "has no team id prefix"),
    .wrong(
      "07-widget-access-group", "the shared group, but Always",
      """
      SecItemAdd token + [kSecValueData: "t1", kSecAttrAccessible: kSecAttrAccessibleAlways,
                          kSecAttrAccessGroup: "ABCDE12345.com.example.shared"]
      """,
      fails: deprecated),
    .wrong("07-widget-access-group", "an empty app part", "", fails: "expect"),

    // 8: the extension that cannot prompt.
    .right(
      "08-extension-cannot-prompt", "no access control, AfterFirstUnlock",
      #"SecItemAdd key + [kSecValueData: "mk-1", kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock]"#
    ),
    .right(
      "08-extension-cannot-prompt", "no access control, AfterFirstUnlockThisDeviceOnly",
      #"SecItemAdd key + [kSecValueData: "mk-1", kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly]"#
    ),
    .wrong(
      "08-extension-cannot-prompt", "the shipped .userPresence",
      """
      SecItemAdd key + [kSecValueData: "mk-1", kSecAttrAccessControl:
          SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleAfterFirstUnlock, .userPresence, nil)]
      """,
      fails: "behind user presence or biometry"),
    .wrong(
      "08-extension-cannot-prompt", "access control dropped, default WhenUnlocked",
      #"SecItemAdd key + [kSecValueData: "mk-1"]"#, fails: "stored kSecAttrAccessibleWhenUnlocked"),
    .wrong(
      "08-extension-cannot-prompt", "Always",
      #"SecItemAdd key + [kSecValueData: "mk-1", kSecAttrAccessible: kSecAttrAccessibleAlways]"#,
      fails: deprecated),
    .wrong("08-extension-cannot-prompt", "an empty app part", "", fails: "expect"),

    // 9: migrating the accessibility of existing items.
    .right(
      "09-migrate-accessibility", "SecItemUpdate in place",
      "SecItemUpdate token [kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock]"),
    .right(
      "09-migrate-accessibility", "add, and update on errSecDuplicateItem",
      """
      SecItemAdd token + [kSecValueData: "r1", kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock]
      SecItemUpdate token [kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock]
      """),
    .wrong(
      "09-migrate-accessibility", "the shipped add, duplicate ignored",
      #"SecItemAdd token + [kSecValueData: "r1", kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock]"#,
      fails: "nothing handles it"),
    .wrong(
      "09-migrate-accessibility", "delete then add",
      """
      SecItemDelete token
      SecItemAdd token + [kSecValueData: "r1", kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock]
      """,
      fails: "then SecItemAdd of the same item"),
    .wrong(
      "09-migrate-accessibility", "update to Always",
      "SecItemUpdate token [kSecAttrAccessible: kSecAttrAccessibleAlways]", fails: deprecated),
    .wrong(
      "09-migrate-accessibility", "an empty app part", "",
      fails: "the night read must work without the user"),
  ]
}
