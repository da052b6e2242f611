import Testing

@testable import DeviceState
@testable import KeychainEngine

/// The order of the read rules (``ReadObstacle``): each obstacle wins over every later one.
@Suite struct ReadObstacleTests {
  static let locked = ClassAvailability.unavailable(.beforeFirstUnlock)

  @Test func aReadWithNoObstacleSucceeds() {
    #expect(
      ReadObstacle.first(
        callerHasAccessGroup: true, classKey: .available, needsPrompt: false,
        biometrySetChanged: false, promptAllowed: false) == nil)
    #expect(
      ReadObstacle.first(
        callerHasAccessGroup: true, classKey: .available, needsPrompt: true,
        biometrySetChanged: false, promptAllowed: true) == nil)
  }

  @Test func theEntitlementWinsOverEverythingElse() {
    #expect(
      ReadObstacle.first(
        callerHasAccessGroup: false, classKey: Self.locked, needsPrompt: true,
        biometrySetChanged: true, promptAllowed: false) == .missingEntitlement)
    #expect(
      ReadObstacle.first(
        callerHasAccessGroup: false, classKey: .available, needsPrompt: false,
        biometrySetChanged: false, promptAllowed: true) == .missingEntitlement)
  }

  @Test(arguments: [
    UnavailabilityReason.beforeFirstUnlock, .noPasscode,
    .lockedPastGrace(lockedFor: .seconds(11)),
  ])
  func theClassKeyWinsOverTheAccessControl(reason: UnavailabilityReason) {
    #expect(
      ReadObstacle.first(
        callerHasAccessGroup: true, classKey: .unavailable(reason), needsPrompt: true,
        biometrySetChanged: true, promptAllowed: false) == .classKeyUnavailable(reason))
  }

  @Test func aChangedEnrolmentSetWinsOverTheMissingPrompt() {
    #expect(
      ReadObstacle.first(
        callerHasAccessGroup: true, classKey: .available, needsPrompt: true,
        biometrySetChanged: true, promptAllowed: false) == .biometrySetChanged)
    // Even where a prompt could be shown: no prompt can satisfy a lost binding.
    #expect(
      ReadObstacle.first(
        callerHasAccessGroup: true, classKey: .available, needsPrompt: true,
        biometrySetChanged: true, promptAllowed: true) == .biometrySetChanged)
  }

  @Test func aPromptThatCannotBeShownIsTheLastObstacle() {
    #expect(
      ReadObstacle.first(
        callerHasAccessGroup: true, classKey: .available, needsPrompt: true,
        biometrySetChanged: false, promptAllowed: false) == .promptNotAllowed)
  }

  @Test func anItemWithoutAccessControlHasNoAccessControlObstacle() {
    #expect(
      ReadObstacle.accessControl(needsPrompt: false, biometrySetChanged: true, promptAllowed: false)
        == nil)
    #expect(ReadObstacle.entitlement(callerHasAccessGroup: true) == nil)
    #expect(ReadObstacle.classKey(.available) == nil)
  }
}
