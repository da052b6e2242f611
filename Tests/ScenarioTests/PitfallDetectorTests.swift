import Foundation
import Testing

@testable import Scenario

/// Each pitfall fires on the mistake and stays silent on the correct pattern; a pitfall never
/// changes a result, and `strict` turns it into a failure.
@Suite struct PitfallDetectorTests {
  static let token = """
    let token = [kSecClass: kSecClassGenericPassword, kSecAttrService: "auth",
                 kSecAttrAccount: "refresh"]
    """

  /// The pitfalls a source triggers, in order, after checking that it played cleanly.
  static func pitfalls(_ source: String, strict: Bool = false) -> [Pitfall.Kind] {
    let report = ScenarioRunner(options: .init(kdfProfile: .fast), strict: strict)
      .run(source: token + "\n" + source, name: "p.scenario")
    #expect(report.loadError == nil, "\(report.loadError ?? "")")
    #expect(!report.failures.contains { $0.kind != .pitfall }, "\(report.transcript)")
    return report.warnings.compactMap {
      if case .pitfall(_, let pitfall) = $0 { return pitfall.kind }
      return nil
    }
  }

  /// A locked read in the background of an item stored `accessible`.
  static func nightRead(_ accessible: String) -> String {
    """
    device passcode 123456
    SecItemAdd token + [kSecValueData: "r1", kSecAttrAccessible: \(accessible)]
    device lock
    wait 3h
    app background
    SecItemCopyMatching token + [kSecReturnData: true]
    """
  }

  // MARK: - Deleting after a failed read

  @Test func deleteAfterLockedReadFires() {
    let kinds = Self.pitfalls(
      Self.nightRead("kSecAttrAccessibleWhenUnlocked") + "\nSecItemDelete token")
    #expect(kinds.contains(.deleteAfterFailedRead))
  }

  @Test func overwriteAfterCancelledPromptFires() {
    let kinds = Self.pitfalls(
      """
      device passcode 123456
      biometry enroll alice
      SecItemAdd token + [kSecValueData: "t", kSecAttrAccessControl:
        SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, .userPresence, nil)]
      user will cancel
      SecItemCopyMatching token + [kSecReturnData: true]
      expect errSecUserCanceled
      user will match
      SecItemUpdate token [kSecValueData: "new"]
      """)
    #expect(kinds.contains(.deleteAfterFailedRead), "a cancelled prompt is no broken item")
  }

  @Test func retryingLaterAfterUnlockDoesNotFire() {
    let kinds = Self.pitfalls(
      Self.nightRead("kSecAttrAccessibleWhenUnlocked")
        + "\napp foreground\ndevice unlock 123456\nSecItemDelete token")
    #expect(!kinds.contains(.deleteAfterFailedRead))
  }

  // MARK: - Delete then add

  @Test func deleteThenAddFires() {
    let kinds = Self.pitfalls(
      """
      SecItemAdd token + [kSecValueData: "a"]
      SecItemDelete token
      SecItemAdd token + [kSecValueData: "b"]
      """)
    #expect(kinds == [.deleteThenAdd])
  }

  @Test func updateInsteadDoesNotFire() {
    let kinds = Self.pitfalls(
      """
      SecItemAdd token + [kSecValueData: "a"]
      SecItemUpdate token [kSecValueData: "b"]
      """)
    #expect(kinds.isEmpty)
  }

  // MARK: - errSecDuplicateItem

  @Test func unhandledDuplicateFires() {
    let next = Self.pitfalls(
      """
      SecItemAdd token + [kSecValueData: "a"]
      SecItemAdd token + [kSecValueData: "b"]
      SecItemCopyMatching token + [kSecReturnData: true]
      """)
    #expect(next == [.unhandledDuplicate])
    let atEnd = Self.pitfalls(
      """
      SecItemAdd token + [kSecValueData: "a"]
      SecItemAdd token + [kSecValueData: "b"]
      """)
    #expect(atEnd == [.unhandledDuplicate])
  }

