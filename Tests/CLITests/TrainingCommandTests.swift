import Foundation
import Testing

/// `keychain-sim lessons`, `keychain-sim train` and `run --strict`, as a trainee runs them.
@Suite struct TrainingCommandTests {
  static let exercise = """
    # Exercise: the upsert
    #
    # Save the new value.
    # Hint: SecItemUpdate
    let q = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a"]
    SecItemAdd q + [kSecValueData: "old"]
    # BEGIN APP
    SecItemAdd q + [kSecValueData: "new"]
    # END APP
    SecItemCopyMatching q + [kSecReturnData: true]
    expect result "new"
    """

  @Test func trainShowsHintsChecksAndKeepsProgress() throws {
    let folder = try ScenarioFolder()
    let file = try folder.write("ex/01-upsert.scenario", Self.exercise)
    let options = [
      "--exercises", folder.path("ex"), "--state", folder.path("state"), "--kdf", "fast",
    ]

    let shown = try ExecutableRunner.run(["train"] + options)
    #expect(shown.status == 0)
    #expect(shown.stdout.contains("Exercise 1/1: the upsert"))
    #expect(shown.stdout.contains(#"| SecItemAdd q + [kSecValueData: "new"]"#))
    #expect(try ExecutableRunner.run(["train", "hint"] + options).stdout.contains("SecItemUpdate"))

    let failed = try ExecutableRunner.run(["train", "check"] + options)
    #expect(failed.status == 1)
    #expect(failed.stdout.contains("✗ the upsert: not yet"))
    #expect(failed.stdout.contains("01-upsert.scenario:11: expectation failed"))
    #expect(failed.stdout.contains("pitfall (--strict)"))
    #expect(!FileManager.default.fileExists(atPath: folder.path("state")))

    try Self.exercise.replacingOccurrences(
      of: "# BEGIN APP\nSecItemAdd q + [kSecValueData: \"new\"]",
      with: "# BEGIN APP\nSecItemUpdate q [kSecValueData: \"new\"]"
    ).write(toFile: file, atomically: true, encoding: .utf8)
    let passed = try ExecutableRunner.run(["train", "check"] + options)
    #expect(passed.status == 0, "\(passed.stdout)")
    #expect(passed.stdout.contains("✓ the upsert"))
    let state = try String(contentsOfFile: folder.path("state"), encoding: .utf8)
    #expect(state.contains("01-upsert"))
    #expect(try ExecutableRunner.run(["train", "list"] + options).stdout.contains("✓ 01-upsert"))
    #expect(try ExecutableRunner.run(["train"] + options).stdout.contains("All 1 exercises passed"))
  }

