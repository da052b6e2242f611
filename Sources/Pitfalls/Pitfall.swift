/// A known mistake of app code that a played statement showed, with the values that show it.
///
/// The seed catalogue (the SecItem skill's rationalizations, pressure scenarios and checklist)
/// lists them; ``PitfallDetector`` recognises them from calls and outcomes, never from text,
/// and ``message(placeWord:)`` turns them into words, for `run`'s transcripts and the test
/// phone's alike. A pitfall never changes a result: it is a warning, which `run --strict` and
/// a strict `SimulatedPhone` turn into a failure.
public struct Pitfall: Sendable, Hashable, Codable {
  /// Which mistake.
  public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
    /// SecItemDelete or SecItemUpdate on an item right after reading it failed with -25308,
    /// -25293 or -128: the item was fine, the device was locked or the user cancelled.
    case deleteAfterFailedRead
    /// SecItemDelete then SecItemAdd of the same item, instead of SecItemUpdate.
    case deleteThenAdd
    /// SecItemAdd failed with errSecDuplicateItem and nothing handled it (no `expect`, no
    /// SecItemUpdate next).
    case unhandledDuplicate
    /// A background read of an item whose class key goes away at lock (WhenUnlocked).
    case backgroundReadOfWhenUnlockedItem
    /// A background read of an item behind user presence or biometry: no prompt there.
    case backgroundReadBehindPrompt
    /// kSecAttrSynchronizable with a ThisDeviceOnly accessibility: it will never sync.
    case thisDeviceOnlyWithSync
    /// An access group in code without the team id prefix (or with the unexpanded
    /// `$(AppIdentifierPrefix)`).
    case accessGroupWithoutTeamPrefix
    /// An item added without kSecAttrAccessGroup by one app, looked for by another app that
    /// shares only an app group with it: app groups are never the default group.
    case appGroupAssumedDefault
    /// The same read retried while it keeps failing with errSecInteractionNotAllowed, with no
    /// unlock in between.
    case lockedReadRetried
    /// A read without kSecAttrSynchronizable that cannot see the synchronizable item it wants.
    case synchronizableNotQueried
    /// SecItemAdd on a Mac without kSecUseDataProtectionKeychain (nor anything else that asks
    /// for the data protection keychain): the item lands in the file-based login keychain.
    case macLoginKeychain

    /// The lesson that shows the mistake and its fix, by its name in the lesson catalogue
    /// (`LessonCatalogue`: the path under `scenarios/` without `.scenario`), which is what
    /// `keychain-sim lessons` lists and what `keychain-sim lessons <name>` plays.
    public var lesson: String {
      switch self {
      case .deleteAfterFailedRead, .backgroundReadOfWhenUnlockedItem:
        "data-protection/background-refresh"
      case .deleteThenAdd: "secitem/update-then-add"
      case .unhandledDuplicate: "secitem/upsert-on-duplicate"
      case .backgroundReadBehindPrompt: "biometry/background-read"
      case .thisDeviceOnlyWithSync: "secitem/synchronizable-items"
      case .accessGroupWithoutTeamPrefix: "entitlements/missing-team-prefix"
      case .appGroupAssumedDefault: "entitlements/app-group-is-never-the-default"
      case .lockedReadRetried: "data-protection/retrying-a-locked-read"
      case .synchronizableNotQueried: "secitem/synchronizable-items"
      case .macLoginKeychain: "devices/mac-login-keychain"
      }
    }

    /// The command that plays the lesson: `keychain-sim lessons data-protection/background-refresh`.
    public var lessonCommand: String { "keychain-sim lessons \(lesson)" }
  }

  public var kind: Kind
  /// The line of the statement that showed it (for the test phone: the call's number).
  public var line: Int
  /// The line of the earlier statement it pairs with (the failed read, the delete, the add);
  /// for the test phone, that call's number.
  public var earlierLine: Int?
  /// The value that matters: the access group, the accessibility constant, the retry count.
  public var detail: String?

  public init(kind: Kind, line: Int, earlierLine: Int? = nil, detail: String? = nil) {
    self.kind = kind
    self.line = line
    self.earlierLine = earlierLine
    self.detail = detail
  }
}
