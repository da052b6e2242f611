/// An `LAError.Code`, by its current Swift name and Apple's number (LAError.h, fact sheet §8.2).
///
/// Deprecated spellings (`touchIDLockout`) are accepted by ``named(_:)`` and map to the current
/// name, as the Swift overlay aliases them.
public struct LAErrorName: Hashable, Sendable, CustomStringConvertible {
  public let name: String
  public let code: Int

  public init(name: String, code: Int) {
    self.name = name
    self.code = code
  }

  /// `LAError.userCancel (-2)`.
  public var description: String { "LAError.\(name) (\(code))" }

  /// Looks up a Swift case name, current or deprecated.
  public static func named(_ name: String) -> LAErrorName? {
    let current = aliases[name] ?? name
    return all.first { $0.name == current }
  }

  /// Looks up a code.
  public static func coded(_ code: Int) -> LAErrorName? { all.first { $0.code == code } }

  /// The codes iOS can return, in the header's order.
  public static let all: [LAErrorName] = [
    LAErrorName(name: "authenticationFailed", code: -1),
    LAErrorName(name: "userCancel", code: -2),
    LAErrorName(name: "userFallback", code: -3),
    LAErrorName(name: "systemCancel", code: -4),
    LAErrorName(name: "passcodeNotSet", code: -5),
    LAErrorName(name: "biometryNotAvailable", code: -6),
    LAErrorName(name: "biometryNotEnrolled", code: -7),
    LAErrorName(name: "biometryLockout", code: -8),
    LAErrorName(name: "appCancel", code: -9),
    LAErrorName(name: "invalidContext", code: -10),
    LAErrorName(name: "notInteractive", code: -1004),
  ]

  /// Deprecated Touch ID spellings and their current names.
  public static let aliases: [String: String] = [
    "touchIDNotAvailable": "biometryNotAvailable",
    "touchIDNotEnrolled": "biometryNotEnrolled",
    "touchIDLockout": "biometryLockout",
  ]

  /// Every accepted spelling, for "did you mean".
  static var allSpellings: [String] { all.map(\.name) + aliases.keys.sorted() }
}
