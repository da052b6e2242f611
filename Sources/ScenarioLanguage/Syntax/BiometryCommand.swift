/// The `biometry` statements (docs/scenario-language.md §3).
package enum BiometryCommand: Hashable, Sendable {
  /// `biometry type faceID|touchID|none`: the hardware; changes nothing enrolled.
  case setType(BiometryKind)
  /// `biometry enroll <name>`.
  case enroll(String)
  /// `biometry remove <name>`.
  case remove(String)
}

/// The biometric hardware, named as `LABiometryType` names it.
package enum BiometryKind: String, Hashable, Sendable, CaseIterable {
  case faceID, touchID, none
}
