import Foundation
import Testing

@testable import Keychain
@testable import KeychainEngine

/// LAContext evaluations on the simulated device (docs/evidence.md §8).
@Suite struct LocalAuthenticationTests {
  struct CanEvaluateCase: Sendable, CustomTestStringConvertible {
    var name: String
    var type: BiometryType = .faceID
    var enrolled: [String] = ["alice"]
    var passcode = true
    var lockedOut = false
    var policy: LAPolicy
    var error: LAErrorCode?
    var refusal: AuthenticationRefusal?
    var testDescription: String { name }
  }

  static let canEvaluate: [CanEvaluateCase] = [
    CanEvaluateCase(
      name: "biometrics, enrolled → true", policy: .deviceOwnerAuthenticationWithBiometrics),
    CanEvaluateCase(
      name: "biometrics, no hardware → -6", type: .none,
      policy: .deviceOwnerAuthenticationWithBiometrics,
      error: .biometryNotAvailable, refusal: .noBiometricHardware),
    CanEvaluateCase(
      name: "biometrics, nothing enrolled → -7", enrolled: [],
      policy: .deviceOwnerAuthenticationWithBiometrics, error: .biometryNotEnrolled,
      refusal: .nothingEnrolled(.faceID)),
    CanEvaluateCase(
      name: "biometrics, no passcode → -5", enrolled: [], passcode: false,
      policy: .deviceOwnerAuthenticationWithBiometrics, error: .passcodeNotSet,
      refusal: .biometryNeedsPasscode(.faceID)),
    CanEvaluateCase(
      name: "biometrics, locked out → -8", lockedOut: true,
      policy: .deviceOwnerAuthenticationWithBiometrics, error: .biometryLockout,
      refusal: .biometryLockedOut(.faceID, failedMatches: 5)),
    CanEvaluateCase(
      name: "device owner, locked out → true", lockedOut: true, policy: .deviceOwnerAuthentication),
    CanEvaluateCase(
      name: "device owner, no passcode → -5", enrolled: [], passcode: false,
      policy: .deviceOwnerAuthentication, error: .passcodeNotSet, refusal: .noPasscodeForPolicy),
  ]

  @Test(arguments: canEvaluate)
  func canEvaluatePolicy(_ testCase: CanEvaluateCase) throws {
    let device = try makeDevice()
    _ = device.setBiometryType(testCase.type)
    if testCase.passcode { _ = device.setPasscode("123456") }
    for name in testCase.enrolled { _ = device.enrollBiometry(name) }
    if testCase.lockedOut {
      device.userAgent = QueuedUser(fiveFailedFaceIDScans)
      for _ in 0..<3 {
        _ = try device.evaluatePolicy(
          .deviceOwnerAuthenticationWithBiometrics, context: LAContext(), localizedReason: "x")
      }
    }
    let context = LAContext()
    #expect(context.biometryType == .none)
    let outcome = device.canEvaluatePolicy(testCase.policy, context: context)
    #expect(outcome.value == (testCase.error == nil))
    #expect(outcome.error == testCase.error)
    #expect(outcome.refusal == testCase.refusal)
    #expect(context.biometryType == testCase.type)
  }

