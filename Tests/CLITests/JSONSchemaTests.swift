import Foundation
import Testing

/// `--format json` as docs/cli.md, "JSON schema" describes it: a versioned document whose
/// statuses, reasons, parse errors and warnings are fields, not only wrapped English.
@Suite struct JSONSchemaTests {
  static let scenario = """
    device passcode 1234
    let item = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a"]
    SecItemAdd item + [kSecValueData: "s3cret"]
    device lock
    wait 11s
    SecItemCopyMatching item + [kSecReturnData: true]
    expect errSecSuccess
    SecItemDelete item
    user will cancel
    let ctx = LAContext()
    ctx.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Pay")
    expect LAError.userCancel
    user will fail

    """

  struct Document {
    let root: [String: Any]
    let files: [[String: Any]]
    let stdout: String
    /// The scenario file, kept until the document goes.
    let folder: ScenarioFolder
    let file: String

    func steps(_ file: Int) throws -> [[String: Any]] {
      try #require(files[file]["steps"] as? [[String: Any]])
    }
    func step(_ file: Int, line: Int) throws -> [String: Any] {
      try #require(try steps(file).first { $0["line"] as? Int == line })
    }
  }

  func run() throws -> Document {
    let folder = try ScenarioFolder()
    let file = try folder.write("s.scenario", Self.scenario)
    let bad = try folder.write("bad.scenario", "device passcode 1234\n  device unlcok 1234\n")
    let result = try ExecutableRunner.run(["run", "--kdf", "fast", "--format", "json", file, bad])
    #expect(result.status == 2)
    #expect(result.stderr.isEmpty, "JSON mode keeps warnings in the document: \(result.stderr)")
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    return Document(
      root: root, files: try #require(root["files"] as? [[String: Any]]), stdout: result.stdout,
      folder: folder, file: file)
  }

  @Test func theDocumentHasASchemaVersionAndASummary() throws {
    let document = try run()
    #expect(document.root["schemaVersion"] as? Int == 2)
    let summary = try #require(document.root["summary"] as? [String: Any])
    #expect(summary["passed"] as? Int == 0)
    #expect(summary["failed"] as? Int == 1)
    #expect(summary["errors"] as? Int == 1)
    #expect(summary["files"] as? Int == 2)
    #expect(summary["exitCode"] as? Int == 2)
    #expect(document.files.map { $0["status"] as? String } == ["failed", "error"])
    #expect(document.files.first?["expectationsHeld"] as? Int == 1)
  }

  @Test func aStepHasItsStatusByNameAndNumberWhyFixAndText() throws {
    let document = try run()
    let read = try document.step(0, line: 6)
    #expect(read["status"] as? String == "errSecInteractionNotAllowed")
    #expect(read["code"] as? Int == -25308)
    let why = try #require(read["why"] as? String)
    #expect(why.hasPrefix("cannot read item `a` (genp), which is kSecAttrAccessibleWhenUnlocked"))
    #expect(!why.contains("\n"), "why is one sentence, not wrapped lines: \(why)")
    let fix = try #require(read["fix"] as? String)
    #expect(fix.hasPrefix("retry after the user unlocks the device") && !fix.contains("\n"))
    let transcript = try #require(read["transcript"] as? String)
    #expect(transcript.hasPrefix("   6  SecItemCopyMatching item + [kSecReturnData: true]\n"))
    #expect(transcript.contains("        why: cannot read item"))
    let evaluation = try document.step(0, line: 11)
    #expect(evaluation["status"] as? String == "LAError.userCancel")
    #expect(evaluation["code"] as? Int == -2)
    let lock = try document.step(0, line: 4)
    #expect(lock["status"] as? String == "done")
    #expect(lock["code"] == nil)
    #expect(
      lock["result"] as? String
        == "device locked; class A keys are discarded in 10s (grace period), class C keys stay "
        + "until reboot", "a summary is one line, not the transcript's wrapped lines")
    #expect(try document.step(0, line: 12)["status"] as? String == "held")
  }

  @Test func theTranscriptIsTheStepsTextsBetweenHeaderAndClosing() throws {
    let document = try run()
    let texts = try document.steps(0).map { try #require($0["transcript"] as? String) }
    let closing = try #require(document.files[0]["closing"] as? String)
    #expect(closing.hasPrefix("✗ failed (1 failure, 1 expectation held)\n"))
    let text = try ExecutableRunner.run(["run", "--kdf", "fast", document.file]).stdout
    #expect(text.hasPrefix("▶ \(document.file)\n" + texts.joined() + closing))
  }

  @Test func failuresAndWarningsAreFields() throws {
    let document = try run()
    let failures = try #require(document.files[0]["failures"] as? [[String: Any]])
    #expect(failures.count == 1)
    #expect(failures[0]["kind"] as? String == "expectation")
    #expect(failures[0]["line"] as? Int == 7)
    #expect(failures[0]["expected"] as? String == "errSecSuccess (0)")
    #expect((failures[0]["actual"] as? String)?.hasPrefix("errSecInteractionNotAllowed") == true)
    #expect((failures[0]["why"] as? String)?.hasPrefix("cannot read item") == true)
    #expect((failures[0]["fix"] as? String)?.hasPrefix("retry after") == true)
    #expect((failures[0]["text"] as? String)?.contains("s.scenario:7: expectation failed") == true)
    let warnings = try #require(document.files[0]["warnings"] as? [[String: Any]])
    let pitfall = try #require(warnings.first { $0["kind"] as? String == "pitfall" })
    #expect(pitfall["line"] as? Int == 8)
    #expect(pitfall["earlierLine"] as? Int == 6)
    #expect(pitfall["pitfall"] as? String == "deleteAfterFailedRead")
    #expect(pitfall["lesson"] as? String == "data-protection/background-refresh")
    #expect((pitfall["message"] as? String)?.hasPrefix("the item is deleted") == true)
    #expect((pitfall["text"] as? String)?.contains(":8: warning: pitfall: ") == true)
    let unused = try #require(warnings.first { $0["kind"] as? String == "unusedAnswers" })
    #expect(unused["line"] as? Int == 13)
    #expect(unused["count"] as? Int == 1)
    #expect(unused["answers"] as? [String] == ["fail"])
  }

  @Test func aParseErrorHasItsLineAndColumn() throws {
    let document = try run()
    let bad = document.files[1]
    #expect((bad["steps"] as? [Any])?.isEmpty == true)
    #expect((bad["error"] as? String)?.contains("error: unknown `device` command") == true)
    let diagnostics = try #require(bad["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.count == 1)
    #expect(diagnostics[0]["line"] as? Int == 2)
    #expect(diagnostics[0]["column"] as? Int == 10)
    #expect(diagnostics[0]["severity"] as? String == "error")
    #expect(
      diagnostics[0]["message"] as? String
        == "unknown `device` command `unlcok`; did you mean `unlock`?")
    #expect(!document.stdout.contains("1234"), "the passcode stays masked")
    #expect(!document.stdout.contains("s3cret"))
  }
}
