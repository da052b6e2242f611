import Foundation
import Keychain
import Testing

@testable import Scenario
@testable import ScenarioLanguage

@Suite struct StatusExplainerTests {
  @Test(arguments: OSStatus.known.filter { $0.guidance != nil })
  func everyGuidedStatusIsExplained(_ status: OSStatus) throws {
    let guidance = try #require(status.guidance)
    #expect(!guidance.meaning.isEmpty)
    #expect(!guidance.causes.isEmpty)
    #expect(!guidance.fix.isEmpty)
    let text = StatusExplainer.explanationText(for: status)
    #expect(text.hasPrefix(status.description))
    let lines = text.components(separatedBy: "\n").dropFirst()
    #expect(lines.allSatisfy { $0.count <= 100 })
  }

  @Test(arguments: ["errSecInteractionNotAllowed", "-25308", " -25308 "])
  func namesAndNumbersResolve(_ text: String) throws {
    #expect(try StatusExplainer.status(named: text) == .errSecInteractionNotAllowed)
  }

  @Test func unknownStatusSuggestsTheClosestName() {
    #expect(
      throws: UnknownStatusError(text: "errSecItemNotFund", suggestion: "errSecItemNotFound")
    ) { try StatusExplainer.status(named: "errSecItemNotFund") }
    #expect(throws: UnknownStatusError(text: "-1", suggestion: nil)) {
      try StatusExplainer.status(named: "-1")
    }
  }

  @Test func interactionNotAllowedNamesTheBackgroundTrap() throws {
    let text = try StatusExplainer.explain("-25308")
    #expect(text.contains("kSecAttrAccessibleAfterFirstUnlock"))
    #expect(text.contains("Common causes"))
  }

  @Test(arguments: [
    ("LAError.userCancel", "errSecUserCanceled (-128)."),
    ("LAError.notInteractive", "errSecInteractionNotAllowed (-25308)."),
    ("LAError.biometryLockout", "errSecAuthFailed (-25293)."),
    ("LAError.touchIDLockout", "errSecAuthFailed (-25293)."),
  ])
  func laErrorsNameTheStatusAKeychainCallReports(text: String, status: String) throws {
    let explanation = try StatusExplainer.explain(text)
    #expect(explanation.hasSuffix("In a keychain call it becomes \(status)"))
    #expect(!explanation.contains(".."))
  }

  @Test func theExplanationWrapsToTheWidthAsked() {
    let status = OSStatus.errSecInteractionNotAllowed
    let narrow = StatusExplainer.explanationText(for: status, width: 50)
    let wide = StatusExplainer.explanationText(for: status)
    // A word longer than the width (a long constant name) stands alone on its line.
    let fits = { (line: String) in line.count <= 50 || !line.drop { $0 == " " }.contains(" ") }
    #expect(narrow.components(separatedBy: "\n").dropFirst().allSatisfy(fits))
    #expect(wide.components(separatedBy: "\n").contains { $0.count > 50 })
    let words = { (text: String) in text.split(whereSeparator: \.isWhitespace) }
    #expect(words(narrow) == words(wide))
  }

  @Test func noErrIsErrSecSuccess() throws {
    #expect(try StatusExplainer.explain("noErr").hasPrefix("errSecSuccess (0)"))
  }
}

/// `explain` takes what people paste: numbers without their sign, bare LAError names, LAError
/// numbers.
@Suite struct ExplainSubjectTests {
  @Test(arguments: [
    ("25308", ExplainSubject.status(.errSecInteractionNotAllowed)),
    ("-25308", .status(.errSecInteractionNotAllowed)),
    ("notInteractive", .laError(.notInteractive)), ("LAError.userCancel", .laError(.userCancel)),
    ("-1004", .laError(.notInteractive)), ("touchIDLockout", .laError(.biometryLockout)),
    ("-4", .status(OSStatus(rawValue: -4))), ("noErr", .status(.errSecSuccess)),
  ])
  func subjects(_ text: String, _ expected: ExplainSubject) throws {
    #expect(try StatusExplainer.subject(for: text) == expected)
  }

  @Test func unknownSubjectsSuggestAcrossStatusesAndLAErrors() {
    #expect(throws: UnknownStatusError(text: "notInteractiv", suggestion: "LAError.notInteractive"))
    {
      try StatusExplainer.subject(for: "notInteractiv")
    }
  }

  /// `explain` trims blanks itself rather than through Foundation (start-up); it must trim
  /// exactly what `trimmingCharacters(in: .whitespaces)` trims, scalar by scalar.
  @Test(arguments: [
    "  -25308\t", "\u{00A0}noErr\u{3000}", "\t\n-25308\n", " \u{301}x ", "   ", "", "a b",
    "\u{2009}LAError.userCancel\u{202F}", "\u{200B}x\u{200B}", "\u{1680}é\u{1680}",
    "\u{200C}y\u{2060}", "\u{205F}\u{2000}z\u{200A}",
  ])
  func blanksAreTrimmedAsFoundationTrimsThem(_ text: String) {
    #expect(ExplainSubject.trimmingBlanks(text) == text.trimmingCharacters(in: .whitespaces))
  }

  @Test func everyBasicPlaneScalarIsABlankExactlyWhenFoundationSaysSo() {
    let mismatches = (UInt32(0)...0xFFFF).compactMap(Unicode.Scalar.init).filter { scalar in
      let text = "\(scalar)x\(scalar)"
      return ExplainSubject.trimmingBlanks(text) != text.trimmingCharacters(in: .whitespaces)
    }
    #expect(mismatches.isEmpty, "\(mismatches.map { String($0.value, radix: 16) })")
  }

  @Test func theParserTakesTheSameSpellings() throws {
    var parser = ScenarioParser(file: "t")
    let kinds = parser.parse("explain 25308\nexplain notInteractive\nexplain").statements
      .map(\.kind)
    #expect(
      kinds == [
        .explain(.status(.errSecInteractionNotAllowed)), .explain(.laError(.notInteractive)),
        .explain(.lastOutcome),
      ])
  }
}
