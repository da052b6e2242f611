import DeviceState
import Foundation
import ItemStore

/// One keychain item in the clear, as the engine works on it between opening and sealing.
///
/// Exists only for the duration of a call; what is stored is the ``ItemRow`` that
/// ``ItemSealer`` makes of it.
package struct KeychainItem: Sendable, Equatable {
  var rowID: Int64?
  package var itemClass: ItemClass
  /// Every attribute the item has, plaintext and opened, except `accc` and the secret.
  package var attributes: [String: StoredValue]
  package var accessControl: SecAccessControl?
  /// kSecValueData; `nil` for an item added without data, or not opened yet.
  package var data: Data?
  /// For `biometryCurrentSet` items: the biometric enrolment generation the item is bound to
  /// (the domain state when it was added).
  package var boundBiometryGeneration: Int?

  /// The protection class in `pdmn`. Always set on stored items; `ak` only as a fallback.
  package var protection: ProtectionClass {
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

  package init(
    rowID: Int64?, itemClass: ItemClass, attributes: [String: StoredValue],
    accessControl: SecAccessControl? = nil, data: Data? = nil, boundBiometryGeneration: Int? = nil
  ) {
    self.rowID = rowID
    self.itemClass = itemClass
    self.attributes = attributes
    self.accessControl = accessControl
    self.data = data
    self.boundBiometryGeneration = boundBiometryGeneration
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
