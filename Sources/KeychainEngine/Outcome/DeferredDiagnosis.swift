import DeviceState

/// A miss's near-miss diagnosis, worked out the first time its answer is read (the explanation
/// is displayed, a test reads the near misses) or when something could change the answer,
/// whichever comes first (``PendingDiagnoses``). A miss whose explanation nobody reads costs
/// what a hit costs (issue 11).
///
/// Its one conformer is the engine's search (``NotFoundDiagnosis``), which holds what working
/// the answer out reads and, once it has, the answer. A protocol so that failures, which hold
/// the diagnosis, sit below the engine that searches; class-bound, so that it is held as one
/// reference. One object per miss: the answer and the search were two objects, the one
/// holding the other through an existential, each made and torn down with every miss
/// (issue 29).
package protocol DeferredDiagnosis: AnyObject, Sendable {
  /// The registry that works the answer out before anything could change it.
  var registry: PendingDiagnoses { get }
  /// The answer once worked out, `nil` before. Read and written under the registry's lock.
  var answer: DiagnosisAnswer? { get }
  /// Works the answer out, keeps it, and lets go of the store and the keybag. Called by the
  /// registry, under its lock, while `answer` is `nil`.
  func workOut() -> DiagnosisAnswer
  /// The caller's groups when the search covered all of them (no explicit group).
  var searchedGroups: [String]? { get }
  /// The sealed attributes of the query, which only an opened item can be compared on.
  var sealedAttributes: [String] { get }
}

extension DeferredDiagnosis {
  /// The answer, worked out now if it was not yet.
  var resolved: DiagnosisAnswer { registry.resolve(self) }

  /// Whether the answer has been worked out.
  var isResolved: Bool { registry.isResolved(self) }
}

/// What a miss's diagnosis found: the near misses, most specific first, and the store's
/// failure if a read failed.
package struct DiagnosisAnswer: Sendable, Hashable {
  var nearMisses: [NearMiss]
  var storeFailure: String?

  package init(nearMisses: [NearMiss], storeFailure: String? = nil) {
    self.nearMisses = nearMisses
    self.storeFailure = storeFailure
  }
}
