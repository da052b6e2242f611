import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The command line as tools like git and sqlite3 taught people to expect it, through the real
/// executable: `--opt=value`, `run -`, per-command help, `explain` by any spelling, JUnit and
/// JSON reports, warnings on stderr, no control codes in a pipe, completion scripts, man page.
@Suite struct CommandLineConventionTests {
  typealias Fixture = CommandLineTests

  @Test func optionsTakeAnEqualsSign() throws {
    let folder = try ScenarioFolder()
    let file = try folder.write("ok.scenario", Fixture.passing)
    let result = try ExecutableRunner.run(["run", "--kdf=fast", "--format=json", file])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("{"))
  }

  @Test func runDashReadsStandardInput() throws {
    let result = try ExecutableRunner.run(["run", "--kdf", "fast", "-"], stdin: Fixture.failing)
    #expect(result.status == 1)
    #expect(result.stdout.contains("▶ <stdin>"))
    #expect(result.stdout.contains("<stdin>:2: expectation failed: expect errSecSuccess"))
  }

  @Test(arguments: [["run", "--help"], ["help", "run"], ["run", "-h"]])
  func perCommandHelp(_ arguments: [String]) throws {
    let result = try ExecutableRunner.run(arguments)
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("USAGE\n  keychain-sim run [options] <file-or-folder|->...\n"))
    #expect(result.stdout.contains("--junit PATH"))
    #expect(!result.stdout.contains("keychain-sim explain <status>"))
  }

  @Test func helpForAnUnknownCommandSuggests() throws {
    let result = try ExecutableRunner.run(["help", "explian"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("no help for 'explian'; did you mean 'explain'?"))
  }

  @Test(arguments: [
    ("25308", "errSecInteractionNotAllowed (-25308)"),
    ("notInteractive", "LAError.notInteractive (-1004)"),
    ("LAError.notInteractive", "LAError.notInteractive (-1004)"),
    ("-1004", "LAError.notInteractive (-1004)"),
    ("-2", "LAError.userCancel (-2)"),
    ("noErr", "errSecSuccess (0)"),
  ])
  func explainTakesEverySpelling(_ text: String, _ heading: String) throws {
    let result = try ExecutableRunner.run(["explain", text])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix(heading))
  }

  @Test func explainOfANumberThatIsBothMentionsTheLAError() throws {
    let result = try ExecutableRunner.run(["explain", "-4"])
    #expect(result.stdout.hasPrefix("errSecUnimplemented (-4)"))
    #expect(result.stdout.contains("(-4 is also LAError.systemCancel (-4)"))
  }

  @Test func junitConformsToTheCommonSchemaAndCarriesTimesFoldersAndLines() throws {
    let folder = try ScenarioFolder()
    let ok = try folder.write("suite/auth/ok.scenario", Fixture.passing)
    let bad = try folder.write("suite/bad.scenario", Fixture.failing)
    let broken = try folder.write("broken.scenario", Fixture.unparsable)
    let junit = folder.path("reports/ci/junit.xml")  // parent folders do not exist yet
    let result = try ExecutableRunner.run([
      "run", "--kdf", "fast", "--junit=\(junit)", ok, bad, broken,
    ])
    #expect(result.status == 2, "\(result.stderr)")
    let document = try XMLDocument(contentsOf: URL(fileURLWithPath: junit))
    #expect(JUnitSchema.violations(of: document) == [])
    let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
    #expect(
      cases.map { $0.attribute(forName: "name")?.stringValue } == [
        "ok.scenario", "bad.scenario", "broken.scenario",
      ])
    let classes = cases.map { $0.attribute(forName: "classname")?.stringValue ?? "" }
    #expect(classes[0].hasSuffix(".suite.auth"))
    #expect(classes[1].hasSuffix(".suite"))
    for element in cases {
      let time = try #require(element.attribute(forName: "time")?.stringValue)
      #expect(Double(time) != nil)
    }
    let suite = try #require(document.nodes(forXPath: "//testsuite").first as? XMLElement)
    #expect(suite.attribute(forName: "time") != nil)
    let failure = try #require(document.nodes(forXPath: "//failure").first as? XMLElement)
    #expect(
      failure.attribute(forName: "message")?.stringValue
        == "\(bad):2: expectation failed: expect errSecSuccess")
  }

  /// CI viewers (Jenkins, GitLab, the GitHub reporters) show one failure per test case: a file
  /// with two failed expectations is one `<failure>` holding both.
  @Test func junitHasOneFailurePerTestCase() throws {
    let folder = try ScenarioFolder()
    let twice = try folder.write(
      "twice.scenario",
      """
      SecItemCopyMatching [kSecClass: kSecClassGenericPassword]
      expect errSecSuccess
      SecItemCopyMatching [kSecClass: kSecClassInternetPassword]
      expect errSecSuccess

      """)
    let junit = folder.path("junit.xml")
    let result = try ExecutableRunner.run(["run", "--kdf", "fast", "--junit", junit, twice])
    #expect(result.status == 1, "\(result.stderr)")
    let document = try XMLDocument(contentsOf: URL(fileURLWithPath: junit))
    #expect(JUnitSchema.violations(of: document) == [])
    let failures = try document.nodes(forXPath: "//testcase/failure")
    #expect(failures.count == 1)
    let failure = try #require(failures.first as? XMLElement)
    #expect(failure.attribute(forName: "type")?.stringValue == "expectation")
    #expect(
      failure.attribute(forName: "message")?.stringValue
        == "\(twice):2: expectation failed: expect errSecSuccess (and 1 more failure: line 4)")
    let text = failure.stringValue ?? ""
    #expect(text.contains("\(twice):2: expectation failed: expect errSecSuccess\n"))
    #expect(text.contains("\(twice):4: expectation failed: expect errSecSuccess\n"))
    #expect(text.contains("no kSecClassInternetPassword item matches"))
    let suite = try #require(document.nodes(forXPath: "//testsuite").first as? XMLElement)
    #expect(suite.attribute(forName: "failures")?.stringValue == "1")
  }

  @Test func theSchemaCheckCatchesWhatTheSchemaForbids() throws {
    let document = try XMLDocument(
      xmlString: #"""
        <testsuites><testsuite name="s" tests="1" failures="0"><testcase file="x" time="1.5s"/>
        </testsuite></testsuites>
        """#)
    let problems = JUnitSchema.violations(of: document)
    #expect(problems.contains("<testsuite> must have the attribute errors"))
    #expect(problems.contains("<testcase> may not have the attribute file"))
    #expect(problems.contains("<testcase> must have the attribute name"))
    #expect(problems.contains("<testcase> time '1.5s' is not a decimal number of seconds"))
  }

  @Test func jsonHasOneRecordPerStatement() throws {
    let folder = try ScenarioFolder()
    let file = try folder.write("ok.scenario", Fixture.passing + Fixture.failing)
    let result = try ExecutableRunner.run(["run", "--kdf", "fast", "--format", "json", file])
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let files = try #require(root["files"] as? [[String: Any]])
    let steps = try #require(files.first?["steps"] as? [[String: Any]])
    #expect(steps.count == 10)
    // The transcript is in each step's `transcript` and the file's `closing` (schema 2).
    #expect((steps.first?["transcript"] as? String)?.hasPrefix("   1  ") == true)
    #expect((files.first?["closing"] as? String)?.hasPrefix("✗ failed") == true)
    let read = try #require(steps.first { $0["line"] as? Int == 7 })
    #expect(read["statement"] as? String == "SecItemCopyMatching item + [kSecReturnData: true]")
    #expect(read["status"] as? String == "errSecInteractionNotAllowed")
    #expect((read["why"] as? String)?.contains("kSecAttrAccessibleWhenUnlocked") == true)
    #expect((read["fix"] as? String)?.isEmpty == false)
    #expect(steps.first { $0["line"] as? Int == 8 }?["status"] as? String == "held")
    let failed = try #require(steps.first { $0["line"] as? Int == 10 })
    #expect(failed["status"] as? String == "failed")
    // The item exists but the device is locked: the failure carries what happened and why.
    #expect(
      (failed["result"] as? String)?.hasPrefix("errSecInteractionNotAllowed (-25308)") == true)
    #expect((failed["why"] as? String)?.contains("locked") == true)
    #expect(!result.stdout.contains("s3cret"))
  }

  @Test func warningsCarryFileAndLineAndGoToStandardError() throws {
    let folder = try ScenarioFolder()
    let file = try folder.write("w.scenario", "device lock\nuser will cancel\n")
    let result = try ExecutableRunner.run(["run", "--kdf", "fast", file])
    #expect(result.status == 0)
    #expect(
      result.stderr.contains(
        "\(file):2: warning: scripted answer `user will cancel` was never used"))
    #expect(!result.stdout.contains("warning"))
  }

  @Test func noControlCodesWhenNotATerminal() throws {
    let folder = try ScenarioFolder()
    let file = try folder.write("x.scenario", Fixture.passing + Fixture.failing)
    let result = try ExecutableRunner.run(["run", "--kdf", "fast", file])
    #expect(result.stdout.contains("✓"))
    #expect(!result.stdout.contains("\u{1B}"))
    #expect(!result.stderr.contains("\u{1B}"))
  }

  @Test func bashCompletionCompletesCommandsOptionsAndValues() throws {
    let script = try ExecutableRunner.run(["completion", "bash"])
    #expect(script.status == 0)
    let folder = try ScenarioFolder()
    let path = try folder.write("completion.bash", script.stdout)
    func complete(_ words: [String]) throws -> [String] {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      let probe = """
        source '\(path)'
        COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
        _keychain_sim; printf '%s\\n' "${COMPREPLY[@]}"
        """
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/bash")
      process.arguments = ["-c", probe]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
      return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
    #expect(try complete(["keychain-sim", "ru"]) == ["run"])
    #expect(Set(try complete(["keychain-sim", "run", "--fo"])) == ["--format"])
    #expect(Set(try complete(["keychain-sim", "run", "--format", ""])) == ["text", "json"])
    #expect(try complete(["keychain-sim", "run", "--kdf", "f"]) == ["fast"])
    #expect(try complete(["keychain-sim", "completion", "z"]) == ["zsh"])
    #expect(try complete(["keychain-sim", "tr"]) == ["train"])
    #expect(try complete(["keychain-sim", "run", "--st"]) == ["--strict"])
    #expect(Set(try complete(["keychain-sim", "train", "c"])) == ["check"])
    #expect(try complete(["keychain-sim", "train", "--ex"]) == ["--exercises"])
    #expect(try complete(["keychain-sim", "lessons", "--fo"]) == ["--folder"])
    #expect(
      try complete(["keychain-sim", "explain", "errSecInteractionNotAll"]) == [
        "errSecInteractionNotAllowed"
      ])
  }

  @Test func zshCompletionAndManPageComeFromTheSameHelp() throws {
    let zsh = try ExecutableRunner.run(["completion", "zsh"])
    #expect(zsh.stdout.hasPrefix("#compdef keychain-sim\n"))
    // zsh parses it (scripts/deps.sh installs zsh for this check).
    let folder = try ScenarioFolder()
    let script = try folder.write("_keychain-sim", zsh.stdout)
    let check = Process()
    check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    check.arguments = ["zsh", "-n", script]
    try check.run()
    check.waitUntilExit()
    #expect(check.terminationStatus == 0)
    let man = try ExecutableRunner.run(["man"])
    #expect(man.stdout.hasPrefix(".TH KEYCHAIN-SIM 1"))
    let help = try ExecutableRunner.run(["run", "--help"])
    // Every option of `run` is offered by zsh and documented in the man page.
    for option in ["--quiet", "--format", "--junit", "--device", "--kdf", "--no-color"] {
      #expect(help.stdout.contains(option))
      #expect(zsh.stdout.contains("'\(option)["), "zsh lacks \(option)")
      #expect(man.stdout.contains(option.replacingOccurrences(of: "-", with: "\\-")))
    }
  }

  @Test func lessonsTrainAndStrictComeFromTheSameHelp() throws {
    let overview = try ExecutableRunner.run(["--help"])
    #expect(overview.stdout.contains("keychain-sim lessons [<name>]"))
    #expect(overview.stdout.contains("keychain-sim train [hint|check|list]"))
    #expect(overview.stdout.contains("--strict"))
    for arguments in [["train", "--help"], ["help", "train"]] {
      let help = try ExecutableRunner.run(arguments)
      #expect(help.status == 0)
      #expect(help.stdout.hasPrefix("USAGE\n  keychain-sim train [options] [hint|check|list]\n"))
      #expect(help.stdout.contains("--exercises DIR"))
      #expect(help.stdout.contains("--state PATH"))
    }
    #expect(try ExecutableRunner.run(["lessons", "-h"]).stdout.contains("--folder DIR"))
    let zsh = try ExecutableRunner.run(["completion", "zsh"]).stdout
    let bash = try ExecutableRunner.run(["completion", "bash"]).stdout
    let man = try ExecutableRunner.run(["man"]).stdout
    for option in ["--strict", "--folder", "--exercises", "--state"] {
      #expect(zsh.contains("'\(option)["), "zsh lacks \(option)")
      #expect(bash.contains(option), "bash lacks \(option)")
      let roff = option.replacingOccurrences(of: "-", with: "\\-")
      #expect(man.contains(roff), "man lacks \(option)")
    }
    #expect(man.contains(".SH KEYCHAIN\\-SIM LESSONS"))
    #expect(man.contains(".SH KEYCHAIN\\-SIM TRAIN"))
    #expect(zsh.contains("_keychain_sim_train()"))
    #expect(zsh.contains("'1:argument:(hint check list)'"))
  }

  @Test func initFileNeedsATerminal() throws {
    let result = try ExecutableRunner.run(["-i", "x.scenario"], stdin: "device lock\n")
    #expect(result.status == 2)
    #expect(result.stderr.contains("-i plays a file before an interactive session"))
  }
}

/// The help text is laid out for a terminal of 96 columns or more.
@Suite struct HelpLayoutTests {
  @Test(arguments: [
    ["--help"], ["help", "run"], ["help", "repl"], ["help", "explain"], ["help", "lessons"],
    ["help", "train"],
  ])
  func helpFitsInNinetySixColumns(_ arguments: [String]) throws {
    let result = try ExecutableRunner.run(arguments)
    let long = result.stdout.components(separatedBy: "\n").filter { $0.count > 96 }
    #expect(long.isEmpty, "\(long)")
  }
}
