import KeychainEngine

/// The one keychain of an iPhone, an iPad or an Apple Watch: every SecItem call goes to the
/// data protection keychain, the device's engine.
package final class DataProtectionRoute: KeychainRoute {
  package init() {}

  package func add(
    _ query: SecQuery, context: SecItemEngine.Context, from host: any KeychainRouteHost
  ) -> SecItemOutcome {
    host.engine.add(query, context: context)
  }

  package func copyMatching(
    _ query: SecQuery, context: SecItemEngine.Context, from host: any KeychainRouteHost
  ) -> SecItemOutcome {
    host.engine.copyMatching(query, context: context)
  }

  package func update(
    _ query: SecQuery, _ attributes: SecQuery, context: SecItemEngine.Context,
    from host: any KeychainRouteHost
  ) -> SecItemOutcome {
    host.engine.update(query, attributes, context: context)
  }

  package func delete(
    _ query: SecQuery, context: SecItemEngine.Context, from host: any KeychainRouteHost
  ) -> SecItemOutcome {
    host.engine.delete(query, context: context)
  }
}
