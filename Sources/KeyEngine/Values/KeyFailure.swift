import KeychainEngine

/// Why a SecKey call failed: the OSStatus Security puts in the CFError (domain
/// `NSOSStatusErrorDomain`) and its description, in Apple's words where Apple's source has them
/// (`SecKey.m`, `SecKeyAdaptors.m`). Never contains key bytes.
public struct KeyFailure: Error, Equatable, Sendable {
  public let status: OSStatus
  public let message: String

  public init(_ status: OSStatus, _ message: String) {
    self.status = status
    self.message = message
  }

  static func param(_ message: String) -> KeyFailure { KeyFailure(.errSecParam, message) }
}
