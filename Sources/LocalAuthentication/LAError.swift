import Foundation
internal import Keychain

/// `LAError`: what an evaluation reports, with Apple's codes (LAError.h). Catch it as
/// `catch let error as LAError` and switch on `error.code`.
public struct LAError: CustomNSError, Hashable {
  // `LAError.Code` and the `LAError.userCancel`-style aliases are generated from the engine's
  // LAErrorCode (Generated/LAError+Code.swift, scripts/generate-apple-names).

  public let code: Code
  /// `NSLocalizedDescriptionKey` holds the simulator's explanation.
  public let errorUserInfo: [String: Any]

  /// The code as the error carried it: equal to `code.rawValue`, unless the error came from
  /// an NSError with a code `LAError.Code` does not declare (a Secure Enclave key's -1009).
  private let rawCode: Int

  public init(_ code: Code, userInfo: [String: Any] = [:]) {
    self.code = code
    self.errorUserInfo = userInfo
    self.rawCode = code.rawValue
  }

  /// Darwin's bridging initializer (`_BridgedStoredNSError`), which client code calls to wrap
  /// an NSError of LocalAuthentication's domain (`LAError(_nsError: error)`). Like Darwin's,
  /// it requires that domain. A code `LAError.Code` does not declare keeps its number in
  /// `errorCode` and reads as `.authenticationFailed` in `code`.
  public init(_nsError error: NSError) {
    precondition(
      error.domain == LAErrorDomain,
      "LAError(_nsError:) needs an error of domain \(LAErrorDomain), got \(error.domain)")
    self.code = Code(rawValue: error.code) ?? .authenticationFailed
    self.errorUserInfo = error.userInfo
    self.rawCode = error.code
  }

  public static var errorDomain: String { LAErrorDomain }
  public var errorCode: Int { rawCode }

  public static func == (lhs: LAError, rhs: LAError) -> Bool { lhs.code == rhs.code }
  public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}

extension LAError: @unchecked Sendable {}

/// The engine's LAError table, by Swift case name, for the test that checks the generated
/// `LAError.Code` against it.
package let engineLAErrorCodes: [(name: String, rawValue: Int)] =
  LAErrorCode.allCases.map { ($0.name, $0.rawValue) }
