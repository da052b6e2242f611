import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The executable end to end: exit codes, output formats, piped input, `explain`.
@Suite struct CommandLineTests {
  static let passing = """
    device passcode 1234
    let item = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a"]
    SecItemAdd item + [kSecValueData: "s3cret"]
    expect errSecSuccess
    device lock
    wait 11s
    SecItemCopyMatching item + [kSecReturnData: true]
    expect errSecInteractionNotAllowed

    """
  static let failing = """
    SecItemCopyMatching [kSecClass: kSecClassGenericPassword]
    expect errSecSuccess

    """
  static let unparsable = """
    device passcode 1234
    device unlcok 1234

    """

  /// A child that exits without reading its input must not take the test process with it:
  /// a megabyte is more than a pipe holds, so the write meets a pipe with no reader (SIGPIPE,
  /// which killed the whole run before `ExecutableRunner` ignored it).
  @Test func inputTheExecutableNeverReadsIsNotFatal() throws {
    let unread = String(repeating: "device lock\n", count: 100_000)
    let result = try ExecutableRunner.run(["--no-such-option"], stdin: unread)
    #expect(result.status == 2)
    #expect(result.stderr.contains("unknown option '--no-such-option'"))
  }

  @Test func passingFileExitsZero() throws {
    let folder = try ScenarioFolder()
    let file = try folder.write("ok.scenario", Self.passing)
    let result = try ExecutableRunner.run(["run", "--kdf", "fast", file])
    #expect(result.status == 0)
    #expect(result.stdout.contains("expect errSecInteractionNotAllowed  ✓"))
    #expect(result.stdout.hasSuffix("1 passed, 0 failed (1 scenario file)\n"))
    #expect(!result.stdout.contains("s3cret"))  // item data given in a query is masked
    #expect(!result.stdout.contains("1234"))  // so is the passcode
  }

  @Test func failedExpectationExitsOneWithFileAndLine() throws {
    let folder = try ScenarioFolder()
    let file = try folder.write("bad.scenario", Self.failing)
    let result = try ExecutableRunner.run(["run", "--kdf", "fast", file])
    #expect(result.status == 1)
    #expect(result.stdout.contains("\(file):2: expectation failed: expect errSecSuccess"))
    #expect(result.stdout.contains("actual:   errSecItemNotFound (-25300)"))
  }

  @Test func parseErrorExitsTwoAndRunsNothing() throws {
    let folder = try ScenarioFolder()
    let file = try folder.write("broken.scenario", Self.unparsable)
    let result = try ExecutableRunner.run(["run", "--kdf", "fast", file])
    #expect(result.status == 2)
    #expect(result.stderr.contains("\(file):2:8: error:"))
    #expect(result.stderr.contains("device unlcok ••••\n       ^"))  // the passcode masked
    #expect(!result.stdout.contains("passcode set"))
  }

  /// Issue 28's lines, each a parse error whose message once quoted a secret back.
  static let quotingSecrets = """
    device passcode "abc"SECRETTAIL"
    SecItemAdd [kSecClass: kSecClassGenericPassword, kSecValueData: "x" "PLUTO9SECRET"]
    SecItemAdd [kSecClass: kSecClassGenericPassword, kSecValueData: ""PLUTO9SECRET""]
    SecItemUpdate [kSecClass: kSecClassGenericPassword] [kSecValueData: \"""PLUTO9SECRET\"""]
    let x = [kSecClass: kSecClassGenericPassword, kSecValueData: "x" "PLUTO9SECRET"]
    backup create m encrypted password x PLUTO9SECRET
    unlock 123456
    passcode 918273
    device passcode #"RAWSECRET"#

    """

  @Test func parseErrorsQuoteNoSecretInTextJSONOrJUnit() throws {
    let folder = try ScenarioFolder()
    let file = try folder.write("secrets.scenario", Self.quotingSecrets)
    let junit = folder.path("junit.xml")
    let text = try ExecutableRunner.run(["run", "--kdf", "fast", "--junit", junit, file])
    let json = try ExecutableRunner.run(["run", "--kdf", "fast", "--format", "json", file])
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(text.status == 2 && json.status == 2)
    let outputs = ["text": text.stdout + text.stderr, "JSON": json.stdout, "JUnit": xml]
    for (name, output) in outputs {
      for secret in ["SECRETTAIL", "PLUTO9SECRET", "123456", "918273", "RAWSECRET"] {
        #expect(!output.contains(secret), "\(name) leaks \(secret): \(output)")
      }
      // Still useful: each error names its line and says what is wrong.
      for expected in [
        "secrets.scenario:1:22: error: unexpected `••••` after the end of the statement",
        "secrets.scenario:2:69: error: expected `,` or `]`, found `••••`",
        "secrets.scenario:6:38: error: unexpected `••••` after the end of the statement",
        "secrets.scenario:7:1: error: unknown statement `unlock`; did you mean `device unlock`?",
        "secrets.scenario:9:17: error: expected a passcode, found the end of the statement",
      ] {
        #expect(output.contains(expected), "\(name) lacks \(expected): \(output)")
      }
    }
  }

