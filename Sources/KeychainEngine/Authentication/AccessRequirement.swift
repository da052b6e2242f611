import DeviceState

/// What an item's access control or an LAPolicy asks of the user, as factors combined with
/// "any" or "all" (SecAccessControl.m: several constraints without `.or` mean all of them;
/// docs/evidence.md §7.1).
package struct AccessRequirement: Sendable, Hashable {
  package enum Factor: Sendable, Hashable {
    /// A Face ID / Touch ID match. `boundGeneration` is set for `biometryCurrentSet`: the
    /// enrolment set the item was added under.
    case biometry(boundGeneration: Int?)
    case passcode
    /// A paired companion device (not simulated).
    case companion
    /// An app-supplied password (not simulated).
    case applicationPassword
  }

  package enum Mode: Sendable, Hashable { case any, all }

  package var factors: [Factor]
  package var mode: Mode
  /// The biometric sheet's fallback button ends the evaluation with `userFallback` instead of
  /// showing the passcode sheet (`.deviceOwnerAuthenticationWithBiometrics`).
  var fallbackEndsEvaluation = false

  /// The requirement of an access control's flags; `nil` when it asks nothing of the user.
  package init?(flags: SecAccessControlCreateFlags, boundGeneration: Int?) {
    if flags.contains(.userPresence) {
      // Biometry or the passcode; biometry need not be available (evidence §7.1), survives changes.
      self.init(factors: [.biometry(boundGeneration: nil), .passcode], mode: .any)
      return
    }
    var factors: [Factor] = []
    if flags.contains(.biometryAny) { factors.append(.biometry(boundGeneration: nil)) }
    if flags.contains(.biometryCurrentSet) {
      factors.append(.biometry(boundGeneration: boundGeneration ?? -1))
    }
    if flags.contains(.devicePasscode) { factors.append(.passcode) }
    if flags.contains(.companion) { factors.append(.companion) }
    if flags.contains(.applicationPassword) { factors.append(.applicationPassword) }
    guard !factors.isEmpty else { return nil }
    self.init(factors: factors, mode: flags.contains(.or) ? .any : .all)
  }

  init(factors: [Factor], mode: Mode, fallbackEndsEvaluation: Bool = false) {
    self.factors = factors
    self.mode = mode
    self.fallbackEndsEvaluation = fallbackEndsEvaluation
  }

  /// What a policy evaluation asks for.
  package init(policy: LAPolicy) {
    switch policy {
    case .deviceOwnerAuthenticationWithBiometrics:
      self.init(
        factors: [.biometry(boundGeneration: nil)], mode: .any, fallbackEndsEvaluation: true)
    case .deviceOwnerAuthentication:
      self.init(factors: [.biometry(boundGeneration: nil), .passcode], mode: .any)
    }
  }

  package var biometryFactor: Factor? {
    factors.first { if case .biometry = $0 { true } else { false } }
  }

  package var acceptsPasscode: Bool { factors.contains(.passcode) }

  /// A factor the simulator cannot present, if the requirement cannot do without it.
  package var unsupportedFactor: Factor? {
    let unsupported = factors.filter { $0 == .companion || $0 == .applicationPassword }
    guard let first = unsupported.first else { return nil }
    if mode == .any, unsupported.count < factors.count { return nil }
    return first
  }
}
