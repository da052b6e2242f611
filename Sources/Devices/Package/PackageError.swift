import DeviceState
import KeychainEngine

/// The error a package call's promise rejects with: a `code` JavaScript code switches on, and
/// a message.
public struct PackageError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The codes the simulated package rejects with.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// The access group is not in the app's `keychain-access-groups` entitlement: the
    /// keychain answered errSecMissingEntitlement (-34018). The one code seed 003 documents.
    case missingEntitlement = "MISSING_ENTITLEMENT"
    /// Any other failure of the platform's store, with its own status or error in the
    /// message. Not documented by the seed: the simulator's choice (docs/fidelity.md,
    /// "The cross-platform package (seed 003)").
    case keychainError = "KEYCHAIN_ERROR"
  }

  public var code: Code
  /// What went wrong, in words; never holds the item's value.
  public var message: String
  /// The OSStatus of the SecItem call that failed, on an Apple device; `nil` on Android.
  public var status: OSStatus?

  public init(code: Code, message: String, status: OSStatus? = nil) {
    self.code = code
    self.message = message
    self.status = status
  }

  public var description: String { "\(code.rawValue): \(message)" }
}
