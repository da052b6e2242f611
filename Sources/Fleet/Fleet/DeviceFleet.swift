import DeviceState
import Devices
import Keybag
import KeychainEngine

/// The user's devices in one scenario, by name, and the one statements act on.
///
/// A scenario starts with one iPhone, so everything written for a single device keeps its
/// meaning; ``addDevice(named:platform:)`` brings in the user's other devices (a second
/// phone, a Mac, a Watch, an Android phone). Time is the user's, not a device's: waiting
/// moves every device's clock (``advanceClock(by:)``). Each device has its own keybag, its
/// own keychain and its own Apple Account state (``AppleAccount``).
///
/// ```swift
/// let fleet = DeviceFleet(first: try SimulatedDevice(options: .init(kdfProfile: .fast)))
/// try fleet.addDevice(named: "watch", platform: .watch)
/// try fleet.use("watch")
/// fleet.current.platform   // .watch
/// ```
///
/// Not thread-safe: one owner drives it, like the devices it holds.
public final class DeviceFleet {
  /// One device and what the fleet knows about it.
  public struct Member {
    /// The name statements use for it (`device use <name>`).
    public let name: String
    public let device: SimulatedDevice
    /// The Apple Account it is signed into.
    public package(set) var account: AppleAccount
  }

  /// The name of the device a scenario starts on.
  public static let firstDeviceName = "iPhone"

  /// The devices, in the order they were added.
  public package(set) var members: [Member]
  /// The backups made so far, in the order they were made (`backup create`); memory only.
  public package(set) var backups: [DeviceBackup] = []
  /// Where ``current`` is in ``members``.
  private var currentIndex = 0
  /// The passcode key derivation's cost for devices the fleet creates.
  public let kdfProfile: KDFProfile
  /// iCloud Keychain: each account's records and what each device knows of them.
  var iCloud = FleetSync()
  /// Who answers the prompts of every device: the user holds them all.
  public var userAgent: (any UserAgent)? {
    didSet {
      guard let userAgent else { return }
      for member in members { member.device.userAgent = userAgent }
    }
  }

  /// A fleet of one: `first`, named ``firstDeviceName`` unless told otherwise.
  public init(
    first: SimulatedDevice, named name: String = firstDeviceName, kdfProfile: KDFProfile = .fast
  ) {
    self.members = [Member(name: name, device: first, account: .signedOut)]
    self.kdfProfile = kdfProfile
  }

  /// The device statements act on.
  public var current: SimulatedDevice { members[currentIndex].device }
  /// Its name.
  public var currentName: String { members[currentIndex].name }
  /// Its Apple Account.
  public var currentAccount: AppleAccount { members[currentIndex].account }
  /// The devices' names, in the order they were added.
  public var names: [String] { members.map(\.name) }

  /// The device named `name`.
  public func member(named name: String) throws(FleetError) -> Member {
    members[try index(of: name)]
  }

  /// Adds a fresh device (no passcode, unlocked, no items, the default app installed) whose
  /// clock reads the same time as the others'. It does not become the current device.
  ///
  /// - Throws: ``FleetError`` for a name that is taken or not a word, or a store that fails.
  @discardableResult
  public func addDevice(named name: String, platform: DevicePlatform)
    throws(FleetError) -> DeviceOutcome
  {
    guard Self.isValidName(name) else { throw .invalidName(name) }
    guard !members.contains(where: { $0.name == name }) else { throw .nameTaken(name) }
    let device: SimulatedDevice
    // Beside a first device in a file, the new one gets a file of its own
    // (DeviceFleet+Persistence).
    let path = members[0].device.path.map { Self.deviceFile(named: name, besides: $0) }
    if let path, let clash = fileInUse(by: path, platform: platform) {
      throw .creationFailed(name: name, detail: clash)
    }
    do {
      device = try SimulatedDevice(
        options: .init(kdfProfile: kdfProfile, path: path, platform: platform))
    } catch .deviceExists(let existing) {
      // Said for the one who typed `device add`, not the library's `SimulatedDevice.open`.
      throw .creationFailed(
        name: name,
        detail: "its file '\(existing)' already holds a device that is not in this set of files"
          + " (left by another run?), and it is never overwritten: give the new device another"
          + " name, or move that file away; `keychain-sim run --device \(existing)` opens it on"
          + " its own")
    } catch {
      throw .creationFailed(name: name, detail: error.description)
    }
    // A fresh device starts at the clock's epoch; bring it to the user's time.
    let elapsed = SimulatedDuration(milliseconds: current.securityState.clock.now.milliseconds)
    let caughtUp = device.advanceClock(by: elapsed)
    guard caughtUp.succeeded else {
      Self.discardFiles(of: device)
      throw .creationFailed(name: name, detail: caughtUp.description)
    }
    if platform.defaultBiometry != device.securityState.biometry.type {
      let hardware = device.setBiometryType(platform.defaultBiometry)
      guard hardware.succeeded else {
        Self.discardFiles(of: device)
        throw .creationFailed(name: name, detail: hardware.description)
      }
    }
    if let userAgent { device.userAgent = userAgent }
    members.append(Member(name: name, device: device, account: .signedOut))
    let summary = "\(platform.displayName) '\(name)' added: no passcode, unlocked, no items"
    guard let path = device.path else { return .done(summary) }
    return .done(summary + "; its device file is \(path)")
  }

  /// Makes `name` the device statements act on.
  public func use(_ name: String) throws(FleetError) -> DeviceOutcome {
    currentIndex = try index(of: name)
    let device = members[currentIndex].device
    return .done("now acting on \(device.platform.displayName) '\(name)'")
  }

  /// Moves every device's clock forward: waiting is the user's, not one device's.
  ///
  /// The outcome is the current device's; the others move by the same step, which they
  /// accept or refuse alike (their clocks read the same time).
  public func advanceClock(by duration: SimulatedDuration) -> DeviceOutcome {
    var outcome = current.advanceClock(by: duration)
    guard outcome.succeeded else { return outcome }
    var discarded: [String] = []
    for (index, member) in members.enumerated() where index != currentIndex {
      let before = member.device.keybag.loadedClasses
      let moved = member.device.advanceClock(by: duration)
      guard moved.succeeded else {
        // The clocks read the same time, so this cannot differ from the current device's
        // answer; if it ever does, the transcript says so rather than hiding it.
        outcome.summary += "; \(member.name) refused: \(moved.summary)"
        continue
      }
      if !member.device.keybag.loadedClasses.isSuperset(of: before) {
        discarded.append(member.name)
      }
    }
    if !discarded.isEmpty {
      outcome.summary += "; class keys discarded on \(discarded.joined(separator: ", ")) too"
    }
    syncAfterClockAdvance()
    return outcome
  }

  /// Changes the current device's Apple Account state.
  func updateCurrentAccount(_ change: (inout AppleAccount) -> Void) {
    change(&members[currentIndex].account)
  }

  private func index(of name: String) throws(FleetError) -> Int {
    guard let index = members.firstIndex(where: { $0.name == name }) else {
      throw .unknownDevice(name: name, known: names)
    }
    return index
  }

  /// Letters, digits, `-`, `_` and `.`: a name the scenario language reads as one word.
  static func isValidName(_ name: String) -> Bool {
    !name.isEmpty
      && name.unicodeScalars.allSatisfy {
        ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
          || "-_.".unicodeScalars.contains($0)
      }
  }
}
