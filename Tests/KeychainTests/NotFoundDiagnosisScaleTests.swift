import Foundation
import Testing

@testable import Keychain
@testable import KeychainEngine

/// The near-miss search reads a bounded number of rows per indexed probe, so a miss on a large
/// keychain does not open every item, and still finds the item one attribute away.
@Suite struct NotFoundDiagnosisScaleTests {
  /// More items sharing the query's service than one probe reads.
  static let siblings = NotFoundDiagnosis.probeLimit + 44

  @Test func theItemOneAttributeAwayIsFoundBehindManySiblings() throws {
    let device = try makeDevice()
    for index in 0..<Self.siblings {
      mustAdd(device, genp("user\(index)", service: "s1"))
    }
    // The near miss is the newest row, far behind the siblings that share the service.
    mustAdd(device, genp("bob", service: "s2"))
    let outcome = device.secItemCopyMatching(genp("bob", service: "s1"))
    #expect(outcome.status == .errSecItemNotFound)
    #expect(
      outcome.notFound?.nearMisses.first
        == .oneAttribute(
          .init(attribute: .account, value: "bob"), name: .service, stored: .text("s2"),
          queried: .text("s1")))
  }

  /// A slip in the account (case, spaces) is still found among the app's other items of the
  /// same service, which the probe leaving the account out opens one value of each.
  @Test func aSlipInTheAccountIsFoundAmongSiblings() throws {
    let device = try makeDevice()
    for index in 0..<(NotFoundDiagnosis.siblingProbeLimit - 2) {
      mustAdd(device, genp("user\(index)", service: "s1"))
    }
    mustAdd(device, genp("Bob@Example.com ", service: "s1"))
    mustAdd(device, genp("carol", service: "s1"))
    let outcome = device.secItemCopyMatching(genp("bob@example.com", service: "s1"))
    #expect(outcome.status == .errSecItemNotFound)
    #expect(
      outcome.notFound?.nearMisses
        == [
          .oneAttribute(
            .init(attribute: .service, value: "s1"), name: .account,
            stored: .text("Bob@Example.com "), queried: .text("bob@example.com"))
        ])
  }

  /// The ASCII shortcut of `looksAlike` folds as Foundation's trimming and lowercasing do.
  @Test(arguments: [
    ("bob", "bob"), ("Bob", "bOB"), (" bob\t", "BOB"), ("\u{0B}bob\u{0C}\r\n", "bob"),
    ("bob", "bo b"), ("bob", "bobs"), ("", "  "), ("a", ""), ("[@]", "[`]"), ("Zoë", "ZOË"),
    ("é ", "É"), ("bob\u{85}", "bob"), ("bob\u{A0}", "BOB"), ("x", "y"),
  ])
  func looksAlikeFoldsAsFoundationDoes(_ pair: (String, String)) {
    func folded(_ text: String) -> String {
      text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
    let expected = folded(pair.0) == folded(pair.1)
    #expect(NotFoundDiagnosis.looksAlike(.text(pair.0), .text(pair.1)) == expected)
    #expect(
      NotFoundDiagnosis.looksAlike(.blob(Data(pair.0.utf8)), .text(pair.1)) == expected)
  }
}
