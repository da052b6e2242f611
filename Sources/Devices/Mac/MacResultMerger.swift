import DeviceState
import KeychainEngine

/// How the macOS shim merges a call that ran on several keychains: Apple's
/// `SecItemMergeResults` (Security, `OSX/libsecurity_keychain/lib/SecItem.cpp`;
/// docs/evidence.md §11, fact 35; docs/fidelity.md, "The Mac").
///
/// A call that reaches both halves merges them as Apple's function does:
/// - the data protection keychain's errSecMissingEntitlement is ignored (an app without
///   keychain entitlements still reaches its file-based items): the file-based half answers;
/// - the data protection half failing in any other way (errSecItemNotFound,
///   errSecInteractionNotAllowed, ...) leaves the answer, status and result, to the file-based
///   half, even when that is errSecItemNotFound;
/// - the data protection half succeeding wins over a failing file-based half;
/// - both succeeding: arrays are concatenated, data protection first; a single result is the
///   data protection keychain's, unless it returned none (no kSecReturn key): then the
///   file-based half's item references.
///
/// The file-based half is itself the login keychain, then the System keychain
/// (`SecItemCopyMatching_osx` over the search list): the first success answers (arrays of
/// several successes concatenated in search order); when none succeeds, the first status other
/// than errSecItemNotFound, else errSecItemNotFound.
package enum MacResultMerger {
  /// One keychain's answer.
  package struct Part {
    /// "data protection keychain", "login keychain", "System keychain".
    var keychain: String
    var outcome: SecItemOutcome
  }

  /// The name the data protection keychain's part carries.
  static let dataProtectionKeychain = "data protection keychain"

  /// The merged outcome, the keychains searched ("the login keychain and System keychain",
  /// with the ignored errSecMissingEntitlement) and which one's answer is returned.
  static func merge(_ parts: [Part]) -> (outcome: SecItemOutcome, searched: String, answer: String)
  {
    let searched = parts.map(\.keychain)
    var sentence = "the " + list(searched)
    let dataProtection = parts.first { $0.keychain == dataProtectionKeychain }
    let fileBased = parts.filter { $0.keychain != dataProtectionKeychain }
    guard let dataProtection, !fileBased.isEmpty else {
      let merged = mergeFileBased(parts)
      return (merged.outcome, sentence, merged.answer)
    }
    let file = mergeFileBased(fileBased)
    switch dataProtection.outcome.status {
    case .errSecMissingEntitlement:
      sentence +=
        " (the data protection keychain answered errSecMissingEntitlement, which the "
        + "shim ignores)"
      return (file.outcome, sentence, file.answer)
    case .errSecSuccess:
      break
    default:
      // SecItemMergeResults: "iOS keychain failed to produce results because of some error,
      // go with results from OSX keychain".
      let status = dataProtection.outcome.status
      guard status != .errSecItemNotFound else { return (file.outcome, sentence, file.answer) }
      var outcome = file.outcome
      if outcome.status != .errSecSuccess {
        // The data protection keychain's own failure is what the app needs to know about.
        outcome.explanation?.fix =
          "the data protection keychain's answer was \(status.name) (\(status.rawValue)), "
          + "which a Mac replaces with the file-based keychains' answer; to see and handle it, "
          + "query with kSecUseDataProtectionKeychain true"
      }
      return (
        outcome, sentence,
        "the data protection keychain answered \(status.name), so the answer is the "
          + "file-based keychains' (" + file.answer + ")"
      )
    }
    guard file.outcome.status == .errSecSuccess else {
      return (dataProtection.outcome, sentence, "the answer is the data protection keychain's")
    }
    var outcome = dataProtection.outcome
    if case .array(let first) = dataProtection.outcome.result,
      case .array(let second) = file.outcome.result
    {
      outcome.result = .array(first + second)
      return (outcome, sentence, "found in the " + list([dataProtection.keychain] + file.found))
    }
    guard outcome.result == nil, file.outcome.result != nil else {
      return (outcome, sentence, "the answer is the data protection keychain's")
    }
    // `*result = (id_ios) ? result_ios : result_osx`: with no return key the data protection
    // keychain returns nothing and the file-based one its item references.
    outcome.result = file.outcome.result
    outcome.explanation = file.outcome.explanation ?? outcome.explanation
    return (outcome, sentence, "the result is the file-based keychains' (" + file.answer + ")")
  }

  /// The file-based keychains' answer, in search order.
  private static func mergeFileBased(_ parts: [Part]) -> (
    outcome: SecItemOutcome, answer: String, found: [String]
  ) {
    let successes = parts.filter { $0.outcome.status == .errSecSuccess }
    guard let firstSuccess = successes.first else {
      guard let first = parts.first else {
        return (SecItemOutcome(status: .errSecItemNotFound), "none of them holds a match", [])
      }
      let failure = parts.first { $0.outcome.status != .errSecItemNotFound } ?? first
      let answer =
        failure.outcome.status == .errSecItemNotFound
        ? "none of them holds a match" : "the answer is the \(failure.keychain)'s"
      return (failure.outcome, answer, [])
    }
    var outcome = firstSuccess.outcome
    let arrays = successes.compactMap { part -> [SecValue]? in
      if case .array(let values) = part.outcome.result { return values }
      return nil
    }
    if successes.count > 1, arrays.count == successes.count {
      outcome.result = .array(arrays.flatMap { $0 })
      let found = successes.map(\.keychain)
      return (outcome, "found in the " + list(found), found)
    }
    return (outcome, "the answer is the \(firstSuccess.keychain)'s", [firstSuccess.keychain])
  }

  /// "data protection keychain, login keychain and System keychain".
  private static func list(_ names: [String]) -> String {
    guard names.count > 1, let last = names.last else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + last
  }
}
