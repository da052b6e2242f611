/// The checks Security's client library (`SecItem.m`) makes before the request reaches the
/// daemon, so they win over the daemon's entitlement errors.
enum ClientChecks {
  static func check(_ query: SecQuery, as function: SecItemFunction) throws(SecItemFailure) {
    if let control = query[.accessControl] {
      guard case .accessControl = control else {
        throw SecItemFailure(
          .errSecParam,
          "kSecAttrAccessControl (\"accc\") must be a SecAccessControl, got \(control.kindName) "
            + "(\"Unexpected type of kSecAttrAccessControl attribute\")",
          fix: "create it with SecAccessControlCreateWithFlags")
      }
      if function == .add || function == .attributesToUpdate,
        isSynchronizable(query[.synchronizable])
      {
        throw SecItemFailure(
          .errSecParam,
          "kSecAttrAccessControl with kSecAttrSynchronizable = true: \"item with "
            + "kSecAttrAccessControl is not synchronizable\" (every SecAccessControl carries an "
            + "ACL, even with no flags)",
          fix: "drop kSecAttrSynchronizable, or use kSecAttrAccessible instead of an access "
            + "control object")
      }
    }
    if query[.authenticationUI] == .string(AuthenticationUI.skip.rawValue),
      function != .copyMatching
    {
      throw SecItemFailure(
        .errSecParam,
        "kSecUseAuthenticationUI = kSecUseAuthenticationUISkip is only meaningful to "
          + "SecItemCopyMatching; \(function) refuses it",
        fix: "remove kSecUseAuthenticationUI from this call")
    }
    if query[.authenticationContext] != nil, query[.credentialReference] != nil {
      throw SecItemFailure(
        .errSecParam,
        "kSecUseAuthenticationContext and kSecUseCredentialReference cannot be used together",
        fix: "pass only kSecUseAuthenticationContext")
    }
  }

  private static func isSynchronizable(_ value: SecValue?) -> Bool {
    switch value {
    case .bool(true)?: true
    case .number(let number)?: number != 0
    default: false
    }
  }
}
