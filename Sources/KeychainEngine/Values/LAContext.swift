import DeviceState
import Foundation

/// A LocalAuthentication context: the reason shown in prompts, whether UI may be shown, the
/// reuse window, and what the user has proved on it so far.
///
/// A reference type, as Apple's `LAContext` is: a context evaluated once and passed as
/// `kSecUseAuthenticationContext` authorises later keychain calls without a new prompt
/// (SecItem.h; docs/evidence.md §8.3). Evaluations run on a device:
/// ``SimulatedDevice/evaluatePolicy(_:context:localizedReason:)``.
///
/// ```swift
/// let context = LAContext()
/// context.touchIDAuthenticationAllowableReuseDuration = .seconds(10)
/// let outcome = phone.evaluatePolicy(.deviceOwnerAuthentication, context: context,
///                                    localizedReason: "Sign in")
/// phone.secItemCopyMatching(query + ["u_AuthCtx": .authenticationContext(context)])
/// ```
public final class LAContext: @unchecked Sendable, Hashable, CustomStringConvertible {
  /// What the user proved on this context.
  package enum Credential: Hashable, Sendable {
    /// A biometric match, under the enrolment set of that moment.
    case biometry(domainGeneration: Int)
    /// The device passcode.
    case passcode
  }

  /// "The maximum supported interval is 5 minutes" (LAContext.h,
  /// `LATouchIDAuthenticationMaximumAllowableReuseDuration`).
  public static let maximumAllowableReuseDuration = SimulatedDuration.seconds(300)

  private static let counter = Counter()
  /// A number for transcripts: the first context made in a process is #1.
  public let number: Int
  private let lock = NSLock()
  private var state = State()

  private struct State {
    var localizedReason: String?
    var localizedFallbackTitle: String?
    var localizedCancelTitle: String?
    var interactionNotAllowed = false
    var reuseDuration = SimulatedDuration.zero
    var biometryType = BiometryType.none
    var evaluatedPolicyDomainState: Data?
    var isInvalidated = false
    var credentials: Set<Credential> = []
  }

  public init() { number = Self.counter.next() }

  // MARK: - Apple's properties

  /// The reason shown when the context is used by a keychain call (iOS 11+).
  public var localizedReason: String? {
    get { locked { $0.localizedReason } }
    set { locked { $0.localizedReason = newValue } }
  }

  public var localizedFallbackTitle: String? {
    get { locked { $0.localizedFallbackTitle } }
    set { locked { $0.localizedFallbackTitle = newValue } }
  }

  public var localizedCancelTitle: String? {
    get { locked { $0.localizedCancelTitle } }
    set { locked { $0.localizedCancelTitle = newValue } }
  }

  /// When set, anything that would need a prompt fails with `notInteractive`
  /// (errSecInteractionNotAllowed in a keychain call).
  public var interactionNotAllowed: Bool {
    get { locked { $0.interactionNotAllowed } }
    set { locked { $0.interactionNotAllowed = newValue } }
  }

  /// How far back a biometric unlock OF THE LOCK SCREEN may be reused; values past 300 s act
  /// as 300 s. It never reuses a match made in an app (LAContext.h; docs/evidence.md §8.3).
  public var touchIDAuthenticationAllowableReuseDuration: SimulatedDuration {
    get { locked { $0.reuseDuration } }
    set { locked { $0.reuseDuration = newValue } }
  }

  /// The window actually applied: min(value, 300 s), never negative.
  public var effectiveReuseDuration: SimulatedDuration {
    let value = touchIDAuthenticationAllowableReuseDuration
    if value < .zero { return .zero }
    return min(value, Self.maximumAllowableReuseDuration)
  }

  /// Set by `canEvaluatePolicy` (whatever it returns); `.none` before.
  public package(set) var biometryType: BiometryType {
    get { locked { $0.biometryType } }
    set { locked { $0.biometryType = newValue } }
  }

  /// Set when `canEvaluatePolicy` succeeds for a biometric policy or an evaluation matched a
  /// face or finger; changes whenever enrolments change.
  public package(set) var evaluatedPolicyDomainState: Data? {
    get { locked { $0.evaluatedPolicyDomainState } }
    set { locked { $0.evaluatedPolicyDomainState = newValue } }
  }

  /// Whether ``invalidate()`` was called.
  public var isInvalidated: Bool { locked { $0.isInvalidated } }

  /// Ends the context: later evaluations fail with `invalidContext`. Idempotent.
  public func invalidate() {
    locked {
      $0.isInvalidated = true
      $0.credentials = []
    }
  }

  // MARK: - Credentials

  package var credentials: Set<Credential> { locked { $0.credentials } }

  package func add(_ credential: Credential) {
    locked { _ = $0.credentials.insert(credential) }
  }

  private func locked<T>(_ body: (inout State) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&state)
  }

  // MARK: - Identity

  public static func == (lhs: LAContext, rhs: LAContext) -> Bool { lhs === rhs }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

  /// `LAContext #2`.
  public var description: String { "LAContext #\(number)" }

  /// Hands out context numbers.
  private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
      lock.lock()
      defer { lock.unlock() }
      value += 1
      return value
    }
  }
}

extension BiometryState {
  /// `evaluatedPolicyDomainState`: opaque bytes that change with every enrolment change.
  public var domainState: Data {
    var bytes = Data("ksim-bio".utf8)
    withUnsafeBytes(of: Int64(domainGeneration).bigEndian) { bytes.append(contentsOf: $0) }
    return bytes
  }
}
