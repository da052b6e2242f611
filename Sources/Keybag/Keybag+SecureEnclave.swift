import DeviceState
import Foundation

/// The simulated Secure Enclave's sealing: a private key it makes is sealed first with the
/// class key of its access control's protection (so it is unusable while that class is locked,
/// and gone with an `akpu` key), then with a key derived from the device's UID alone (so the
/// token object is useless on any other device, as an SE-wrapped key is: Apple's "Protecting
/// keys with the Secure Enclave").
extension Keybag {
  public func sealInSecureEnclave(
    _ plaintext: Data, protection: ProtectionClass, context: Data
  ) throws(KeybagError) -> Data {
    let inner = try seal(plaintext, in: protection, context: context)
    return Data(Sodium.seal(Array(inner), key: secureEnclaveKey, associatedData: Array(context)))
  }

  /// Opens what ``sealInSecureEnclave(_:protection:context:)`` sealed on this device.
  ///
  /// - Throws: ``KeybagError/authenticationFailed`` on another device (another UID) or for
  ///   tampered bytes; ``KeybagError/classUnavailable(_:)`` while the protection class is
  ///   locked; ``KeybagError/keyDestroyed`` once an `akpu` key is gone.
  public func openInSecureEnclave(
    _ sealed: Data, protection: ProtectionClass, context: Data
  ) throws(KeybagError) -> Data {
    let inner = Data(
      try Sodium.open(Array(sealed), key: secureEnclaveKey, associatedData: Array(context)))
    return try open(inner, in: protection, context: context)
  }

  private var secureEnclaveKey: SecretBytes {
    Sodium.keyedHash(
      key: uid, message: SecretBytes(copying: "keychain-sim/secure-enclave-key/v1".utf8))
  }
}
