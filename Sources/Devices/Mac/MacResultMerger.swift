import DeviceState
import KeychainEngine

/// How the macOS shim merges a call that ran on several keychains (docs/evidence.md §11,
/// fact 35: `SecItemMergeResults`).
///
/// The data protection keychain's errSecMissingEntitlement is ignored (an app without
/// keychain entitlements still reaches its file-based items); when several keychains
/// succeed, arrays are concatenated in search order (data protection first) and a single
/// result is the first keychain's; when none succeeds, the first status other than
/// errSecItemNotFound is returned, else errSecItemNotFound.
package enum MacResultMerger {
  /// One keychain's answer.
  package struct Part {
    /// "data protection keychain", "login keychain", "System keychain".
    var keychain: String
    var outcome: SecItemOutcome
  }

  /// The merged outcome, the keychains searched ("the login keychain and System keychain",
  /// with the ignored errSecMissingEntitlement) and which one's answer is returned.
  static func merge(_ parts: [Part]) -> (outcome: SecItemOutcome, searched: String, answer: String)
  {
    let searched = parts.map(\.keychain)
    let ignoredEntitlement = parts.filter {
      $0.keychain == "data protection keychain" && $0.outcome.status == .errSecMissingEntitlement
    }
    let counted =
      ignoredEntitlement.isEmpty
      ? parts
      : parts.filter {
        $0.outcome.status != .errSecMissingEntitlement || $0.keychain != "data protection keychain"
      }
    var sentence = "the " + list(searched)
    if !ignoredEntitlement.isEmpty {
      sentence +=
        " (the data protection keychain answered errSecMissingEntitlement, which the "
        + "shim ignores)"
    }
    guard let first = counted.first else { return (parts[0].outcome, sentence, "") }
    let successes = counted.filter { $0.outcome.status == .errSecSuccess }
    guard let firstSuccess = successes.first else {
      let failure =
        counted.first { $0.outcome.status != .errSecItemNotFound } ?? first
      let answer =
        failure.outcome.status == .errSecItemNotFound
        ? "none of them holds a match" : "the answer is the \(failure.keychain)'s"
      return (failure.outcome, sentence, answer)
    }
    var outcome = firstSuccess.outcome
    let arrays = successes.compactMap { part -> [SecValue]? in
      if case .array(let values) = part.outcome.result { return values }
      return nil
    }
    if successes.count > 1, arrays.count == successes.count {
      outcome.result = .array(arrays.flatMap { $0 })
      return (outcome, sentence, "found in the " + list(successes.map(\.keychain)))
    }
    return (outcome, sentence, "the answer is the \(firstSuccess.keychain)'s")
  }

  /// "data protection keychain, login keychain and System keychain".
  private static func list(_ names: [String]) -> String {
    guard names.count > 1, let last = names.last else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + last
  }
}
