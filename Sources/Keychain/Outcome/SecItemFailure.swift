/// A SecItem call's failure inside the engine: the status Apple returns and why.
///
/// Thrown by the query layer and the engine, turned into a ``SecItemOutcome`` at the boundary.
struct SecItemFailure: Error, Sendable, Equatable {
  var status: OSStatus
  var explanation: Explanation
  var limitation: SimulationLimitation?

  init(_ status: OSStatus, _ cause: String, fix: String? = nil) {
    self.status = status
    self.explanation = Explanation(cause: cause, fix: fix)
    self.limitation = nil
  }

  /// A call the simulator cannot answer as a device would.
  static func unsupported(_ feature: String, fix: String? = nil) -> SecItemFailure {
    var failure = SecItemFailure(.errSecUnimplemented, "not simulated yet: \(feature)", fix: fix)
    failure.limitation = SimulationLimitation(feature: feature)
    return failure
  }

  var outcome: SecItemOutcome {
    SecItemOutcome(status: status, result: nil, explanation: explanation, limitation: limitation)
  }
}
