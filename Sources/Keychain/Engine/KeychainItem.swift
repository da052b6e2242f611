import DeviceState
import Foundation
import ItemStore

/// One keychain item in the clear, as the engine works on it between opening and sealing.
///
/// Exists only for the duration of a call; what is stored is the ``ItemRow`` that
/// ``ItemSealer`` makes of it.
struct KeychainItem: Sendable, Equatable {
  var rowID: Int64?
  var itemClass: ItemClass
  /// Every attribute the item has, plaintext and opened, except `accc` and the secret.
  var attributes: [String: StoredValue]
  var accessControl: SecAccessControl?
  /// kSecValueData; `nil` for an item added without data, or not opened yet.
  var data: Data?
  /// For `biometryCurrentSet` items: the biometric enrolment generation the item is bound to
  /// (the domain state when it was added).
  var boundBiometryGeneration: Int?

  /// The protection class in `pdmn`. Always set on stored items; `ak` only as a fallback.
  var protection: ProtectionClass {
    if case .text(let raw) = attributes[.accessible], let value = ProtectionClass(rawValue: raw) {
      return value
    }
    return .ak
  }

  /// Whether reading the secret would make the device ask for Face ID, Touch ID or the
  /// passcode (docs/evidence.md §7); `privateKeyUsage`, `or` and `and` alone ask nothing.
  var requiresUserAuthentication: Bool {
    guard let flags = accessControl?.flags else { return false }
    return !flags.isDisjoint(with: SecAccessControlCreateFlags.userAuthentication)
  }
}

extension SecAccessControlCreateFlags {
  /// The constraints that need the user: everything but the `or`/`and` combinators and
  /// `privateKeyUsage`.
  static let userAuthentication: SecAccessControlCreateFlags = [
    .userPresence, .biometryAny, .biometryCurrentSet, .devicePasscode, .companion,
    .applicationPassword,
  ]
}
