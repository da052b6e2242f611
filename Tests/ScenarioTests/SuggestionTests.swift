import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// One "did you mean" rule for the parser, `help`, `explain` and the command line.
@Suite struct SuggestionTests {
  @Test func aTranspositionIsOneEdit() {
    #expect(Suggestion.editDistance(Array("devcie"), Array("device")) == 1)
    #expect(Suggestion.editDistance(Array("lock"), Array("lock")) == 0)
    #expect(Suggestion.editDistance(Array(""), Array("wait")) == 4)
  }

  @Test func aNameCutShortSuggestsTheShortestCandidateItBegins() {
    #expect(Suggestion.nearest(to: "bio", in: ["biometry", "biometryAny"]) == "biometry")
    #expect(Suggestion.nearest(to: "xyz", in: ["biometry", "device"]) == nil)
  }

  @Test func helpTopicsFollowTheParsersRule() {
    // A cut-short topic is suggested as the parser suggests a cut-short word.
    #expect(HelpText.text(for: "bio").hasPrefix("no help topic 'bio'; did you mean 'biometry'?"))
    #expect(
      HelpText.text(for: "devcie").hasPrefix("no help topic 'devcie'; did you mean 'device'?"))
  }

  @Test func statusNamesFollowTheParsersRule() {
    #expect(
      throws: UnknownStatusError(text: "errSecItemNotFuond", suggestion: "errSecItemNotFound")
    ) {
      try StatusExplainer.status(named: "errSecItemNotFuond")
    }
    #expect(throws: UnknownStatusError(text: "errSecDupl", suggestion: "errSecDuplicateItem")) {
      try StatusExplainer.status(named: "errSecDupl")
    }
  }
}
