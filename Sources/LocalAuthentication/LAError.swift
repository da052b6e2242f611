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

  public init(_ code: Code, userInfo: [String: Any] = [:]) {
    self.code = code
    self.errorUserInfo = userInfo
  }

  public static var errorDomain: String { LAErrorDomain }
  public var errorCode: Int { code.rawValue }

  public static func == (lhs: LAError, rhs: LAError) -> Bool { lhs.code == rhs.code }
  public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}

extension LAError: @unchecked Sendable {}

/// The engine's LAError table, by Swift case name, for the test that checks the generated
/// `LAError.Code` against it.
package let engineLAErrorCodes: [(name: String, rawValue: Int)] =
  LAErrorCode.allCases.map { ($0.name, $0.rawValue) }
