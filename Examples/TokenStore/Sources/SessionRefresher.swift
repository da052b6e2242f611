/// The background refresh task (BGAppRefreshTask), run by iOS at night while the phone is
/// locked: swaps the refresh token for a new one at the server.
public struct SessionRefresher: Sendable {
  public enum Outcome: Equatable, Sendable {
    /// A new token is stored.
    case refreshed
    /// The keychain is locked: nothing changed, try at the next launch.
    case deferred
    /// There is no session: the user must sign in.
    case signedOut
  }

  /// Exchanges a refresh token for a new one (the network call).
  public typealias Exchange = @Sendable (String) -> String

  /// The 1.0 refresh: no token read means signed out, and the stale session is wiped.
  public static func refreshLegacy(_ store: LegacyTokenStore, exchange: Exchange) -> Outcome {
    guard let token = store.load() else {
      store.delete()  // "clean up the broken session": the 3 a.m. bug
      return .signedOut
    }
    store.save(exchange(token))
    return .refreshed
  }

  /// The fixed refresh: a locked keychain defers, it never signs the user out.
  public static func refresh(_ store: TokenStore, exchange: Exchange) throws -> Outcome {
    do {
      guard let token = try store.load() else { return .signedOut }
      try store.save(exchange(token))
      return .refreshed
    } catch .unavailableWhileLocked {
      return .deferred
    }
  }
}
