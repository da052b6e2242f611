import Foundation

/// `LAError`: what an evaluation reports, with Apple's codes (LAError.h). Catch it as
/// `catch let error as LAError` and switch on `error.code`.
public struct LAError: CustomNSError, Hashable {
  /// `LAError.Code`, Apple's numbers.
  public enum Code: Int, Sendable, Hashable {
    case authenticationFailed = -1
    case userCancel = -2
    case userFallback = -3
    case systemCancel = -4
    case passcodeNotSet = -5
    case biometryNotAvailable = -6
    case biometryNotEnrolled = -7
    case biometryLockout = -8
    case appCancel = -9
    case invalidContext = -10
    case notInteractive = -1004

    @available(*, deprecated, renamed: "biometryNotAvailable")
    public static let touchIDNotAvailable = Code.biometryNotAvailable
    @available(*, deprecated, renamed: "biometryNotEnrolled")
    public static let touchIDNotEnrolled = Code.biometryNotEnrolled
    @available(*, deprecated, renamed: "biometryLockout")
    public static let touchIDLockout = Code.biometryLockout
  }

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

  public static let authenticationFailed = Code.authenticationFailed
  public static let userCancel = Code.userCancel
  public static let userFallback = Code.userFallback
  public static let systemCancel = Code.systemCancel
  public static let passcodeNotSet = Code.passcodeNotSet
  public static let biometryNotAvailable = Code.biometryNotAvailable
  public static let biometryNotEnrolled = Code.biometryNotEnrolled
  public static let biometryLockout = Code.biometryLockout
  public static let appCancel = Code.appCancel
  public static let invalidContext = Code.invalidContext
  public static let notInteractive = Code.notInteractive
}

extension LAError: @unchecked Sendable {}