  @Test func duplicateHandledByUpdateOrExpectDoesNotFire() {
    #expect(
      Self.pitfalls(
        """
        SecItemAdd token + [kSecValueData: "a"]
        SecItemAdd token + [kSecValueData: "b"]
        SecItemUpdate token [kSecValueData: "b"]
        """
      ).isEmpty)
    #expect(
      Self.pitfalls(
        """
        SecItemAdd token + [kSecValueData: "a"]
        SecItemAdd token + [kSecValueData: "b"]
        expect errSecDuplicateItem
        """
      ).isEmpty)
  }

  // MARK: - Background reads

  @Test func backgroundReadOfWhenUnlockedItemFires() {
    #expect(
      Self.pitfalls(Self.nightRead("kSecAttrAccessibleWhenUnlocked")) == [
        .backgroundReadOfWhenUnlockedItem
      ])
    #expect(
      Self.pitfalls(
        """
        SecItemAdd token + [kSecValueData: "r1"]
        app background
        SecItemCopyMatching token + [kSecReturnData: true]
        """) == [.backgroundReadOfWhenUnlockedItem], "the default is WhenUnlocked, even unlocked")
  }

  @Test func backgroundReadOfAfterFirstUnlockItemDoesNotFire() {
    #expect(Self.pitfalls(Self.nightRead("kSecAttrAccessibleAfterFirstUnlock")).isEmpty)
  }

  @Test func backgroundReadBehindPromptFires() {
    let source = """
      device passcode 123456
      biometry enroll alice
      SecItemAdd token + [kSecValueData: "t", kSecAttrAccessControl:
        SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleAfterFirstUnlock, .userPresence, nil)]
      app background
      SecItemCopyMatching token + [kSecReturnData: true]
      """
    #expect(Self.pitfalls(source) == [.backgroundReadBehindPrompt])
    let foreground = source.replacingOccurrences(of: "app background\n", with: "")
    let answered = foreground.replacingOccurrences(
      of: "SecItemCopyMatching", with: "user will match\nSecItemCopyMatching")
    #expect(Self.pitfalls(answered + "\nexpect errSecSuccess").isEmpty)
  }

  // MARK: - Sync

  @Test func thisDeviceOnlyWithSyncFires() {
    let add = """
      SecItemAdd token + [kSecValueData: "p", kSecAttrSynchronizable: true,
                          kSecAttrAccessible: ACCESSIBLE]
      """
    #expect(
      Self.pitfalls(
        add.replacingOccurrences(
          of: "ACCESSIBLE", with: "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"))
        == [.thisDeviceOnlyWithSync])
    #expect(
      Self.pitfalls(
        add.replacingOccurrences(of: "ACCESSIBLE", with: "kSecAttrAccessibleAfterFirstUnlock")
      ).isEmpty)
  }

  @Test func readWithoutSynchronizableFires() {
    let add = "SecItemAdd token + [kSecValueData: \"p\", kSecAttrSynchronizable: true]\n"
    #expect(
      Self.pitfalls(add + "SecItemCopyMatching token + [kSecReturnData: true]")
        == [.synchronizableNotQueried])
    #expect(
      Self.pitfalls(
        add + "SecItemCopyMatching token + [kSecAttrSynchronizable: kSecAttrSynchronizableAny]"
      ).isEmpty)
  }

  // MARK: - Access groups

  @Test func accessGroupWithoutTeamPrefixFires() {
    let install = """
      app install com.example.app team ABCDE12345 keychain-access-groups ABCDE12345.com.example.shared

      """
    #expect(
      Self.pitfalls(install + "SecItemAdd token + [kSecAttrAccessGroup: \"com.example.shared\"]")
        == [.accessGroupWithoutTeamPrefix])
    #expect(
      Self.pitfalls(
        install
          + "SecItemAdd token + [kSecAttrAccessGroup: \"$(AppIdentifierPrefix)com.example.shared\"]"
      ) == [.accessGroupWithoutTeamPrefix])
    #expect(
      Self.pitfalls(
        install + "SecItemAdd token + [kSecAttrAccessGroup: \"ABCDE12345.com.example.shared\"]"
      ).isEmpty)
  }

  @Test func appGroupAssumedDefaultFires() {
    let setup = """
      app install com.example.app team ABCDE12345 app-groups group.com.example
      app install com.example.app.share team ABCDE12345 extension-of com.example.app app-groups group.com.example
      app use com.example.app
      SecItemAdd token + [kSecValueData: "t1"GROUP]
      app use com.example.app.share
      SecItemCopyMatching token + [kSecReturnData: trueGROUP]
      """
    #expect(
      Self.pitfalls(setup.replacingOccurrences(of: "GROUP", with: ""))
        == [.appGroupAssumedDefault])
    let explicit = setup.replacingOccurrences(
      of: "GROUP", with: ", kSecAttrAccessGroup: \"group.com.example\"")
    #expect(Self.pitfalls(explicit).isEmpty)
  }

  // MARK: - Retrying

  @Test func retryingALockedReadFires() {
    let read = "SecItemCopyMatching token + [kSecReturnData: true]\n"
    let night = """
      device passcode 123456
      SecItemAdd token + [kSecValueData: "s", kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock]
      device reboot

      """
    #expect(Self.pitfalls(night + read + read + "wait 1s\n" + read) == [.lockedReadRetried])
    #expect(
      Self.pitfalls(night + read + "device unlock 123456\n" + read + read).isEmpty,
      "an unlock in between makes the next read a new attempt")
  }

  // MARK: - Results, strict, lessons

  @Test func pitfallsChangeNoResult() {
    let source =
      Self.token + "\n" + Self.nightRead("kSecAttrAccessibleWhenUnlocked")
      + "\nexpect errSecInteractionNotAllowed\nSecItemDelete token\nexpect errSecSuccess"
    let plain = ScenarioRunner(options: .init(kdfProfile: .fast)).run(source: source, name: "a")
    #expect(plain.status == .passed)
    #expect(plain.warnings.count == 2)
    #expect(plain.transcript.contains("⚠ pitfall: "))
    let strict = ScenarioRunner(options: .init(kdfProfile: .fast), strict: true)
      .run(source: source, name: "a")
    #expect(strict.status == .failed)
    #expect(strict.failures.map(\.kind) == [.pitfall, .pitfall])
    #expect(
      strict.failures.map(\.line)
        == plain.warnings.compactMap {
          if case .pitfall(_, let pitfall) = $0 { return pitfall.line }
          return nil
        })
  }

  @Test(arguments: Pitfall.Kind.allCases)
  func everyPitfallHasALessonThatShowsIt(_ kind: Pitfall.Kind) throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    // The name is one `keychain-sim lessons` lists, spelt as it lists it.
    let lessons = try LessonCatalogue.load(folder: root.appendingPathComponent("scenarios").path)
    #expect(lessons.map(\.name).contains(kind.lesson), "no lesson named \(kind.lesson)")
    // And an installed executable has it: the lessons are built in.
    #expect(try LessonCatalogue.bundled().map(\.name).contains(kind.lesson))
    let lesson = try LessonCatalogue.find(kind.lesson, in: lessons)
    #expect(lesson.name == kind.lesson)
    let report = ScenarioRunner(options: .init(kdfProfile: .fast)).runFile(at: lesson.path)
    #expect(report.status == .passed)
    let shown = report.warnings.contains {
      if case .pitfall(_, let pitfall) = $0 { return pitfall.kind == kind }
      return false
    }
    #expect(shown, "\(kind.lesson) does not show \(kind)")
  }

  @Test func everyWarningNamesItsLineAndLesson() {
    for kind in Pitfall.Kind.allCases {
      let pitfall = Pitfall(kind: kind, line: 7, earlierLine: 3, detail: "ak")
      let text = ScenarioWarning.pitfall(file: "f.scenario", pitfall: pitfall).description
      #expect(text.hasPrefix("f.scenario:7: warning: pitfall: "))
      #expect(text.hasSuffix("; play `keychain-sim lessons \(kind.lesson)`"))
      #expect(!text.contains("scenarios/") && !text.contains(".scenario`"))
      // Under the statement, the command is whole on one line, however the words wrap.
      let note = ScenarioWarning.note(for: pitfall)
      let last = note.components(separatedBy: "\n").last ?? ""
      #expect(last.hasSuffix("`keychain-sim lessons \(kind.lesson)`"), "\(note)")
      #expect(
        note.components(separatedBy: "\n").allSatisfy { $0.count <= TextWrap.transcriptWidth })
      #expect(!note.contains("scenarios/"))
    }
  }

  // MARK: - The package's calls

  /// The package's SecItem calls are the app's: a getItem that failed on the locked phone,
  /// then deleteItem, is the same mistake as with SecItem directly.
  @Test func aPackageDeleteAfterALockedGetItemFires() {
    let night = """
      device passcode 123456
      let kc = createKeychain(service: "auth")
      kc.setItem("refresh", "r1")
      device lock
      wait 3h
      app background
      kc.getItem("refresh")
      expect KEYCHAIN_ERROR
      """
    let kinds = Self.pitfalls(night + "\nkc.deleteItem(\"refresh\")")
    #expect(kinds.contains(.deleteAfterFailedRead))
    #expect(kinds.contains(.backgroundReadOfWhenUnlockedItem))
    #expect(!Self.pitfalls(night).contains(.deleteAfterFailedRead))
  }

  /// setItem of a key that exists adds, gets errSecDuplicateItem and updates: the package
  /// handles the duplicate itself, so nothing is reported.
  @Test func aPackageSetItemOfAnExistingKeyIsNoUnhandledDuplicate() {
    let kinds = Self.pitfalls(
      """
      let kc = createKeychain(service: "auth")
      kc.setItem("refresh", "r1")
      kc.setItem("refresh", "r2")
      """)
    #expect(kinds.isEmpty, "\(kinds)")
  }
}
