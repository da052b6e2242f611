import DeviceState

/// The checks Security's client library (`SecItem.m`) makes before the request reaches the
/// daemon, so they win over the daemon's entitlement errors.
package enum ClientChecks {
  static func check(_ query: SecQuery, as function: SecItemFunction) throws(SecItemFailure) {
    if let control = query[.accessControl] {
      guard case .accessControl = control else {
        throw SecItemFailure(.errSecParam, .wrongType(key: .accessControl, got: control.type))
      }
      if function == .add || function == .attributesToUpdate,
        isSynchronizable(query[.synchronizable])
      {
        throw SecItemFailure(.errSecParam, .accessControlSynchronizable)
      }
    }
    if query[.authenticationUI] == .string(AuthenticationUI.skip.rawValue),
      function != .copyMatching
    {
      throw SecItemFailure(.errSecParam, .authenticationUISkipOutsideCopy(function))
    }
    if query[.authenticationContext] != nil, query[.credentialReference] != nil {
      throw SecItemFailure(.errSecParam, .contextWithCredentialReference)
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
