/// The search a deferred near-miss diagnosis runs when its answer is first needed: the
/// engine's (``NotFoundDiagnosis``). A protocol so that failures, which hold the deferred
/// answer, sit below the engine that searches.
///
/// Class-bound: its one conformer is a class (``NotFoundDiagnosis``), and a class existential
/// is a reference, where an unconstrained one went through boxed value witnesses on every
/// miss's deferral and teardown (issue 29).
package protocol NearMissSearch: AnyObject {
  /// Every near miss, most specific first; `skipped` counts the matches the call skipped
  /// because of kSecUseAuthenticationUISkip.
  func nearMisses(skipped: Int) -> [NearMiss]
  /// The store's failure, if a read failed while searching.
  var storeFailure: String? { get }
}