  @Test func domainStateIsSetByCanEvaluateAndChangesWithEnrolments() throws {
    let device = try makeBiometricDevice()
    let first = LAContext()
    #expect(first.evaluatedPolicyDomainState == nil)
    _ = device.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, context: first)
    let before = try #require(first.evaluatedPolicyDomainState)
    _ = device.enrollBiometry("bob")
    let second = LAContext()
    _ = device.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, context: second)
    #expect(second.evaluatedPolicyDomainState != before)
    let passcodeOnly = LAContext()
    _ = device.canEvaluatePolicy(.deviceOwnerAuthentication, context: passcodeOnly)
    #expect(passcodeOnly.evaluatedPolicyDomainState == nil)
  }

  @Test func anEmptyReasonIsAnException() throws {
    let device = try makeBiometricDevice()
    #expect(throws: LAContextMisuse.self) {
      _ = try device.evaluatePolicy(
        .deviceOwnerAuthentication, context: LAContext(), localizedReason: "")
    }
  }

  struct EvaluateCase: Sendable, CustomTestStringConvertible {
    var name: String
    var policy: LAPolicy
    var answers: [UserResponse]
    var error: LAErrorCode?
    var refusal: AuthenticationRefusal?
    var interactionNotAllowed = false
    var background = false
    var invalidated = false
    var testDescription: String { name }
  }

  static let evaluations: [EvaluateCase] = [
    EvaluateCase(
      name: "match → success", policy: .deviceOwnerAuthenticationWithBiometrics, answers: [.match]),
    EvaluateCase(
      name: "cancel → -2", policy: .deviceOwnerAuthenticationWithBiometrics, answers: [.cancel],
      error: .userCancel, refusal: .cancelled(.faceID)),
    EvaluateCase(
      name: "fallback with biometrics → -3", policy: .deviceOwnerAuthenticationWithBiometrics,
      answers: [.fail, .fail, .fallback], error: .userFallback, refusal: .fallbackTapped),
    EvaluateCase(
      name: "fallback with device owner → passcode", policy: .deviceOwnerAuthentication,
      answers: [.fail, .fail, .fallback, .enter("123456")]),
    EvaluateCase(
      name: "two failures, then Cancel → -2", policy: .deviceOwnerAuthenticationWithBiometrics,
      answers: [.fail, .fail, .cancel], error: .userCancel, refusal: .cancelled(.faceID)),
    EvaluateCase(
      name: "interactionNotAllowed → -1004", policy: .deviceOwnerAuthentication, answers: [],
      error: .notInteractive, refusal: .interactionNotAllowed([.contextInteractionNotAllowed]),
      interactionNotAllowed: true),
    EvaluateCase(
      name: "background → -1004", policy: .deviceOwnerAuthentication, answers: [],
      error: .notInteractive, refusal: .interactionNotAllowed([.appInBackground]),
      background: true),
    EvaluateCase(
      name: "invalidated → -10", policy: .deviceOwnerAuthentication, answers: [],
      error: .invalidContext, refusal: .contextInvalidated, invalidated: true),
    EvaluateCase(
      name: "no answer → -4", policy: .deviceOwnerAuthenticationWithBiometrics, answers: [],
      error: .systemCancel, refusal: .dismissed(.faceID)),
  ]

  @Test(arguments: evaluations)
  func evaluatePolicy(_ testCase: EvaluateCase) throws {
    let user = QueuedUser(testCase.answers)
    let device = try makeBiometricDevice(user: user)
    device.appState = testCase.background ? .background : .foreground
    let context = LAContext()
    context.interactionNotAllowed = testCase.interactionNotAllowed
    if testCase.invalidated { context.invalidate() }
    let outcome = try device.evaluatePolicy(
      testCase.policy, context: context, localizedReason: "Sign in")
    #expect(outcome.error == testCase.error)
    #expect(outcome.refusal == testCase.refusal)
    #expect(outcome.value == (testCase.error == nil))
    #expect(user.answers.isEmpty)
  }

  @Test func anEvaluatedContextAuthorisesKeychainCallsWithoutAPrompt() throws {
    let user = QueuedUser([.match])
    let device = try makeBiometricDevice(user: user)
    mustAdd(device, genp().adding(try protected(.biometryAny)).adding(["v_Data": secret()]))
    let context = LAContext()
    _ = try device.evaluatePolicy(
      .deviceOwnerAuthenticationWithBiometrics, context: context, localizedReason: "x")
    let read = device.secItemCopyMatching(
      genp().adding(readData).adding(["u_AuthCtx": .authenticationContext(context)]))
    #expect(read.status == .errSecSuccess)
    #expect(user.prompts.count == 1)
    // Invalidated, it fails: invalidContext → -25293.
    context.invalidate()
    let again = device.secItemCopyMatching(
      genp().adding(readData).adding(["u_AuthCtx": .authenticationContext(context)]))
    #expect(again.status == .errSecAuthFailed)
  }

  @Test func theReuseWindowReusesALockScreenUnlockOnly() throws {
    let user = QueuedUser([.match, .match, .match])
    let device = try makeBiometricDevice(user: user)
    let first = LAContext()
    first.touchIDAuthenticationAllowableReuseDuration = .seconds(60)
    _ = try device.evaluatePolicy(
      .deviceOwnerAuthenticationWithBiometrics, context: first, localizedReason: "x")
    _ = device.advanceClock(by: .seconds(5))
    let second = LAContext()
    second.touchIDAuthenticationAllowableReuseDuration = .seconds(60)
    let prompted = try device.evaluatePolicy(
      .deviceOwnerAuthenticationWithBiometrics, context: second, localizedReason: "x")
    #expect(user.prompts.count == 2)
    #expect(
      prompted.note
        == .reuseWindowIgnoresInAppMatch(.faceID, since: .seconds(5), window: .seconds(60)))
    _ = device.lock()
    #expect(device.unlockWithBiometry().succeeded)
    _ = device.advanceClock(by: .seconds(30))
    let third = LAContext()
    third.touchIDAuthenticationAllowableReuseDuration = .seconds(600)  // acts as 300 s
    #expect(third.effectiveReuseDuration == .seconds(300))
    let reused = try device.evaluatePolicy(
      .deviceOwnerAuthenticationWithBiometrics, context: third, localizedReason: "x")
    #expect(reused.value)
    #expect(user.prompts.count == 3)  // the lock-screen prompt only
    _ = device.advanceClock(by: .seconds(300))
    let late = LAContext()
    late.touchIDAuthenticationAllowableReuseDuration = .seconds(600)
    _ = try device.evaluatePolicy(
      .deviceOwnerAuthenticationWithBiometrics, context: late, localizedReason: "x")
    #expect(user.prompts.count == 4)
  }
}