  @Test func trainRejectsABadActionOrFolder() throws {
    let bad = try ExecutableRunner.run(["train", "chek"])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("did you mean 'check'?"))
    let missing = try ExecutableRunner.run(["train", "--exercises", "/nonexistent/ex"])
    #expect(missing.status == 2)
    #expect(
      missing.stderr.contains("cannot list the exercises folder '/nonexistent/ex' (no such folder)")
    )
    #expect(missing.stderr.contains("`--exercises DIR`"))
  }

  /// Issue 27: `train check` from a folder with no `exercises/` names the folder it tried and
  /// says how to name another.
  @Test func theDefaultFolderMissingIsNamedWithTheOption() throws {
    let folder = try ScenarioFolder()
    let missing = try ExecutableRunner.run(["train", "check"], in: folder.path(""))
    #expect(missing.status == 2)
    #expect(
      missing.stderr.contains("cannot list the exercises folder 'exercises' (no such folder)"),
      "\(missing.stderr)")
    #expect(missing.stderr.contains("or name the exercises folder with `--exercises DIR`"))
  }

  /// Issue 27: the commands `train` suggests repeat the options it was given, so that they work
  /// as typed; a failed check prints the `# Check:` hint written above it.
  @Test func suggestedCommandsRepeatTheOptionsAndCheckHintsShow() throws {
    let folder = try ScenarioFolder()
    try folder.write(
      "ex/01-upsert.scenario",
      Self.exercise.replacingOccurrences(
        of: "expect result \"new\"",
        with: "# Check: the new value must be stored: update the item.\nexpect result \"new\""))
    let options = [
      "--exercises", folder.path("ex"), "--state", folder.path("my state"), "--kdf", "fast",
    ]
    let again = "--exercises \(folder.path("ex")) --state '\(folder.path("my state"))' --kdf fast"
    let shown = try ExecutableRunner.run(["train"] + options)
    #expect(shown.stdout.contains("`keychain-sim train check \(again)`"), "\(shown.stdout)")
    #expect(shown.stdout.contains("`keychain-sim train hint \(again)`"))
    let failed = try ExecutableRunner.run(["train", "check"] + options)
    #expect(failed.status == 1)
    #expect(failed.stdout.contains("hint: the new value must be stored: update the item."))
    #expect(failed.stdout.contains("stuck? `keychain-sim train hint \(again)`"), "\(failed.stdout)")
    let plain = try ExecutableRunner.run(["train"], in: folder.path(""))
    #expect(plain.status == 2)
  }

  @Test func lessonsListAndPlay() throws {
    let folder = try ScenarioFolder()
    try folder.write(
      "lessons/a/first.scenario", "# Lesson: the first one.\nexpect device unlocked\n")
    try folder.write("lessons/regression/case.scenario", "# Lesson: hidden\n")
    let listed = try ExecutableRunner.run(["lessons", "--folder", folder.path("lessons")])
    #expect(listed.status == 0)
    #expect(listed.stdout.contains("a/first  the first one."))
    #expect(!listed.stdout.contains("hidden"))
    let played = try ExecutableRunner.run(
      ["lessons", "first", "--folder", folder.path("lessons"), "--kdf", "fast"])
    #expect(played.status == 0)
    #expect(played.stdout.contains("✓ passed (1 expectation held)"))
    try folder.write(
      "lessons/b/warned.scenario", "# Lesson: warned.\nuser will cancel\nexpect device unlocked\n")
    let warned = try ExecutableRunner.run(
      ["lessons", "warned", "--folder", folder.path("lessons"), "--kdf", "fast"])
    #expect(warned.status == 0)
    #expect(
      warned.stderr.contains(
        "lessons/b/warned.scenario:2: warning: scripted answer `user will cancel` was never used"))
    let unknown = try ExecutableRunner.run(["lessons", "nope", "--folder", folder.path("lessons")])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("no lesson named 'nope'"))
  }

  /// Issue 26: pitfall warnings say `keychain-sim lessons <name>`, which used to work only in a
  /// checkout (the lessons were read from ./scenarios): they are built into the executable, so
  /// the command lists and plays them from any directory.
  @Test func builtInLessonsWorkOutsideACheckout() throws {
    let elsewhere = try ScenarioFolder()  // an empty temporary directory: no scenarios/ in it
    let listed = try ExecutableRunner.run(["lessons"], in: elsewhere.path(""))
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.stdout.contains("data-protection/background-refresh  "))
    #expect(!listed.stdout.contains("regression/"))
    let played = try ExecutableRunner.run(
      ["lessons", "background-refresh", "--kdf", "fast"], in: elsewhere.path(""))
    #expect(played.status == 0, "\(played.stderr)")
    #expect(played.stdout.contains("data-protection/background-refresh.scenario"))
    #expect(played.stdout.contains("✓ passed"))
    let unknown = try ExecutableRunner.run(["lessons", "nope"], in: elsewhere.path(""))
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("no lesson named 'nope'"))
  }

  @Test func strictRunFailsOnAPitfall() throws {
    let folder = try ScenarioFolder()
    let file = try folder.write(
      "p.scenario",
      """
      let q = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a"]
      SecItemAdd q + [kSecValueData: "old"]
      SecItemDelete q
      SecItemAdd q + [kSecValueData: "new"]
      expect errSecSuccess
      """)
    let plain = try ExecutableRunner.run(["run", "--kdf", "fast", file])
    #expect(plain.status == 0)
    #expect(plain.stdout.contains("⚠ pitfall: SecItemDelete at line 3 then SecItemAdd"))
    // Like every warning: on stderr with its file and line, not repeated in the transcript.
    #expect(plain.stderr.contains("\(file):4: warning: pitfall: SecItemDelete at line 3"))
    #expect(!plain.stdout.contains("warning:"))
    let strict = try ExecutableRunner.run(["run", "--strict", "--kdf", "fast", "--quiet", file])
    #expect(strict.status == 1)
    #expect(strict.stdout.contains("\(file):4: pitfall (--strict): SecItemDelete at line 3"))
  }

  /// A pitfall warning names its lesson as a command, which plays that lesson (from the
  /// lessons folder: `scenarios/` of this repository here).
  @Test func aPitfallWarningNamesACommandThatPlaysItsLesson() throws {
    let folder = try ScenarioFolder()
    let file = try folder.write(
      "p.scenario",
      """
      let q = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a"]
      SecItemAdd q + [kSecAttrAccessGroup: "com.example.shared", kSecValueData: "v"]
      expect errSecMissingEntitlement
      """)
    let run = try ExecutableRunner.run(["run", "--kdf", "fast", file])
    #expect(run.status == 0)
    #expect(!run.stdout.contains("scenarios/") && !run.stderr.contains("scenarios/"))
    let start = try #require(run.stderr.range(of: "; play `"), "\(run.stderr)")
    let command = try #require(
      run.stderr[start.upperBound...].split(separator: "`").first.map(String.init))
    #expect(command == "keychain-sim lessons entitlements/missing-team-prefix")
    #expect(run.stdout.contains("`\(command)`"))  // the note under the statement, unbroken
    let words = command.split(separator: " ").map(String.init)
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let lesson = try ExecutableRunner.run(
      Array(words.dropFirst())
        + ["--folder", root.appendingPathComponent("scenarios").path, "--kdf", "fast"])
    #expect(lesson.status == 0, "\(lesson.stderr)")
    #expect(lesson.stdout.contains("missing-team-prefix.scenario"))
  }
}
