import Foundation
import KeychainSimulatorTesting
@preconcurrency import LocalAuthentication
import Security
import Testing

/// Apple's LocalAuthentication API on the same phone as the keychain.
@Suite struct AppleLocalAuthenticationTests {
  @Test func theNameLAContextIsLocalAuthenticationsOnly() {
    // Only LocalAuthentication.LAContext is an NSObject: the engine's type of the same name
    // is not visible without `import Keychain`.
    let context: LAContext = LAContext()
    let object: NSObject = context
    #expect(object is LAContext)
    let holder: [String: AnyHashable] = ["ctx": context]
    #expect(holder["ctx"] == AnyHashable(context))
    #expect(LAContext() != context)
  }

  /// The generated `LAError.Code` (scripts/generate-apple-names) has the engine's cases, by
  /// name and number, and switches as Apple's enum does.
  @Test func everyLAErrorCodeIsTheEnginesByNameAndNumber() throws {
    #expect(engineLAErrorCodes.count == 11)
    for (name, rawValue) in engineLAErrorCodes {
      let code = try #require(LAError.Code(rawValue: rawValue), "\(name)")
      #expect(String(describing: code) == name)
    }
    #expect(LAError.userCancel == .userCancel)
    #expect(LAError.Code.userCancel.rawValue == -2)
    switch LAError(.biometryLockout).code {
    case .biometryLockout: break
    default: Issue.record("LAError.Code did not switch to .biometryLockout")
    }
  }

  @Test func canEvaluateReportsTheHardwareAndWhyNot() throws {
    try onFreshPhone { phone in
      let context = LAContext()
      var error: NSError?
      #expect(context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error))
      #expect(error == nil)
      #expect(context.biometryType == .faceID)
      #expect(context.evaluatedPolicyDomainState != nil)
      try phone.setBiometry(.none)
      let second = LAContext()
      #expect(!second.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error))
      #expect(error?.domain == LAErrorDomain)
      #expect(error?.code == LAError.Code.biometryNotAvailable.rawValue)
      #expect(second.canEvaluatePolicy(.deviceOwnerAuthentication, error: nil))
    }
  }

  @Test func anEvaluatedContextAuthorisesTheKeychainReadWithoutASecondPrompt() async throws {
    try await onFreshPhone { phone in
      var error: Unmanaged<CFError>?
      let access = try #require(
        SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, .biometryAny, &error))
      let add: [String: AnyHashable] = [
        kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "vault",
        kSecAttrAccessControl as String: access, kSecValueData as String: Data("gold".utf8),
      ]
      #expect(SecItemAdd(add as CFDictionary, nil) == errSecSuccess)

      let context = LAContext()
      let success = try await context.evaluatePolicy(
        .deviceOwnerAuthenticationWithBiometrics, localizedReason: "Open the vault")
      #expect(success)
      let read: [String: AnyHashable] = [
        kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "vault",
        kSecReturnData as String: true, kSecUseAuthenticationContext as String: context,
      ]
      phone.userBehaviour = .absent  // a second prompt would now fail the read
      var result: AnyObject?
      #expect(SecItemCopyMatching(read as CFDictionary, &result) == errSecSuccess)
      #expect(result as? Data == Data("gold".utf8))
      let prompts = phone.transcript.flatMap(\.prompts)
      #expect(prompts.count == 1)
      #expect(prompts.first?.contains("Open the vault") == true)
    }
  }

  @Test func interactionNotAllowedGivesErrSecInteractionNotAllowed() throws {
    try onFreshPhone { _ in
      var error: Unmanaged<CFError>?
      let access = try #require(
        SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, .userPresence, &error))
      let add: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "quiet",
        kSecAttrAccessControl as String: access, kSecValueData as String: Data("q".utf8),
      ]
      #expect(SecItemAdd(add as CFDictionary, nil) == errSecSuccess)
      let context = LAContext()
      context.interactionNotAllowed = true
      let read: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "quiet",
        kSecReturnData as String: true, kSecUseAuthenticationContext as String: context,
      ]
      #expect(SecItemCopyMatching(read as CFDictionary, nil) == errSecInteractionNotAllowed)
    }
  }

  @Test func aCancelledEvaluationThrowsLAErrorUserCancel() async throws {
    try await onFreshPhone { phone in
      phone.queue(.cancel)
      let context = LAContext()
      await #expect(throws: LAError(.userCancel)) {
        try await context.evaluatePolicy(
          .deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in")
      }
      do {
        _ = try await LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "x")
      } catch {
        Issue.record("the cooperative user approves: \(error)")
      }
      #expect(phone.transcript.map(\.statusName) == ["LAError.userCancel", "true"])
    }
  }

  @Test func theReplyFormDeliversTheAnswer() throws {
    try onFreshPhone { phone in
      // Face ID stops scanning after two failures and offers Cancel and the fallback.
      phone.queue(.fail, .fail, .cancel)
      let context = LAContext()
      let done = DispatchSemaphore(value: 0)
      let box = ReplyBox()
      context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Pay") {
        success, error in
        box.set(success, error)
        done.signal()
      }
      #expect(done.wait(timeout: .now() + 10) == .success)
      let (success, error) = box.get()
      #expect(!success)
      #expect((error as? LAError)?.code == .userCancel)
    }
  }

  @Test func anAnswerTheSheetDoesNotOfferIsToldInTheTranscript() async throws {
    try await onFreshPhone { phone in
      phone.queue(.fail, .fail, .fail)
      await #expect(throws: LAError.self) {
        try await LAContext().evaluatePolicy(
          .deviceOwnerAuthenticationWithBiometrics, localizedReason: "Pay")
      }
      let prompts = phone.transcript.last?.prompts ?? []
      #expect(prompts.last?.contains("`fail` is not offered by this sheet") == true)
    }
  }

  @Test func anEmptyReasonIsAClearErrorNotACrash() async throws {
    try await onFreshPhone { phone in
      await #expect(throws: (any Error).self) {
        try await LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "")
      }
      #expect(phone.transcript.last?.statusName == "NSInvalidArgumentException")
    }
  }

  @Test func invalidatedContextsFail() async throws {
    try await onFreshPhone { _ in
      let context = LAContext()
      context.invalidate()
      await #expect(throws: LAError(.invalidContext)) {
        try await context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Sign in")
      }
    }
  }

  @Test func theDomainStateChangesWhenAFaceIsEnrolled() throws {
    try onFreshPhone { phone in
      let before = LAContext()
      #expect(before.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil))
      try phone.enrollBiometry("Alternate appearance")
      let after = LAContext()
      #expect(after.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil))
      #expect(before.evaluatedPolicyDomainState != nil)
      #expect(before.evaluatedPolicyDomainState != after.evaluatedPolicyDomainState)
    }
  }

  @Test func reuseDurationIsInSeconds() {
    let context = LAContext()
    context.touchIDAuthenticationAllowableReuseDuration = 30
    #expect(context.touchIDAuthenticationAllowableReuseDuration == 30)
    #expect(LATouchIDAuthenticationMaximumAllowableReuseDuration == 300)
  }
}

/// Carries the reply out of LocalAuthentication's callback thread.
private final class ReplyBox: @unchecked Sendable {
  private let lock = NSLock()
  private var value: (Bool, (any Error)?) = (false, nil)
  func set(_ success: Bool, _ error: (any Error)?) {
    lock.lock()
    value = (success, error)
    lock.unlock()
  }
  func get() -> (Bool, (any Error)?) {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
}
