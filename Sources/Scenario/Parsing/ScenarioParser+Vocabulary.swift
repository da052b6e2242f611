import Keychain

extension ScenarioParser {
  /// Every word the language knows, sorted: statement words and sub-commands, Apple's key and
  /// value constants, access-control flags, LAPolicy and LAContext names, OSStatus and LAError
  /// names. For the REPL's tab completion; bound names come from ``bindings``.
  public static let vocabulary: [String] = {
    var words = Set(StatementParser.statementWords)
    words.formUnion([
      "passcode", "change", "remove", "lock", "unlock", "biometry", "reboot", "type", "faceID",
      "touchID", "none", "enroll", "install", "team", "keychain-access-groups", "app-groups",
      "use", "background", "foreground", "uninstall", "transfer", "extension-of",
      "no-entitlements", "keychain", "will", "match", "fail", "cancel", "fallback", "enter",
      "times", "success", "LAError", "result", "no", "count", "prompt", "locked", "unlocked",
      "beforeFirstUnlock", "device", "items", "apps", "LAContext",
      "SecAccessControlCreateWithFlags",
      "kCFAllocatorDefault", "Data", "nil", "true", "false",
      "touchIDAuthenticationAllowableReuseDuration",
      "interactionNotAllowed", "localizedReason", "localizedFallbackTitle", "localizedCancelTitle",
      "evaluatePolicy", "canEvaluatePolicy", "invalidate",
      "LATouchIDAuthenticationMaximumAllowableReuseDuration",
    ])
    words.formUnion(SecConstants.allNames)
    words.formUnion(SecAccessControlCreateFlags.named.flatMap { [$0.swift, $0.objc] })
    words.formUnion(LAPolicy.allCases.map(\.name))
    words.formUnion(OSStatus.known.map(\.name))
    words.formUnion(LAErrorCode.allSpellings)
    return words.sorted()
  }()
}
