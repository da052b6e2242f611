import DeviceState
import Foundation
import ItemStore
import Keybag
import KeychainEngine

/// A simulated iPhone: its security state, its keybag, its keychain and the app calling it.
///
/// The facade the scenario runner, the REPL and library users drive. Device operations return a
/// ``DeviceOutcome``; SecItem calls return a ``SecItemOutcome`` with Apple's status.
///
/// ```swift
/// let phone = try SimulatedDevice(options: .init(kdfProfile: .fast))
/// phone.setPasscode("123456")
/// phone.secItemAdd(["class": .string("genp"), "acct": .string("alice"),
///                   "v_Data": .data(Data("s3cret".utf8))])
/// phone.lock(); phone.advanceClock(by: .seconds(11))
/// phone.secItemCopyMatching(["class": .string("genp"), "r_Data": .bool(true)]).status
/// // errSecInteractionNotAllowed
/// ```
///
/// Not thread-safe: one owner drives it, like the device it stands for.
public final class SimulatedDevice {
  /// How to build a device.
  public struct Options: Sendable {
    /// The passcode key derivation's cost: `.realistic` (default) or `.fast` for tests.
    public var kdfProfile: KDFProfile
    /// A device file to keep the device in, or `nil` (default) for memory only.
    public var path: String?
    /// The app making the calls.
    public var caller: Caller
    /// What kind of device it is; an iPhone unless a fleet adds another kind.
    public var platform: DevicePlatform

    public init(
      kdfProfile: KDFProfile = .realistic, path: String? = nil, caller: Caller = .default,
      platform: DevicePlatform = .iPhone
    ) {
      self.kdfProfile = kdfProfile
      self.path = path
      self.caller = caller
      self.platform = platform
    }
  }

  /// What kind of device this is (iPhone, Mac, Watch...); saved with the device.
  public let platform: DevicePlatform
  /// The device's security state (passcode, lock, clock).
  public package(set) var securityState: SecurityState {
    didSet { currentCallContext = nil }
  }
  /// The app whose calls the keychain serves; set it with ``setCaller(_:)`` or
  /// ``useApp(_:)``, which save it.
  public package(set) var caller: Caller {
    didSet { currentCallContext = nil }
  }
  /// The apps installed on the device (`app install`, `show apps`); saved with the device.
  public package(set) var apps: AppRegistry {
    didSet { currentCallContext = nil }
  }
  /// What the apps keep in their preferences (UserDefaults), by bundle id: in memory only,
  /// never in the device file (docs/fidelity.md, "App preferences in a backup").
  public package(set) var preferences = AppPreferences()
  package let keybag: Keybag
  package let database: ItemDatabase
  /// The data protection keychain (the iOS keychain): every Apple device has one.
  package let engine: SecItemEngine
  /// Where the four SecItem calls go (``KeychainRoute``): the data protection keychain, a
  /// Mac's shim between it and the file-based keychains, or an Android phone's refusal.
  package let route: any KeychainRoute
  /// Set when the last save to the device file failed; reported by ``state``.
  public package(set) var lastSaveError: String?
  /// The save failure not yet handed to ``takeSaveFailure()``.
  var pendingSaveFailure: SimulatedDeviceError?
  /// The one owner of prompts, LAContext evaluations and keychain authorisation.
  private(set) lazy var authenticator = Authenticator(host: self)
  /// Who answers prompts (Face ID, Touch ID, passcode sheets). The default never answers.
  public var userAgent: any UserAgent {
    get { authenticator.userAgent }
    set { authenticator.userAgent = newValue }
  }
  /// Whether the calling app is in the foreground; in the background no prompt can be shown.
  /// Not saved: a reopened device starts with its app in the foreground.
  public var appState: AppExecutionState {
    get { authenticator.appState }
    set { authenticator.appState = newValue }
  }
  /// Whether the device has a Secure Enclave: its kind's answer (``DevicePlatform/hasSecureEnclave``)
  /// unless a test set it (false for an older phone without one). Not saved.
  public var hasSecureEnclave: Bool {
    get { secureEnclaveOverride ?? platform.hasSecureEnclave }
    set { secureEnclaveOverride = newValue }
  }
  private var secureEnclaveOverride: Bool?
  /// The `akpu` items each passcode removal deleted, to explain a later errSecItemNotFound;
  /// saved with the device.
  var passcodeRemovals: [PasscodeRemoval] = [] {
    didSet { currentCallContext = nil }
  }
  /// The context SecItem calls are made with until one of the four properties it is made of
  /// (`securityState`, `caller`, `apps`, `passcodeRemovals`) changes; `nil` until the next call.
  private var currentCallContext: SecItemCallContext?

