import DeviceState

/// A SecItem call's failure inside the engine: the status Apple returns and why, as data.
///
/// Thrown by the query layer and the engine, turned into a ``SecItemOutcome`` at the boundary,
/// where ``SecItemFailureRenderer`` writes its ``Explanation``. Tests assert the ``Kind``.
package struct SecItemFailure: Error, Sendable, Equatable {
  var status: OSStatus
  var kind: Kind

  package init(_ status: OSStatus, _ kind: Kind) {
    self.status = status
    self.kind = kind
  }

  /// A call the simulator cannot answer as a device would: errSecUnimplemented.
  package static func unsupported(_ feature: UnsimulatedFeature) -> SecItemFailure {
    SecItemFailure(.errSecUnimplemented, .unsupported(feature))
  }

  /// The explanation the transcript prints.
  var explanation: Explanation { SecItemFailureRenderer.explanation(of: kind) }

  /// Set when the status is not Apple's answer but the simulator's refusal to guess.
  var limitation: SimulationLimitation? {
    guard case .unsupported(let feature) = kind else { return nil }
    return SimulationLimitation(feature: SecItemFailureRenderer.describe(feature))
  }

  package var outcome: SecItemOutcome {
    // Rendering a deferred miss reads its near misses: only when the explanation is read.
    var isDeferred = false
    if case .itemNotFound(let notFound) = kind { isDeferred = notFound.hasDeferredDiagnosis }
    return SecItemOutcome(rendering: self, limitation: limitation, deferred: isDeferred)
  }
}
