import KeychainEngine

/// Why a SecKey call failed: the CFError Security hands out, in Apple's words where Apple's
/// source has them (`SecKey.m`, `SecKeyAdaptors.m`). Never contains key bytes.
///
/// Security's own failures are in `NSOSStatusErrorDomain` with the OSStatus as code
/// (SecCFError.h). A Secure Enclave operation passes LocalAuthentication's error through
/// unchanged (`SecCTKKeyCopyOperationResult`), so a cancelled Face ID sheet during a signature
/// is `com.apple.LocalAuthentication` -2, not errSecUserCanceled: ``localAuthenticationCode``.
public struct KeyFailure: Error, Equatable, Sendable {
  /// The OSStatus, for a failure in `NSOSStatusErrorDomain`; for a LocalAuthentication one,
  /// the keychain's nearest status (what a SecItem call would have answered), for the words.
  public let status: OSStatus
  public let message: String
  /// Set when the CFError is in LocalAuthentication's domain: the `LAError` code.
  public let localAuthenticationCode: Int?
  /// The usual fix, in the engine's words, where there is one (a scenario's `fix:` line);
  /// never part of the CFError Security hands out.
  public var fix: String? = nil

  public init(_ status: OSStatus, _ message: String) {
    self.status = status
    self.message = message
    self.localAuthenticationCode = nil
  }

  public init(localAuthenticationCode: Int, status: OSStatus, _ message: String) {
    self.status = status
    self.message = message
    self.localAuthenticationCode = localAuthenticationCode
  }

  /// The CFError's domain.
  public var domain: String {
    localAuthenticationCode == nil ? "NSOSStatusErrorDomain" : "com.apple.LocalAuthentication"
  }

  /// The CFError's code.
  public var code: Int { localAuthenticationCode ?? Int(status.rawValue) }

  /// The same failure with its usual fix.
  public func fixed(by fix: String?) -> KeyFailure {
    var copy = self
    copy.fix = fix
    return copy
  }

  static func param(_ message: String) -> KeyFailure { KeyFailure(.errSecParam, message) }
}