  @Test func missingFileExitsTwo() throws {
    let result = try ExecutableRunner.run(["run", "/nonexistent/x.scenario"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("/nonexistent/x.scenario: error: no such file or folder"))
  }

  @Test func folderRunsEveryScenarioRecursivelySorted() throws {
    let folder = try ScenarioFolder()
    try folder.write("b.scenario", Self.passing)
    try folder.write("a/nested.scenario", Self.failing)
    try folder.write("notes.txt", "not a scenario")
    let result = try ExecutableRunner.run(["run", "--kdf", "fast", "--quiet", folder.url.path])
    #expect(result.status == 1)
    #expect(result.stdout.contains("a/nested.scenario:2: expectation failed"))
    #expect(result.stdout.hasSuffix("1 passed, 1 failed (2 scenario files)\n"))
    #expect(!result.stdout.contains("▶"))  // --quiet: only failures and the summary
  }

  @Test(arguments: [(passing, Int32(0)), (failing, Int32(1)), (unparsable, Int32(2))])
  func pipedInputPlaysLikeAFile(source: String, status: Int32) throws {
    let result = try ExecutableRunner.run(["--kdf", "fast"], stdin: source)
    #expect(result.status == status)
    #expect(!result.stdout.contains("❯"))  // no prompts when standard input is not a terminal
  }

  @Test func jsonFormatIsJSON() throws {
    let folder = try ScenarioFolder()
    let ok = try folder.write("ok.scenario", Self.passing)
    let bad = try folder.write("bad.scenario", Self.failing)
    let result = try ExecutableRunner.run(["run", "--kdf", "fast", "--format", "json", ok, bad])
    #expect(result.status == 1)
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    let root = try #require(object as? [String: Any])
    let files = try #require(root["files"] as? [[String: Any]])
    #expect(files.map { $0["status"] as? String } == ["passed", "failed"])
  }

  /// `--junit` naming a folder used to say only "NSCocoaErrorDomain error 512": the message
  /// names the path and why it cannot be written.
  @Test func junitNamingAFolderSaysItIsAFolder() throws {
    let folder = try ScenarioFolder()
    let file = try folder.write("1.scenario", "device lock\n")
    let reports = folder.path("reports")
    try FileManager.default.createDirectory(atPath: reports, withIntermediateDirectories: true)
    let result = try ExecutableRunner.run(["run", "--kdf", "fast", "--junit", reports, file])
    #expect(result.status == 2)
    #expect(
      result.stderr.contains(
        "keychain-sim: cannot write JUnit XML to \(reports): it is a directory"),
      "\(result.stderr)")
    #expect(!result.stderr.contains("NSCocoaErrorDomain"), "\(result.stderr)")
    let blocked = try folder.write("plain.txt", "a file, not a folder")
    let under = try ExecutableRunner.run(
      ["run", "--kdf", "fast", "--junit", blocked + "/results.xml", file])
    #expect(under.status == 2)
    #expect(under.stderr.contains("its folder \(blocked) cannot be created"), "\(under.stderr)")
    #expect(!under.stderr.contains("NSCocoaErrorDomain"), "\(under.stderr)")
  }

