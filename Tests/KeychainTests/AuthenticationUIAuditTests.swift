import Foundation
import Testing

@testable import Keychain
@testable import KeychainEngine

/// kSecUseAuthenticationUISkip together with kSecUseAuthenticationContext (docs/evidence.md §7.2).
@Suite struct AuthenticationUIAuditTests {
  /// With UISkip no LocalAuthentication evaluation runs, but securityd decrypts with the ACM
  /// credentials the passed context holds: an item the context already unlocked is returned,
  /// the others are skipped, and nobody is prompted.
  @Test func skipReadsWhatAnEvaluatedContextUnlocks() throws {
    let user = QueuedUser([.match])
    let device = try makeBiometricDevice(user: user)
    mustAdd(device, genp("bio").adding(try protected(.biometryAny)).adding(["v_Data": secret()]))
    let context = LAContext()
    let evaluated = try device.evaluatePolicy(
      .deviceOwnerAuthenticationWithBiometrics, context: context, localizedReason: "Sign in")
    #expect(evaluated.value)
    let promptsBefore = user.prompts.count
    let skip: SecQuery = ["u_AuthUI": .string("u_AuthUIS"), "r_Data": .bool(true)]

    let withContext = device.secItemCopyMatching(
      genp("bio").adding(skip).adding(["u_AuthCtx": .authenticationContext(context)]))
    #expect(withContext.status == .errSecSuccess)
    #expect(withContext.result == secret())

    let fresh = device.secItemCopyMatching(
      genp("bio").adding(skip).adding(["u_AuthCtx": .authenticationContext(LAContext())]))
    #expect(fresh.status == .errSecItemNotFound)

    context.invalidate()
    let invalidated = device.secItemCopyMatching(
      genp("bio").adding(skip).adding(["u_AuthCtx": .authenticationContext(context)]))
    #expect(invalidated.status == .errSecItemNotFound)
    #expect(user.prompts.count == promptsBefore)
  }
}
