import Foundation
import ItemStore
import Testing

@testable import Devices
@testable import Fleet
@testable import Keychain
@testable import KeychainEngine

/// The few checks of wording: other tests assert failure kinds, and the golden transcripts pin
/// the text end to end. These pin the renderer's composition for representative kinds.
@Suite struct SecItemFailureRenderingTests {
  @Test func wrongTypeNamesTheKeyTheTypeAndTheFix() {
    let failure = SecItemFailure(.errSecParam, .wrongType(key: .valueData, got: .string))
    #expect(failure.explanation.cause == "kSecValueData (\"v_Data\") must be CFData, got a string")
    #expect(failure.explanation.fix == "pass Data, e.g. Data(\"secret\".utf8)")
    #expect(failure.outcome.failure == failure.kind)
    #expect(failure.outcome.limitation == nil)
  }

  @Test func unsupportedCarriesItsLimitation() {
    let failure = SecItemFailure.unsupported(.identityClass)
    #expect(failure.status == .errSecUnimplemented)
    #expect(
      failure.outcome.limitation?.feature
        == "kSecClassIdentity (identities are a join of a certificate and its private key)")
    #expect(failure.explanation.cause.hasPrefix("not simulated yet: kSecClassIdentity"))
  }

  @Test func notFoundComposesTheNearestMissAndCountsTheOthers() {
    let subject = NotFoundDiagnosis.Subject(attribute: .account, value: "b")
    let notFound = SecItemFailure.NotFound(
      itemClass: .genp, searchedGroups: ["T.app"], lost: 0,
      nearMisses: [
        .oneAttribute(subject, name: .service, stored: .text("s1"), queried: .text("s2")),
        .synchronizable,
      ],
      sealedAttributes: [])
    let explanation = SecItemFailure(.errSecItemNotFound, .itemNotFound(notFound)).explanation
    #expect(
      explanation.cause
        == "no kSecClassGenericPassword item matches the query in the caller's access groups "
        + "(T.app); an item with kSecAttrAccount `b` exists with kSecAttrService `s1`, not `s2` "
        + "(1 other near miss(es))")
    #expect(
      explanation.fix
        == "query kSecAttrService `s1` if that is the item, or drop kSecAttrService from the "
        + "query; every attribute in a query must match")
  }

  /// Two values that render alike are told apart by their types (a string and the same bytes
  /// as data are one value of a hashed attribute since issue 10, so this is the wording's
  /// last resort, not a near miss the engine reports for them).
  @Test func valuesThatRenderAlikeAreToldApartByType() {
    let subject = NotFoundDiagnosis.Subject(attribute: nil, value: nil)
    let (cause, _) = SecItemFailureRenderer.words(
      .oneAttribute(subject, name: .account, stored: .blob(Data("b".utf8)), queried: .text("b")))
    #expect(
      cause
        == "an item exists with kSecAttrAccount `b`, not `b` (stored as data, queried as a "
        + "string)")
  }

  @Test func lockedNamesItemClassReasonAndFix() {
    let item = SecItemFailure.ItemName(.genp, plain: ["acct": .text("a"), "svce": .text("s")])
    let explanation = SecItemFailure(
      .errSecInteractionNotAllowed,
      .classLocked(
        item, protection: .ck, availability: .unavailable(.beforeFirstUnlock), action: .update)
    ).explanation
    #expect(
      explanation.cause
        == "cannot update item `a` (genp, service s), which is kSecAttrAccessibleAfterFirstUnlock "
        + "(data protection class C); the device has restarted and has not been unlocked since, so class A and "
        + "C keys are not in memory (before first unlock); this is not corruption, do not "
        + "delete the item")
    #expect(explanation.fix?.hasPrefix("retry after the first unlock since boot") == true)
  }
}
