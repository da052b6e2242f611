// swift-format-ignore-file
// GENERATED FILE, DO NOT EDIT: made by scripts/generate-apple-names from
// the engine's LAError table (`LAErrorCode`). Change the table, then
// regenerate with `bash scripts/generate-apple-names.sh`; GeneratedSourcesTests fails
// when this file differs from what the generator writes.

extension LAError {
  /// `LAError.Code`, Apple's numbers (LAError.h).
  public enum Code: Int, Sendable, Hashable {
    /// The user failed to provide valid credentials.
    case authenticationFailed = -1
    /// The user tapped Cancel.
    case userCancel = -2
    /// The user tapped the fallback button (Enter Password).
    case userFallback = -3
    /// The system cancelled authentication (the prompt was dismissed).
    case systemCancel = -4
    /// No passcode is set on the device.
    case passcodeNotSet = -5
    /// Biometry is not available on the device.
    case biometryNotAvailable = -6
    /// No face or finger is enrolled.
    case biometryNotEnrolled = -7
    /// Too many failed biometry attempts; the passcode is required to unlock biometry.
    case biometryLockout = -8
    /// The app invalidated the context during the evaluation.
    case appCancel = -9
    /// The context was invalidated before.
    case invalidContext = -10
    /// Showing the prompt was forbidden (interactionNotAllowed, or no UI can be shown).
    case notInteractive = -1004

    @available(*, deprecated, renamed: "biometryNotAvailable")
    public static let touchIDNotAvailable = Code.biometryNotAvailable

    @available(*, deprecated, renamed: "biometryNotEnrolled")
    public static let touchIDNotEnrolled = Code.biometryNotEnrolled

    @available(*, deprecated, renamed: "biometryLockout")
    public static let touchIDLockout = Code.biometryLockout
  }

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
