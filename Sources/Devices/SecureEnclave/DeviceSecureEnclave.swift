import DeviceState
import Foundation
import KeyCrypto
import KeyEngine
import Keybag
import KeychainEngine

/// The device's Secure Enclave: makes P-256 keys whose private half never leaves it, and lends
/// one for a single operation once the key's access control allows it (`SecCTKKey.m`: the
/// token enforces the ACL at use, not at lookup).
///
/// The checks, in order: the token object is this device's (its UID opens it); the ACL has a
/// rule for the operation (`.privateKeyUsage`, or no constraint at all: SecAccessControl.m);
/// the protection class is available (the class key is in memory); the user authenticates as
/// the flags ask, through the device's ``Authenticator`` (prompts, LAContext reuse,
/// interactionNotAllowed, `biometryCurrentSet` enrolment changes).
package struct DeviceSecureEnclave: SecureEnclaveAccess {
  /// The device's keybag: its UID and class keys seal the enclave's keys.
  let keybag: Keybag
  /// The device's prompts and LAContext evaluations; also reads the device state.
  let authenticator: Authenticator

  package func createKey(accessControl: KeychainEngine.SecAccessControl?) throws(KeyFailure)
    -> (tokenObject: Data, publicKey: AsymmetricKey)
  {
    let control = accessControl ?? .protectionOnly(ProtectionClass.ak.rawValue)
    guard let protection = ProtectionClass(rawValue: control.protection) else {
      throw KeyFailure(.errSecParam, "unknown protection \(control.protection)")
    }
    do {
      let key = try AsymmetricKey.generate(curve: .p256)
      var privateBytes = try key.externalRepresentation()
      defer { KeyRandom.wipe(&privateBytes) }
      let publicKey = try key.publicKey()
      var object = SecureEnclaveTokenObject(
        version: SecureEnclaveTokenObject.currentVersion,
        objectID: Data(try KeyRandom.bytes(16)), protection: protection.rawValue,
        flags: control.flags.rawValue,
        boundBiometryGeneration: control.flags.contains(.biometryCurrentSet)
          ? authenticator.securityState.biometry.domainGeneration : nil,
        publicKey: Data(try publicKey.externalRepresentation()), sealedPrivateKey: Data())
      object.sealedPrivateKey = try keybag.sealInSecureEnclave(
        Data(privateBytes), protection: protection, context: object.sealingContext)
      return (try object.encoded(), publicKey)
    } catch let error as KeybagError {
      throw Self.keybagFailure(error, protection: protection, creating: true)
    } catch let failure as KeyFailure {
      throw failure
    } catch {
      throw KeyFailure(.errSecInternal, "Failed to generate keypair: \(error)")
    }
  }

  package func describe(tokenObject: Data) throws(KeyFailure)
    -> (publicKey: AsymmetricKey, accessControl: KeychainEngine.SecAccessControl)
  {
    guard let object = SecureEnclaveTokenObject.decode(tokenObject) else {
      throw KeyFailure(.errSecDecode, "the key's token object is not a Secure Enclave key")
    }
    do {
      let publicKey = try AsymmetricKey.ellipticCurve(x963: [UInt8](object.publicKey), isPrivate: false)
      let control = KeychainEngine.SecAccessControl(
        protection: object.protection,
        flags: KeychainEngine.SecAccessControlCreateFlags(rawValue: object.flags))
      return (publicKey, control)
    } catch {
      throw KeyFailure(.errSecDecode, "the token object's public key is damaged: \(error.reason)")
    }
  }

  package func privateKey(for reference: EnclaveKeyReference, operation: KeyOperation)
    throws(KeyFailure) -> AsymmetricKey
  {
    guard let object = SecureEnclaveTokenObject.decode(reference.tokenObject),
      let protection = ProtectionClass(rawValue: object.protection)
    else {
      throw KeyFailure(.errSecDecode, "the key's token object is not a Secure Enclave key")
    }
    let flags = KeychainEngine.SecAccessControlCreateFlags(rawValue: object.flags)
    try Self.requireOperationRule(flags, operation)
    // The class first: a locked class key means no prompt can help (and none is shown).
    let privateBytes: Data
    do {
      privateBytes = try keybag.openInSecureEnclave(
        object.sealedPrivateKey, protection: protection, context: object.sealingContext)
    } catch {
      throw Self.keybagFailure(error, protection: protection, creating: false)
    }
    try authenticate(flags: flags, object: object, reference: reference)
    do {
      // The enclave made these bytes and its AEAD just authenticated them: libcrypto's pairwise
      // check (a scalar multiplication) would only repeat what creation established.
      return try AsymmetricKey.ellipticCurve(
        x963: [UInt8](privateBytes), isPrivate: true, checked: false)
    } catch {
      throw KeyFailure(.errSecDecode, "the Secure Enclave key is damaged: \(error.reason)")
    }
  }

  /// SecAccessControl.m: with `.privateKeyUsage` the constraints guard the key operations
  /// (`osgn` sign, `ock` key exchange, which ECIES decryption uses); with constraints but
  /// without it the ACL has no rule for them and every private-key operation is refused
  /// (LocalAuthentication -1009, "ACL operation is not allowed"); no constraint at all is the
  /// allow-all ACL.
  private static func requireOperationRule(
    _ flags: KeychainEngine.SecAccessControlCreateFlags, _ operation: KeyOperation
  ) throws(KeyFailure) {
    let constraints = flags.subtracting([.privateKeyUsage, .or, .and])
    guard !constraints.isEmpty, !flags.contains(.privateKeyUsage) else { return }
    let rule = operation == .sign ? "osgn" : "ock"
    throw KeyFailure(
      localAuthenticationCode: -1009, status: .errSecAuthFailed,
      "ACL operation is not allowed: '\(rule)' (the key's access control has constraints but "
        + "no .privateKeyUsage, so no private-key operation is allowed)"
    ).fixed(
      by: "make the key with .privateKeyUsage among its access control's flags "
        + "([.privateKeyUsage, .biometryCurrentSet]); this key can never sign or decrypt")
  }

  private func authenticate(
    flags: KeychainEngine.SecAccessControlCreateFlags, object: SecureEnclaveTokenObject,
    reference: EnclaveKeyReference
  ) throws(KeyFailure) {
    guard
      let requirement = AccessRequirement(
        flags: flags.subtracting(.privateKeyUsage),
        boundGeneration: object.boundBiometryGeneration)
    else { return }
    let context = reference.authenticationContext ?? LAContext()
    let request = Authenticator.AuthenticationRequest(
      requirement: requirement, context: context,
      reason: reference.operationPrompt ?? context.localizedReason,
      interactionBlockers: authenticator.interactionBlockers(for: context))
    switch authenticator.authenticate(request) {
    case .granted:
      return
    case .unsupported(let factor):
      throw KeyFailure(
        .errSecUnimplemented,
        "the key's access control needs \(AuthenticationRefusalRenderer.describe(factor)), "
          + "which the simulator does not model")
    case .denied(let error, let refusal):
      // Secure Enclave operations pass LocalAuthentication's error through (SecCTKKey.m).
      let words = SecureEnclaveKeyWords.words(refusal, flags: flags)
      throw KeyFailure(
        localAuthenticationCode: error.rawValue, status: error.osStatus,
        "LAError.\(error.name) (\(error.rawValue)): \(words.cause)"
      ).fixed(by: words.fix)
    }
  }

  private static func keybagFailure(
    _ error: KeybagError, protection: ProtectionClass, creating: Bool
  ) -> KeyFailure {
    switch error {
    case .classUnavailable:
      return KeyFailure(
        .errSecInteractionNotAllowed,
        "the Secure Enclave key's protection, \(protection.appleName), is not available: the "
          + "device is locked (or not unlocked since it started)"
      ).fixed(by: SecureEnclaveKeyWords.lockedFix)
    case .noClassKey, .keyDestroyed:
      return KeyFailure(
        .errSecAuthFailed,
        "the Secure Enclave key's protection, \(protection.appleName), has no key: the passcode "
          + (creating ? "is not set" : "was removed, which destroys such keys for good"))
    default:
      return KeyFailure(
        .errSecDecode,
        "the token object does not open in this device's Secure Enclave (made on another "
          + "device, or damaged)"
      ).fixed(by: SecureEnclaveKeyWords.otherDeviceFix)
    }
  }
}
