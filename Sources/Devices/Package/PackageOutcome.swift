import DeviceState
import KeychainEngine

/// What one package call did: how its promise settled, and every SecItem call it made on the
/// way (an Apple device) or the per-app store it used (Android), so nothing happens unseen.
public struct PackageOutcome: Sendable, Hashable {
  /// How the promise settled when it resolved.
  public enum Value: Sendable, Hashable {
    /// `setItem` and `deleteItem` resolve with nothing.
    case nothing
    /// `getItem` found the key.
    case string(String)
    /// `getItem` found no such key: `null`.
    case null
  }

  /// One SecItem call the package made, its query as Apple's names (item data masked).
  public struct SecItemStep: Sendable, Hashable {
    /// `SecItemAdd`, `SecItemCopyMatching`, `SecItemUpdate` or `SecItemDelete`.
    public var function: String
    /// `[kSecClass: kSecClassGenericPassword, kSecAttrService: "shared", ...]`.
    public var query: String
    /// The attributes of an update, rendered like ``query``.
    public var attributes: String?
    public var outcome: SecItemOutcome
    /// The query as the package sent it, for what watches the app's calls (the scenario
    /// runner's pitfall warnings); it holds the data, so it is never printed.
    public var sentQuery: SecQuery
    /// An update's attributes as sent; empty for the other calls.
    public var sentAttributes: SecQuery
  }

  public var operation: PackageOperation
  /// The device's kind: the package behaves differently on Android.
  public var platform: DevicePlatform
  /// Resolved with a value, or rejected with a ``PackageError``.
  public var settled: Result<Value, PackageError>
  /// The SecItem calls made, in order; empty on Android.
  public var steps: [SecItemStep]
  /// Something a developer would not expect (Android ignoring the access group).
  public var note: Explanation?

  /// Whether the promise resolved.
  public var resolved: Bool {
    if case .success = settled { true } else { false }
  }

  /// The rejection, if the promise was rejected.
  public var error: PackageError? {
    if case .failure(let error) = settled { error } else { nil }
  }

  /// What `getItem` resolved with, as a result value: the string, or `nil` for `null`,
  /// nothing, or a rejection.
  public var returnedValue: SecValue? {
    if case .success(.string(let text)) = settled { .string(text) } else { nil }
  }

  /// The status of the last SecItem call made, or `nil` when none was (Android).
  public var lastStatus: OSStatus? { steps.last?.outcome.status }
}
