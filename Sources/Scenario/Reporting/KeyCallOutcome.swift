import Foundation
import KeyEngine
import Keychain

/// What a SecKey statement produced, for `expect` and `explain`: the CFError when the call
/// failed (in `NSOSStatusErrorDomain`, or LocalAuthentication's domain for a Secure Enclave
/// operation the user or the device state refused), and the returned value when `expect result`
/// may check it (a signature, a ciphertext, a public key's bytes, `true` from a verification).
struct KeyCallOutcome: Sendable {
  var function: String
  var failure: KeyFailure?
  /// What `expect result` checks; never a private key's bytes.
  var result: SecValue?

  /// Whether the result is a secret, masked as item data is unless secrets are shown: a
  /// decrypted plaintext.
  var resultIsSecret: Bool { function == "SecKeyCreateDecryptedData" }

  /// The OSStatus of a failure in `NSOSStatusErrorDomain`, errSecSuccess after a success.
  var status: OSStatus { failure?.status ?? .errSecSuccess }

  /// The LAError of a failure in LocalAuthentication's domain.
  var laError: LAErrorCode? {
    failure?.localAuthenticationCode.flatMap(LAErrorCode.init(rawValue:))
  }

  /// `NSOSStatusErrorDomain -25308`, `com.apple.LocalAuthentication -2 (LAError.userCancel)`:
  /// the CFError as `CFErrorGetDomain` and `CFErrorGetCode` report it.
  var errorSummary: String? {
    guard let failure else { return nil }
    if let laError { return "\(failure.domain) \(failure.code) (LAError.\(laError.name))" }
    if failure.localAuthenticationCode != nil { return "\(failure.domain) \(failure.code)" }
    return "\(failure.domain) \(failure.code) (\(failure.status.name))"
  }
}
