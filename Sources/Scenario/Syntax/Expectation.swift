import Keychain

/// What an `expect` statement checks (docs/scenario-language.md §9), about the most recent
/// statement with an outcome.
enum Expectation: Hashable, Sendable {
  /// `expect errSecItemNotFound` or `expect -25300`.
  case status(OSStatus)
  /// `expect success`: an LAContext evaluation succeeded.
  case success
  /// `expect LAError.biometryLockout`.
  case laError(LAErrorCode)
  /// `expect true` / `expect false`: the value of `canEvaluatePolicy`.
  case bool(Bool)
  /// `expect result <value>`.
  case result(Expr)
  /// `expect no result`.
  case noResult
  /// `expect count <n>`.
  case count(Int)
  /// `expect prompt`.
  case prompt
  /// `expect no prompt`.
  case noPrompt
  /// `expect device locked|unlocked|beforeFirstUnlock`.
  case device(ExpectedLockState)
}

/// The lock states `expect device` can name.
enum ExpectedLockState: String, Hashable, Sendable, CaseIterable {
  case locked, unlocked, beforeFirstUnlock
}
