import Keychain
import Testing

@testable import Scenario

@Suite struct StatusExplainerTests {
  @Test(arguments: OSStatus.known)
  func everyKnownStatusHasGuidance(_ status: OSStatus) throws {
    let guidance = try #require(status.guidance)
    #expect(!guidance.meaning.isEmpty)
    #expect(!guidance.causes.isEmpty)
    #expect(!guidance.fix.isEmpty)
    let text = status.explanationText
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

  @Test func noErrIsErrSecSuccess() throws {
    #expect(try StatusExplainer.explain("noErr").hasPrefix("errSecSuccess (0)"))
  }
}
