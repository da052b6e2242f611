import Testing

@testable import Simulation

/// `FailureReason` compares and hashes by case (not by its raw text): the order must stay
/// declaration order, the report's column order, and distinct reasons distinct keys.
@Suite struct FailureReasonOrderTests {
  @Test func orderIsDeclarationOrder() {
    let reasons = FailureReason.allCases
    for (i, lhs) in reasons.enumerated() {
      for (j, rhs) in reasons.enumerated() {
        #expect((lhs < rhs) == (i < j), "\(lhs) < \(rhs)")
        #expect((lhs == rhs) == (i == j), "\(lhs) == \(rhs)")
      }
    }
    #expect(reasons.shuffled().sorted() == reasons)
  }

  @Test func eachReasonIsItsOwnKey() {
    var counts: [FailureReason: Int] = [:]
    for (index, reason) in FailureReason.allCases.enumerated() { counts[reason] = index }
    #expect(counts.count == FailureReason.allCases.count)
    for (index, reason) in FailureReason.allCases.enumerated() { #expect(counts[reason] == index) }
    #expect(Set(FailureReason.allCases.map(\.hashValue)).count == FailureReason.allCases.count)
  }
}
