import Testing

@testable import Scenario

/// The words the REPL completes.
@Suite struct ParsingVocabularyTests {
  @Test func vocabularyHoldsEveryKindOfWord() {
    let words = Set(ScenarioParser.vocabulary)
    for word in [
      "device", "SecItemCopyMatching", "kSecAttrAccount", "kSecClassGenericPassword",
      "biometryCurrentSet", "kSecAccessControlUserPresence", "deviceOwnerAuthentication",
      "errSecInteractionNotAllowed", "biometryLockout", "touchIDLockout", "evaluatePolicy",
      "beforeFirstUnlock",
    ] {
      #expect(words.contains(word), "\(word)")
    }
    #expect(ScenarioParser.vocabulary == ScenarioParser.vocabulary.sorted())
  }
}
