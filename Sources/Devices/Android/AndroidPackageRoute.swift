import Foundation
import KeychainEngine

/// An Android phone: no SecItem API (an Android app has Keystore; docs/evidence.md §11,
/// fact 50), and the cross-platform package's values in each app's own storage.
package final class AndroidPackageRoute: KeychainRoute {
  /// The device-file key the package's values are saved under.
  package static let stateKey = "androidPackage"

  package var packageStorage: AndroidAppStorage?

  package init(storage: AndroidAppStorage) { packageStorage = storage }

  package func add(
    _ query: SecQuery, context: SecItemEngine.Context, from host: any KeychainRouteHost
  ) -> SecItemOutcome {
    refusal(host)
  }

  package func copyMatching(
    _ query: SecQuery, context: SecItemEngine.Context, from host: any KeychainRouteHost
  ) -> SecItemOutcome {
    refusal(host)
  }

  package func update(
    _ query: SecQuery, _ attributes: SecQuery, context: SecItemEngine.Context,
    from host: any KeychainRouteHost
  ) -> SecItemOutcome {
    refusal(host)
  }

  package func delete(
    _ query: SecQuery, context: SecItemEngine.Context, from host: any KeychainRouteHost
  ) -> SecItemOutcome {
    refusal(host)
  }

  package func savedState(_ encoder: JSONEncoder) throws -> [(key: String, blob: Data)] {
    [(Self.stateKey, try encoder.encode(packageStorage ?? AndroidAppStorage()))]
  }

  private func refusal(_ host: any KeychainRouteHost) -> SecItemOutcome {
    SecItemOutcome(
      refusing: SecItemCallRefusal(
        reason: "an \(host.platform.displayName) has no SecItem API",
        advice: "its apps keep their secrets through the package (`createKeychain(...)`) or "
          + "Keystore"))
  }
}
