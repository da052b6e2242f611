import Foundation
import Testing

@testable import Keychain

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
}
