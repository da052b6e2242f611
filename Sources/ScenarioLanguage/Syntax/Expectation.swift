import Devices
import Foundation
import KeychainEngine

/// What an `expect` statement checks (docs/scenario-language.md §9), about the most recent
/// statement with an outcome.
package enum Expectation: Hashable, Sendable {
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
  /// `expect refused` (*extension*): the last device, biometry or app statement was refused.
  case refused
  /// `expect prompts 2` (*extension*): how many prompts the last acting statement showed.
  case promptCount(Int)
  /// `expect result kSecAttrModificationDate later than created` or
  /// `== "2025-01-01T00:00:00Z"` (*extension*): a date the last call returned, against a date
  /// literal or the same key of a bound earlier result.
  case resultDate(key: DictionaryKey, DateComparison, DateOperand)
  /// `expect sheet offers cancel, fallback` (*extension*): exactly the answers the last sheet
  /// of the last acting statement offered (its scans and its buttons).
  case sheetOffers([UserResponse.Kind])
  /// `expect result has no kSecValueData` (*extension*): the returned dictionary (every one,
  /// in an array) lacks the key.
  case resultLacks(DictionaryKey)
  /// `expect result SecKeychainItemRef` (*extension*): the last call returned a keychain item
  /// reference, or an array of them (a Mac's file-based keychain, asked no kSecReturn key).
  case resultIsItemReference
  /// `expect result strictly "alice"` (*extension*): as `expect result`, but a string never
  /// matches data and a Boolean never matches a number.
  case strictResult(Expr)
  /// `expect ctx.biometryType == .faceID` (*extension*).
  case biometryType(context: String, BiometryKind)
  /// `expect ctx2.evaluatedPolicyDomainState != ctx.evaluatedPolicyDomainState`
  /// (*extension*): whether the biometric domain state two contexts recorded is the same.
  case domainState(String, equal: Bool, String)
  /// `expect ctx.evaluatedPolicyDomainState == nil` (or `!= nil`) (*extension*): nil until
  /// canEvaluatePolicy or a successful biometric evaluation sets it (LAContext.h).
  case domainStateIsNil(String, isNil: Bool)
  /// `expect MISSING_ENTITLEMENT` (*extension*): the last package call's promise rejected with
  /// this code.
  case packageError(PackageError.Code)
}

/// The lock states `expect device` can name.
package enum ExpectedLockState: String, Hashable, Sendable, CaseIterable {
  case locked, unlocked, beforeFirstUnlock
}

/// How `expect result <date key>` compares: `==`, `later than`, `earlier than`.
package enum DateComparison: String, Hashable, Sendable {
  case equal = "=="
  case later = "later than"
  case earlier = "earlier than"
}

/// What a returned date is compared with: an ISO 8601 literal, or a bound earlier result.
package enum DateOperand: Hashable, Sendable, CustomStringConvertible {
  case literal(Date)
  case binding(String)

  package var description: String {
    switch self {
    case .literal(let date): "\"\(date.formatted(.iso8601))\""
    case .binding(let name): name
    }
  }
}
