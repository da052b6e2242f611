/// Transactions as SAVEPOINTs, so they nest: an engine call that opens one may run inside
/// a caller's batch, and a failure rolls back exactly the inner part.
/// Related SQLite documentation: <https://www.sqlite.org/lang_savepoint.html>
extension Connection {
  /// Runs `body` inside a savepoint: released (committed, at the outermost level) if `body`
  /// returns, rolled back if it throws. The error from `body` is rethrown unchanged.
  func inSavepoint<T>(_ body: () throws -> T) throws -> T {
    try run("SAVEPOINT item_store")
    let result: T
    do {
      result = try body()
    } catch {
      rollBackSavepoint()
      throw error
    }
    do {
      try run("RELEASE item_store")
    } catch {
      rollBackSavepoint()
      throw error
    }
    return result
  }

  /// Undoes and closes the innermost savepoint. Failures are ignored: the only way out of
  /// a failed rollback is the connection's own recovery, and the original error matters more.
  private func rollBackSavepoint() {
    // Best effort, deliberately: the error that made us roll back is being rethrown.
    try? run("ROLLBACK TO item_store")
    try? run("RELEASE item_store")
  }
}