  @Test func junitReportParsesAsXML() throws {
    let folder = try ScenarioFolder()
    let ok = try folder.write("ok.scenario", Self.passing)
    let bad = try folder.write("bad.scenario", Self.failing)
    let broken = try folder.write("broken.scenario", Self.unparsable)
    let junit = folder.path("junit.xml")
    let result = try ExecutableRunner.run([
      "run", "--kdf", "fast", "--junit", junit, ok, bad, broken,
    ])
    #expect(result.status == 2)
    let document = try XMLDocument(contentsOf: URL(fileURLWithPath: junit))
    #expect(try document.nodes(forXPath: "//testcase").count == 3)
    #expect(try document.nodes(forXPath: "//testcase/failure").count == 1)
    #expect(try document.nodes(forXPath: "//testcase/error").count == 1)
    // Written beside the report under a temporary name and renamed: nothing else is left.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [
        "bad.scenario", "broken.scenario", "junit.xml", "ok.scenario",
      ])
  }

  @Test func deviceFileCarriesStateAcrossRuns() throws {
    let folder = try ScenarioFolder()
    let device = folder.path("phone.device")
    let first = try folder.write(
      "1.scenario",
      """
      device passcode 1234
      SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "kept", kSecValueData: "v"]
      expect errSecSuccess

      """)
    let second = try folder.write(
      "2.scenario",
      """
      expect device beforeFirstUnlock
      device unlock 1234
      SecItemCopyMatching [kSecClass: kSecClassGenericPassword, kSecReturnData: true]
      expect result "v"

      """)
    #expect(
      try ExecutableRunner.run(["run", "--kdf", "fast", "--device", device, first]).status == 0)
    let result = try ExecutableRunner.run(["run", "--kdf", "fast", "--device", device, second])
    #expect(result.status == 0, "\(result.stdout)")
  }

  /// `--device "$(mktemp)"`: the empty file becomes the device, and a second run finds it.
  @Test func emptyDeviceFileIsCreatedInto() throws {
    let folder = try ScenarioFolder()
    let device = folder.path("phone.device")
    #expect(FileManager.default.createFile(atPath: device, contents: Data()))
    let first = try folder.write("1.scenario", "device passcode 1234\n")
    let second = try folder.write("2.scenario", "expect device beforeFirstUnlock\n")
    let created = try ExecutableRunner.run(["run", "--kdf", "fast", "--device", device, first])
    #expect(created.status == 0, "\(created.stdout)\(created.stderr)")
    let reopened = try ExecutableRunner.run(["run", "--kdf", "fast", "--device", device, second])
    #expect(reopened.status == 0, "\(reopened.stdout)\(reopened.stderr)")
  }

  @Test func missingDeviceFolderIsNamed() throws {
    let folder = try ScenarioFolder()
    let device = folder.path("no-such-folder/phone.device")
    let file = try folder.write("1.scenario", "device lock\n")
    let result = try ExecutableRunner.run(["run", "--kdf", "fast", "--device", device, file])
    #expect(result.status != 0)
    #expect(result.stderr.contains("the folder '\(folder.path("no-such-folder"))' does not exist"))
  }

  /// SQLite opens a file it may not write read-only and used to lose every change with exit
  /// status 0. The run now refuses the file up front, naming it. As root, the executable runs
  /// without the capability that lets root write a read-only file.
  @Test func readOnlyDeviceFileIsRefused() throws {
    let folder = try ScenarioFolder()
    let device = folder.path("phone.device")
    let setup = try folder.write("1.scenario", "device passcode 1234\n")
    #expect(
      try ExecutableRunner.run(["run", "--kdf", "fast", "--device", device, setup]).status == 0)
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: device)
    let before = try Data(contentsOf: URL(fileURLWithPath: device))
    let change = try folder.write("2.scenario", "device unlock 1234\nwait 5m\n")
    let arguments = ["run", "--kdf", "fast", "--device", device, change]
    let result = try ExecutableRunner.runHonouringPermissions(arguments)
    #expect(result.status != 0, "\(result.stdout)")
    #expect(result.stderr.contains("'\(device)' is read-only"), "\(result.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: device)) == before)
  }

  /// A writable device file in a folder that may not be written used to fail at the first
  /// change with SQLite's "attempt to write a readonly database" (it cannot create its journal
  /// beside the file). It is refused up front, naming the file and the folder, and kept. As
  /// root, the executable runs without the capability that lets root write anywhere.
  @Test func writableDeviceFileInAReadOnlyFolderIsRefused() throws {
    let folder = try ScenarioFolder()
    let deviceFolder = folder.path("devices")
    let device = deviceFolder + "/phone.device"
    try FileManager.default.createDirectory(
      atPath: deviceFolder, withIntermediateDirectories: true)
    let setup = try folder.write("1.scenario", "device passcode 1234\n")
    #expect(
      try ExecutableRunner.run(["run", "--kdf", "fast", "--device", device, setup]).status == 0)
    try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: device)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o555], ofItemAtPath: deviceFolder)
    defer {
      try? FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: deviceFolder)
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: device))
    let change = try folder.write("2.scenario", "device unlock 1234\nwait 5m\n")
    let arguments = ["run", "--kdf", "fast", "--device", device, change]
    let result = try ExecutableRunner.runHonouringPermissions(arguments)
    #expect(result.status == 2, "\(result.stdout)")
    #expect(
      result.stderr.contains("'\(device)' is in a read-only folder '\(deviceFolder)'"),
      "\(result.stderr)")
    #expect(result.stderr.contains("make the folder writable"), "\(result.stderr)")
    #expect(!result.stderr.contains("SQLite error"), "\(result.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: device)) == before)
  }

  @Test(arguments: ["-25308", "errSecInteractionNotAllowed"])
  func explainPrintsMeaningCausesAndFix(_ status: String) throws {
    let result = try ExecutableRunner.run(["explain", status])
    #expect(result.status == 0)
    #expect(
      result.stdout.hasPrefix(
        "errSecInteractionNotAllowed (-25308): User interaction is not allowed."))
    #expect(result.stdout.contains("What it means"))
    #expect(result.stdout.contains("Common causes"))
    #expect(result.stdout.contains("Fix"))
  }

  @Test func explainUnknownStatusExitsTwo() throws {
    let result = try ExecutableRunner.run(["explain", "errSecBogus"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("unknown status 'errSecBogus'"))
  }

  @Test func helpAndVersion() throws {
    let help = try ExecutableRunner.run(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("keychain-sim run <file-or-folder|->..."))
    let version = try ExecutableRunner.run(["--version"])
    #expect(version.status == 0)
    #expect(version.stdout.hasPrefix("keychain-sim "))
  }

  @Test func badCommandLineExitsTwo() throws {
    let result = try ExecutableRunner.run(["run", "--format", "yaml", "x"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--format takes json or text, not 'yaml'"))
  }
}
