import Foundation
import Keychain
import ScenarioLanguage

/// Tab completion by context: the words that fit where the cursor is, from the same
/// ``Vocabulary`` table the parser reads, so completion never offers a word the parser refuses.
///
/// ```swift
/// CompletionContext(boundNames: [], contextNames: []).candidates(line: "device ", wordStart: 7)
/// // ["lock", "passcode", "reboot", "unlock"]
/// ```
struct CompletionContext: Sendable {
  /// Every name bound with `let`.
  let boundNames: [String]
  /// The names bound to an `LAContext()`, whose members complete after `name.`.
  let contextNames: [String]
  /// The names bound to a package `createKeychain(...)`, whose methods complete after `name.`.
  var packageKeychainNames: [String] = []

  /// The words for the word starting at `wordStart` (a UTF-8 offset, as readline counts) in
  /// `line`. The word itself is not filtered here: the reader keeps those it starts.
  func candidates(line: String, wordStart: Int) -> [String] {
    let before = String(decoding: line.utf8.prefix(wordStart), as: UTF8.self)
    // `LAError.` and `ctx.`: the members of what stands before the dot.
    if before.hasSuffix(".") {
      let owner = String(
        before.dropLast().reversed().prefix(while: Self.isNameCharacter).reversed())
      if owner == "LAError" || owner == "Code" { return LAErrorCode.allSpellings }
      if contextNames.contains(owner) { return Vocabulary.words(of: Vocabulary.ContextMember.self) }
      if packageKeychainNames.contains(owner) {
        return Vocabulary.words(of: Vocabulary.PackageMethod.self)
      }
      // `.deviceOwnerAuthentication` in a call, `[.biometryAny, .or]` in a flag list.
      if owner.isEmpty {
        return LAPolicy.allCases.map(\.name) + SecAccessControlCreateFlags.named.map(\.swift)
      }
      return []
    }
    let words = before.split(separator: " ").map(String.init)
    guard let first = words.first else { return statementStarts }
    if Vocabulary.REPLWord(rawValue: first) != nil {  // `save`, `load`: a file name follows
      return Self.fileNames(completing: Self.word(in: line, from: wordStart))
    }
    switch ScenarioParser.dictionarySlot(atEndOf: before) {
    case .key?: return Self.keyNames
    case .value?: return expressionWords.filter { !Self.keyNameSet.contains($0) }
    case nil: break
    }
    guard let statement = Vocabulary.StatementWord(rawValue: first) else {
      return expressionWords
    }
    let second = words.count > 1 ? words[1] : ""
    typealias V = Vocabulary
    switch (statement, words.count) {
    case (.device, 1): return V.words(of: V.DeviceWord.self)
    case (.device, 2) where second == V.DeviceWord.passcode.rawValue:
      return V.words(of: V.PasscodeWord.self)
    case (.device, 2) where second == V.DeviceWord.unlock.rawValue: return [V.unlockWithBiometry]
    case (.device, 3) where second == V.DeviceWord.add.rawValue:
      return V.words(of: DevicePlatform.self)
    case (.icloud, 1): return V.words(of: V.ICloudWord.self)
    case (.icloud, 2) where second == V.ICloudWord.keychain.rawValue:
      return V.words(of: V.SwitchWord.self)
    case (.backup, 1): return V.words(of: V.BackupWord.self)
    case (.backup, 3) where second == V.BackupWord.create.rawValue:
      return V.words(of: BackupKind.self)
    case (.transfer, 1): return [V.from]
    case (.mac, 1): return V.words(of: V.MacWord.self)
    case (.mac, 3): return V.words(of: MacAppPersonality.self)
    case (.biometry, 1): return V.words(of: V.BiometryWord.self)
    case (.biometry, 2) where second == V.BiometryWord.type.rawValue:
      return V.words(of: BiometryKind.self)
    case (.app, 1): return V.words(of: V.AppWord.self)
    case (.app, 2) where second == V.AppWord.defaults.rawValue:
      return V.words(of: V.DefaultsWord.self)
    case (.app, 3) where [V.AppWord.install, .transfer].map(\.rawValue).contains(second):
      return [V.team]
    case (.app, 5...) where second == V.AppWord.install.rawValue:
      return V.words(of: V.AppInstallOption.self)
    case (.keychain, 1): return V.words(of: V.KeychainWord.self)
    case (.user, 1): return [V.will]
    case (.user, 2) where second == V.will: return V.words(of: V.AnswerWord.self)
    case (.user, 4) where second == V.will: return V.repeatWords
    case (.help, 1):
      return V.words(of: V.HelpTopic.self) + V.statementWords + V.words(of: V.REPLWord.self)
    case (.show, 1): return V.words(of: ShowTopic.self)
    case (.expect, 1):
      return V.words(of: V.ExpectWord.self) + ["true", "false", V.noErr]
        + OSStatus.known.map(\.name) + V.words(of: PackageError.Code.self)
    case (.expect, 2) where second == V.ExpectWord.device.rawValue:
      return V.words(of: ExpectedLockState.self)
    case (.expect, 2) where second == V.ExpectWord.no.rawValue:
      return [V.ExpectWord.result, .prompt].map(\.rawValue)
    case (.explain, 1):
      return OSStatus.known.map(\.name) + [V.ExpectWord.laError.rawValue, V.noErr]
        + LAErrorCode.allSpellings
    default:
      return expressionWords
    }
  }

  /// Apple's key names (`kSecAttrAccount`), what a dictionary's key slot takes.
  static let keyNames: [String] = SecConstants.orderedKeys.map(\.name).sorted()
  private static let keyNameSet = Set(keyNames)

  /// The word that starts at `wordStart` (a UTF-8 offset) in `line`, up to the next blank.
  static func word(in line: String, from wordStart: Int) -> String {
    let rest = line.utf8.dropFirst(wordStart).prefix { $0 != UInt8(ascii: " ") }
    return String(decoding: rest, as: UTF8.self)
  }

  /// The files and folders a partly typed path can continue with (`scen` → `scenarios/`),
  /// each as the whole path; a folder ends in `/`. An unreadable folder offers nothing.
  static func fileNames(completing partial: String) -> [String] {
    let slash = partial.lastIndex(of: "/")
    let folder = slash.map { String(partial[...$0]) } ?? ""
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)
    else { return [] }  // nothing to offer is the answer for a folder that cannot be listed
    return names.sorted().map { name in
      var isFolder: ObjCBool = false
      _ = manager.fileExists(atPath: folder + name, isDirectory: &isFolder)
      return folder + name + (isFolder.boolValue ? "/" : "")
    }
  }

  /// Inside an expression: Apple's names, the language's expression words, bound names.
  private var expressionWords: [String] {
    Array(Set(ScenarioParser.vocabulary + boundNames)).sorted()
  }

  /// What can start a statement: the statement words, the SecItem functions, the REPL's own
  /// commands and the names bound so far (`ctx.evaluatePolicy`, `query[...] = ...`).
  private var statementStarts: [String] {
    Vocabulary.statementWords + Vocabulary.words(of: Vocabulary.REPLWord.self) + boundNames
  }

  private static func isNameCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }
}
