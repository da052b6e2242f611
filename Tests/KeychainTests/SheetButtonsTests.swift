import Foundation
import Testing

@testable import Devices
@testable import Keychain
@testable import KeychainEngine

/// The Face ID / Touch ID sheets as LAContext.h describes them (issue 15 §1): which answers
/// each sheet offers after each failed scan, and how the evaluation ends.
@Suite struct SheetButtonsTests {
  private func evaluate(
    _ answers: [UserResponse], policy: LAPolicy = .deviceOwnerAuthenticationWithBiometrics,
    type: BiometryType = .faceID, configure: (LAContext) -> Void = { _ in }
  ) throws -> (LAEvaluationOutcome, QueuedUser) {
    let user = QueuedUser(answers)
    let device = try makeBiometricDevice(type: type, user: user)
    let context = LAContext()
    configure(context)
    let outcome = try device.evaluatePolicy(policy, context: context, localizedReason: "Sign in")
    return (outcome, user)
  }

  @Test("Face ID: Try Face ID Again after one failure, then only Cancel and the fallback")
  func faceIDStopsScanningAfterTwoFailures() throws {
    let (outcome, user) = try evaluate([.fail, .fail, .cancel])
    #expect(outcome.error == .userCancel)
    #expect(
      user.prompts.map(\.acceptedResponses) == [
        [.match, .fail, .cancel], [.match, .fail, .cancel], [.cancel, .fallback],
      ])
    #expect(user.prompts[1].buttons == ["Cancel", "Try Face ID Again"])
    #expect(user.prompts[2].buttons == ["Cancel", "Enter Password"])
  }

  @Test("Face ID, biometrics only: the fallback after two failures → userFallback")
  func faceIDFallbackAfterTwoFailures() throws {
    let (outcome, _) = try evaluate([.fail, .fail, .fallback])
    #expect(outcome.error == .userFallback)
  }

  @Test("Face ID, deviceOwnerAuthentication: the fallback goes to the passcode sheet")
  func faceIDFallbackToPasscode() throws {
    let (outcome, user) = try evaluate(
      [.fail, .fail, .fallback, .enter("123456")], policy: .deviceOwnerAuthentication)
    #expect(outcome.value)
    #expect(user.prompts.map(\.kind) == [.faceID, .faceID, .faceID, .passcode])
    #expect(user.prompts[2].buttons == ["Cancel", "Enter Passcode"])
  }

  @Test("Face ID's first sheet has no fallback button: a fallback answer dismisses it")
  func faceIDFirstSheetHasNoFallback() throws {
    let (outcome, user) = try evaluate([.fallback])
    #expect(!user.prompts[0].acceptedResponses.contains(.fallback))
    #expect(outcome.error == .systemCancel)
  }

  @Test("Touch ID: the fallback after the first failure; the third failure ends the evaluation")
  func touchIDThreeTries() throws {
    let (outcome, user) = try evaluate([.fail, .fail, .fail], type: .touchID)
    #expect(outcome.error == .authenticationFailed)
    #expect(
      user.prompts.map(\.acceptedResponses) == [
        [.match, .fail, .cancel], [.match, .fail, .cancel, .fallback],
        [.match, .fail, .cancel, .fallback],
      ])
  }

  @Test("localizedFallbackTitle \"\" hides the fallback; localizedCancelTitle names Cancel")
  func titles() throws {
    let (outcome, user) = try evaluate([.fail, .fail, .cancel]) { context in
      context.localizedFallbackTitle = ""
      context.localizedCancelTitle = "Not now"
    }
    #expect(outcome.error == .userCancel)
    #expect(user.prompts[2].acceptedResponses == [.cancel])
    #expect(user.prompts[2].buttons == ["Not now"])
    let (_, named) = try evaluate([.fail, .cancel], type: .touchID) { context in
      context.localizedFallbackTitle = "Use Code"
    }
    #expect(named.prompts[1].buttons == ["Cancel", "Use Code"])
  }

  @Test("The fifth failure in a row ends the sheet with biometryLockout")
  func fifthFailureLocksOut() throws {
    let user = QueuedUser([.fail, .fail, .cancel, .fail, .fail, .cancel, .fail])
    let device = try makeBiometricDevice(user: user)
    let context = LAContext()
    for expected in [LAErrorCode.userCancel, .userCancel, .biometryLockout] {
      let outcome = try device.evaluatePolicy(
        .deviceOwnerAuthenticationWithBiometrics, context: context, localizedReason: "Sign in")
      #expect(outcome.error == expected)
    }
    #expect(user.answers.isEmpty)
    #expect(user.prompts.count == 7)
  }

  @Test("An item behind biometryAny: Cancel after two failed scans → errSecUserCanceled")
  func keychainSheetCancel() throws {
    let user = QueuedUser([.fail, .fail, .cancel])
    let device = try makeBiometricDevice(user: user)
    mustAdd(device, genp().adding(try protected(.biometryAny)).adding(["v_Data": secret()]))
    #expect(device.secItemCopyMatching(genp().adding(readData)).status == .errSecUserCanceled)
    #expect(user.prompts.count == 3)
  }
}
