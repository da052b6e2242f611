import Testing

@testable import Scenario

/// `expect result kSecAttrModificationDate later than <earlier result>` and date literals
/// (issue 15 §3).
@Suite struct ItemDateExpectationTests {
  private func play(_ source: String) -> ScenarioFileReport {
    ScenarioRunner(options: .init(kdfProfile: .fast)).run(source: source, name: "test.scenario")
  }

  private let setup = """
    let item = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a"]
    SecItemAdd item + [kSecValueData: "v1"]
    SecItemCopyMatching item + [kSecReturnAttributes: true]
    let created = result

    """

  @Test func anUpdateIsLaterThanTheCreation() {
    let report = play(
      setup + """
        wait 1m
        SecItemUpdate item [kSecAttrLabel: "l"]
        SecItemCopyMatching item + [kSecReturnAttributes: true]
        expect result kSecAttrModificationDate later than created
        expect result kSecAttrCreationDate later than created
        expect result kSecAttrModificationDate earlier than created
        expect result kSecAttrCreationDate == "2025-01-01T00:00:00Z"
        expect result kSecAttrModificationDate == "2025-01-01T00:00:00Z"
        """)
    #expect(report.failures.map(\.line) == [9, 10, 12])
    #expect(report.transcript.contains("kSecAttrModificationDate 2025-01-01T00:01:00Z against"))
  }

  @Test func withoutADateTheExpectationSaysSo() {
    let report = play(
      setup + """
        SecItemCopyMatching item + [kSecReturnData: true]
        expect result kSecAttrCreationDate later than created
        """)
    #expect(report.failures.map(\.line) == [6])
    #expect(report.transcript.contains("the last result has no kSecAttrCreationDate date"))
  }

  @Test func aDateLiteralMustBeISO8601() {
    let result = ParsingTestSupport.parse(#"expect result kSecAttrCreationDate == "yesterday""#)
    #expect(
      result.diagnostics.map(\.kind) == [
        .expected("a date such as \"2025-01-01T00:00:00Z\"", found: "`••••`")
      ])
  }
}
