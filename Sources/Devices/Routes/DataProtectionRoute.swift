import KeychainEngine

/// The one keychain of an iPhone, an iPad or an Apple Watch: every SecItem call goes to the
/// data protection keychain, the device's engine.
package final class DataProtectionRoute: KeychainRoute {
  package init() {}

  package func add(_ query: SecQuery, from host: any KeychainRouteHost) -> SecItemOutcome {
    host.engine.add(query, context: host.callContext)
  }

  package func copyMatching(_ query: SecQuery, from host: any KeychainRouteHost)
    -> SecItemOutcome
  {
    host.engine.copyMatching(query, context: host.callContext)
  }

  package func update(
    _ query: SecQuery, _ attributes: SecQuery, from host: any KeychainRouteHost
  ) -> SecItemOutcome {
    host.engine.update(query, attributes, context: host.callContext)
  }

  package func delete(_ query: SecQuery, from host: any KeychainRouteHost) -> SecItemOutcome {
    host.engine.delete(query, context: host.callContext)
  }
}
