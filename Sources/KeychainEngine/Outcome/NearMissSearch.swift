/// The search a deferred near-miss diagnosis runs when its answer is first needed: the
/// engine's (``NotFoundDiagnosis``). A protocol so that failures, which hold the deferred
/// answer, sit below the engine that searches.
package protocol NearMissSearch {
  /// Every near miss, most specific first; `skipped` counts the matches the call skipped
  /// because of kSecUseAuthenticationUISkip.
  func nearMisses(skipped: Int) -> [NearMiss]
  /// The store's failure, if a read failed while searching.
  var storeFailure: String? { get }
}
