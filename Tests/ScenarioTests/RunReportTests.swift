import Foundation
import Testing

@testable import Scenario

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite struct RunReportTests {
  static let failure = ScenarioFailure(
    kind: .expectation, line: 12, statement: "expect errSecSuccess",
    expected: "errSecSuccess (0)", actual: "errSecItemNotFound (-25300): <not found> & \"gone\"",
    explanation: "no item matched")

  static let report = RunReport(files: [
    ScenarioFileReport(path: "a.scenario", transcript: "▶ a.scenario\n✓ passed\n"),
    ScenarioFileReport(path: "b.scenario", failures: [failure]),
    ScenarioFileReport(path: "c.scenario", loadError: "c.scenario:1:8: error: bad\nx\n ^\n"),
  ])

  @Test func exitCodeIsTwoWhenAFileDidNotParse() {
    #expect(Self.report.exitCode == 2)
    #expect(RunReport(files: [Self.report.files[0], Self.report.files[1]]).exitCode == 1)
    #expect(RunReport(files: [Self.report.files[0]]).exitCode == 0)
  }

  @Test func summaryCountsScenarioFiles() {
    #expect(Self.report.summaryLine == "1 passed, 1 failed, 1 error (3 scenario files)")
    #expect(
      RunReport(files: [Self.report.files[0]]).summaryLine == "1 passed, 0 failed (1 scenario file)"
    )
  }

  @Test func failureRendersFileLineExpectedActualAndWhy() {
    #expect(
      Self.failure.rendered(file: "b.scenario") == """
        b.scenario:12: expectation failed: expect errSecSuccess
          expected: errSecSuccess (0)
          actual:   errSecItemNotFound (-25300): <not found> & "gone"
          why:      no item matched
        """)
  }

  @Test func jsonHasSummaryAndFiles() throws {
    let object = try JSONSerialization.jsonObject(with: Data(Self.report.jsonText().utf8))
    let root = try #require(object as? [String: Any])
    let summary = try #require(root["summary"] as? [String: Any])
    #expect(summary["passed"] as? Int == 1)
    #expect(summary["failed"] as? Int == 1)
    #expect(summary["errors"] as? Int == 1)
    #expect(summary["exitCode"] as? Int == 2)
    let files = try #require(root["files"] as? [[String: Any]])
    #expect(files.map { $0["status"] as? String } == ["passed", "failed", "error"])
    let failures = try #require(files[1]["failures"] as? [[String: Any]])
    #expect(failures.first?["line"] as? Int == 12)
    #expect(failures.first?["why"] as? String == "no item matched")
    #expect(failures.first?["text"] as? String == Self.failure.rendered(file: "b.scenario"))
  }

  @Test func junitIsWellFormedWithOneCasePerFile() throws {
    let xml = Self.report.junitXML()
    let document = try XMLDocument(data: Data(xml.utf8))
    let cases = try document.nodes(forXPath: "//testcase")
    #expect(cases.count == 3)
    #expect(try document.nodes(forXPath: "//testcase/failure").count == 1)
    #expect(try document.nodes(forXPath: "//testcase/error").count == 1)
    let message = try document.nodes(forXPath: "//failure/@message").first?.stringValue
    #expect(message == "b.scenario:12: expectation failed: expect errSecSuccess")
    let suite = try #require(try document.nodes(forXPath: "/testsuites").first as? XMLElement)
    #expect(suite.attribute(forName: "failures")?.stringValue == "1")
    #expect(suite.attribute(forName: "errors")?.stringValue == "1")
  }

  @Test func severalFailuresOfAFileAreOneFailureElement() throws {
    let pitfall = ScenarioFailure(
      kind: .pitfall, line: 20, statement: "SecItemDelete item", expected: "delete on error")
    let third = ScenarioFailure(
      kind: .expectation, line: 31, statement: "expect errSecItemNotFound",
      expected: "errSecItemNotFound (-25300)", actual: "errSecSuccess (0)")
    let file = ScenarioFileReport(path: "d.scenario", failures: [Self.failure, pitfall, third])
    let document = try XMLDocument(data: Data(RunReport(files: [file]).junitXML().utf8))
    let failures = try document.nodes(forXPath: "//testcase/failure")
    #expect(failures.count == 1)
    let element = try #require(failures.first as? XMLElement)
    #expect(element.attribute(forName: "type")?.stringValue == "expectation,pitfall")
    #expect(
      element.attribute(forName: "message")?.stringValue
        == "d.scenario:12: expectation failed: expect errSecSuccess"
        + " (and 2 more failures: lines 20, 31)")
    let text = element.stringValue ?? ""
    for failure in [Self.failure, pitfall, third] {
      #expect(text.contains(failure.rendered(file: "d.scenario")))
    }
  }
}

/// The spools JUnit is written through while a run plays.
@Suite struct TextSpoolTests {
  @Test func aFileSpoolGivesBackEverythingInOrderWithWholeCharacters() throws {
    let spool = try FileSpool()
    #expect(spool.isEmpty)
    // Enough `→` (three bytes each) that a 64 KiB read ends inside one.
    let text = String(repeating: "→ errSecSuccess ✓\n", count: 10_000)
    spool.append(text)
    spool.append("end\n")
    #expect(!spool.isEmpty)
    var pieces: [String] = []
    spool.drain { pieces.append($0) }
    #expect(pieces.count > 1, "read back in pieces, not whole")
    #expect(pieces.joined() == text + "end\n")
    #expect(!pieces.joined().contains("\u{FFFD}"), "no character was cut between pieces")
    #expect(spool.isEmpty)
    spool.append("again\n")
    var second = ""
    spool.drain { second += $0 }
    #expect(second == "again\n", "a drained spool starts empty")
  }

  @Test(
    arguments: [
      ([0x61], 0), ([0xE2, 0x86], 2), ([0xE2, 0x86, 0x92], 0), ([0xF0, 0x9F, 0x98], 3),
      ([0x61, 0xC3], 1),
    ] as [([UInt8], Int)])
  func anIncompleteCharacterAtTheEndIsCarried(_ bytes: [UInt8], _ carried: Int) {
    #expect(FileSpool.incompleteTail(of: bytes) == carried)
  }
}