  /// The date kSecAttrCreationDate gets at the clock's epoch: 2025-01-01 00:00:00 UTC.
  public static let epochDate = Date(timeIntervalSinceReferenceDate: 757_382_400)

  /// A fresh device: no passcode, unlocked, the clock at its epoch, no items.
  ///
  /// A file at `options.path` that is empty or whose creation was interrupted is replaced;
  /// the file appears whole or not at all (see ``createFile(at:securityState:keybag:caller:platform:)``).
  ///
  /// - Throws: ``SimulatedDeviceError/deviceExists(path:)`` when `options.path` already holds
  ///   a device, or ``SimulatedDeviceError/store(_:)`` when the file cannot be created.
  public convenience init(options: Options = .init()) throws(SimulatedDeviceError) {
    let securityState = SecurityState.fresh()
    let keybag = Keybag(profile: options.kdfProfile)
    let database: ItemDatabase
    if let path = options.path {
      database = try Self.createFile(
        at: path, securityState: securityState, keybag: keybag, caller: options.caller,
        platform: options.platform)
    } else {
      do {
        database = try ItemDatabase(path: nil)
      } catch {
        throw .store(error)
      }
    }
    let route: any KeychainRoute
    do {
      route = try options.platform.makeRoute(
        keybag: keybag, deviceFile: options.path, fresh: true, saved: [:])
    } catch {
      // Keychain files left by another Mac: the new device file, which holds nothing yet,
      // goes, so that the next run does not reopen a Mac without its keychains.
      if let path = options.path { Self.removeStaging(path) }
      throw error
    }
    self.init(
      securityState: securityState, keybag: keybag, database: database, caller: options.caller,
      platform: options.platform, route: route)
  }

  init(
    securityState: SecurityState, keybag: Keybag, database: ItemDatabase, caller: Caller,
    apps: AppRegistry? = nil, platform: DevicePlatform = .iPhone,
    route: any KeychainRoute = DataProtectionRoute()
  ) {
    self.platform = platform
    self.securityState = securityState
    self.keybag = keybag
    self.database = database
    self.caller = caller
    self.apps = apps ?? AppRegistry(installing: caller.app)
    self.engine = SecItemEngine(database: database, keybag: keybag)
    self.route = route
  }

  /// The device file, or `nil` for an in-memory device.
  public var path: String? { database.path }

  /// The simulated clock as a date.
  var now: Date {
    Self.epochDate.addingTimeInterval(Double(securityState.clock.now.milliseconds) / 1_000)
  }

  /// The context of the device's SecItem calls as the device stands: made at the first call
  /// after a change to what it holds, whose observers drop it (``SecItemCallContext``).
  var callContext: SecItemCallContext {
    if let currentCallContext { return currentCallContext }
    let authentication = CallAuthenticationContext()
    let made = SecItemCallContext(
      context: SecItemEngine.Context(
        securityState: securityState, caller: caller, now: now,
        authorize: authenticator.keychainAuthorizer(authentication), apps: apps,
        passcodeRemovals: passcodeRemovals),
      callerIsInstalled: callerIsInstalled, authentication: authentication)
    currentCallContext = made
    return made
  }
}
