import Devices
import KeychainEngine

/// The scenario language's own words, in one table: the words that start a statement, the words
/// each statement takes after its first, and the `help` topic each belongs to.
///
/// The parser reads its choices and its "did you mean" candidates from here, `help` routes words
/// to topics from here, and the REPL completes from ``ScenarioParser/vocabulary``, which is
/// built from here. A word added here is known to all three at once.
package enum Vocabulary {
  /// A word that starts a statement (the SecItem functions and bound names start others).
  package enum StatementWord: String, CaseIterable {
    case device, biometry, wait, app, keychain, user, `let`, `var`, expect, say, show, help
    case explain, reset, quit, exit, icloud, backup, transfer, mac
    /// `try? SecItemDelete(...)` and `await ...` pasted from Swift: the marker changes nothing.
    case `try`, await

    /// The statement word `word` is, if any: the parser asks at every statement, and the
    /// `String` raw-value initializer (a linear search of the cases, with a cache) was a
    /// twentieth of the parser's time (issue 29). Candidates are picked by first byte, then
    /// compared whole.
    package init?(word: String) {
      guard let first = word.utf8.first, first < 0x80,
        let match = Self.byFirstByte[Int(first)].first(where: { $0.rawValue == word })
      else { return nil }
      self = match
    }

    /// The words by the ASCII byte they start with.
    private static let byFirstByte: [[StatementWord]] = (0..<0x80).map { byte in
      allCases.filter { $0.rawValue.utf8.first == UInt8(byte) }
    }

    /// The `help` topic that explains the statement.
    package var helpTopic: HelpTopic {
      switch self {
      case .device, .wait, .icloud, .backup, .transfer, .mac: .device
      case .biometry, .user: .biometry
      case .app, .keychain: .apps
      case .let, .var: .let
      case .expect: .expect
      case .say, .show: .show
      case .help, .explain, .reset, .quit, .exit: .repl
      case .try, .await: .keychain
      }
    }
  }

  /// Names a `let` cannot bind: they mean something else where a value is read. The lexer's
  /// known names (``KnownName``) mark them, so the parser tells them without a set.
  static let reservedNames: Set<String> = [
    "_", "Data", "LAContext", "SecAccessControlCreateWithFlags", "String", "nil", "createKeychain",
  ]

  /// The SecItem functions, which start a statement (`SecItemAdd [...]`) or a call.
  package static let secItemFunctions = [
    "SecItemAdd", "SecItemCopyMatching", "SecItemDelete", "SecItemUpdate",
  ]

  /// Every word that starts a statement, for "did you mean".
  package static let statementWords =
    words(of: StatementWord.self) + secItemFunctions + secKeyFunctions

  /// After `device`.
  package enum DeviceWord: String, CaseIterable { case passcode, lock, unlock, reboot, add, use }

  /// After `icloud`.
  package enum ICloudWord: String, CaseIterable {
    case signIn = "sign-in"
    case signOut = "sign-out"
    case keychain
    case sync
  }

  /// After `backup`; `backup create` then takes a ``BackupKind`` word.
  package enum BackupWord: String, CaseIterable { case create, restore, list, inspect }
  /// Before a backup password; after `transfer`.
  static let password = "password"
  package static let from = "from"
  /// After `mac`.
  package enum MacWord: String, CaseIterable { case app }

  /// After `icloud keychain`.
  package enum SwitchWord: String, CaseIterable { case on, off }

  /// After `device passcode`; any other word there is the passcode to set.
  package enum PasscodeWord: String, CaseIterable { case change, remove }

  /// After `device unlock`, instead of a passcode.
  package static let unlockWithBiometry = "biometry"

  /// After `biometry`.
  package enum BiometryWord: String, CaseIterable { case type, enroll, remove }

  /// After `app`.
  package enum AppWord: String, CaseIterable {
    case install, use, background, foreground, uninstall, transfer, defaults
  }

  /// After `app defaults`: `set <key> <value>` and `remove <key>`, the app's UserDefaults.
  package enum DefaultsWord: String, CaseIterable { case set, remove }

  /// Before the team id in `app install` and `app transfer`.
  package static let team = "team"

  /// The options of `app install` after its team.
  package enum AppInstallOption: String, CaseIterable {
    case keychainAccessGroups = "keychain-access-groups"
    case appGroups = "app-groups"
    case extensionOf = "extension-of"
    case noEntitlements = "no-entitlements"
    /// The package's Expo config plugin with these groups (docs/scenario-language.md §13).
    case expoPlugin = "expo-plugin"
  }

  /// The extension kinds that may follow `extension-of <bundleID>`.
  package enum ExtensionKindWord: String, CaseIterable {
    case widget, share, action, intents
    case notificationService = "notification-service"

    var kind: AppExtensionKind {
      switch self {
      case .widget: .widget
      case .share: .share
      case .action: .action
      case .intents: .intents
      case .notificationService: .notificationService
      }
    }
  }

  /// After `keychain`.
  package enum KeychainWord: String, CaseIterable { case reset }

  /// After `user`.
  package static let will = "will"

  /// After `user will`.
  package enum AnswerWord: String, CaseIterable { case match, fail, cancel, fallback, enter }

  /// After the count of `user will fail 3 times`.
  package static let repeatWords = ["times", "time"]

  /// The words that can follow `expect` (besides statuses, `true` and `false`).
  package enum ExpectWord: String, CaseIterable {
    case success, prompt, prompts, no, result, count, device, refused, sheet
    case laError = "LAError"
  }

  /// After `expect result <date key>`: `later than`, `earlier than`.
  package enum DateWord: String, CaseIterable { case later, earlier, than }

  /// The item dates `expect result <key> later than <earlier result>` compares.
  static let dateKeys: Set<String> = ["kSecAttrCreationDate", "kSecAttrModificationDate"]

  /// After `expect sheet`: `offers cancel, fallback`.
  static let sheetOffers = "offers"

  /// After `expect result`: `has no <key>` (also `has no key <key>`) and `strictly <value>`.
  package enum ResultWord: String, CaseIterable { case has, no, key, strictly }

  /// `expect result SecKeychainItemRef`: the type a Mac's file-based keychain returns when a
  /// query asks for no kSecReturn key.
  package static let keychainItemReference = "SecKeychainItemRef"

  /// The LAContext properties `expect` can compare: `ctx.biometryType == .faceID`,
  /// `ctx.evaluatedPolicyDomainState == other.evaluatedPolicyDomainState`.
  package enum ContextProperty: String, CaseIterable {
    case biometryType, evaluatedPolicyDomainState
  }

  /// The name that reads the most recent call's result, unless a `let` bound it.
  package static let lastResult = "result"

  /// The optional type name before a biometry type: `LABiometryType.faceID`.
  static let biometryTypeName = "LABiometryType"

  /// MacTypes.h's name for status 0, which `expect` and `explain` take for errSecSuccess.
  package static let noErr = "noErr"

  /// After `ctx.`: the LAContext members a scenario can use.
  package enum ContextMember: String, CaseIterable {
    case canEvaluatePolicy, evaluatePolicy, interactionNotAllowed, invalidate
    case localizedCancelTitle, localizedFallbackTitle, localizedReason
    case touchIDAuthenticationAllowableReuseDuration
  }

  /// Words that stand for values or types inside expressions (`Data(...)`, `LAContext()`,
  /// `nil`, Apple's maximum reuse duration), and the argument labels of the calls.
  static let expressionWords = [
    "Data", "String", "nil", "true", "false", "LAContext", "LAPolicy", "LAError",
    "SecAccessControlCreateWithFlags", "SecAccessControlCreateFlags", "kCFAllocatorDefault",
    "LATouchIDAuthenticationMaximumAllowableReuseDuration", "localizedReason", "error",
  ]

  /// The cross-platform package's function that makes a keychain (`let k = createKeychain(...)`).
  static let createKeychain = "createKeychain"

  /// The labels `createKeychain(...)` takes.
  package enum PackageOption: String, CaseIterable { case service, accessGroup }

  /// The methods of a package keychain, after `name.`.
  package enum PackageMethod: String, CaseIterable { case setItem, getItem, deleteItem }

  /// What `help <topic>` knows, in the order `help` lists them.
  package enum HelpTopic: String, CaseIterable {
    case device, keychain, apps, biometry, `let`, expect, show, accessibility, repl
  }

  /// The REPL's own commands, which only the REPL understands (a scenario file cannot save or
  /// load): `save FILE`, `load FILE`.
  package enum REPLWord: String, CaseIterable { case save, load }

  /// Every word of the language, without Apple's names: statement words, their sub-words, the
  /// choices named by syntax types (`show` topics, biometry types, lock states), expression
  /// words and help topics.
  static var allWords: Set<String> {
    let groups: [[String]] = [
      statementWords, words(of: DeviceWord.self), words(of: PasscodeWord.self),
      words(of: DevicePlatform.self), words(of: ICloudWord.self), words(of: SwitchWord.self),
      words(of: BackupWord.self), words(of: BackupKind.self), [password, from],
      words(of: MacWord.self), words(of: MacAppPersonality.self),
      [unlockWithBiometry], words(of: BiometryWord.self), words(of: BiometryKind.self),
      words(of: AppWord.self), [team], words(of: AppInstallOption.self),
      words(of: ExtensionKindWord.self),
      words(of: KeychainWord.self), [will], words(of: AnswerWord.self), repeatWords,
      words(of: ExpectWord.self), words(of: ResultWord.self), words(of: ContextProperty.self),
      [biometryTypeName], [noErr], words(of: ExpectedLockState.self),
      words(of: ShowTopic.self), words(of: ContextMember.self), expressionWords,
      words(of: HelpTopic.self), words(of: REPLWord.self),
      [createKeychain], words(of: PackageOption.self), words(of: PackageMethod.self),
    ]
    return Set(groups.joined())
  }

  /// The words of one of the tables above (or of a syntax type named by its words).
  package static func words<Word: RawRepresentable<String> & CaseIterable>(of table: Word.Type)
    -> [String]
  {
    table.allCases.map(\.rawValue)
  }
}
