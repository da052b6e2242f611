import DeviceState

/// A miss's near-miss diagnosis, worked out the first time its answer is read (the explanation
/// is displayed, a test reads the near misses) or when something could change the answer,
/// whichever comes first (``PendingDiagnoses``). A miss whose explanation nobody reads costs
/// what a hit costs (issue 11).
package final class DeferredDiagnosis: @unchecked Sendable {
  /// The near misses, most specific first, and the store's failure if a read failed.
  package struct Answer: Sendable, Hashable {
    var nearMisses: [NearMiss]
    var storeFailure: String?
  }

  /// Guarded by the registry's lock, as is `answer`.
  private var diagnosis: (any NearMissSearch)?
  private let skipped: Int
  private let registry: PendingDiagnoses
  private(set) var answer: Answer?

  init(_ diagnosis: any NearMissSearch, skipped: Int, registry: PendingDiagnoses) {
    self.diagnosis = diagnosis
    self.skipped = skipped
    self.registry = registry
  }

  /// A diagnosis that goes unresolved is counted out of the registry's waiting ones, so the
  /// next statement does not look for it. Nobody else holds it now (a weak reference reads
  /// `nil` from here on), so `answer` is read without the lock.
  deinit {
    if answer == nil { registry.forget() }
  }

  /// The answer, worked out now if it was not yet.
  var resolved: Answer { registry.resolve(self) }

  /// Whether the answer has been worked out.
  var isResolved: Bool { registry.isResolved(self) }

  /// Works the answer out and lets go of the store and the keybag. Called by the registry,
  /// under its lock.
  func workOut() -> Answer {
    if let answer { return answer }
    guard let diagnosis else { return Answer(nearMisses: []) }
    let worked = Answer(
      nearMisses: diagnosis.nearMisses(skipped: skipped), storeFailure: diagnosis.storeFailure)
    answer = worked
    self.diagnosis = nil
    return worked
  }
}
