import Foundation
import Keychain
import ScenarioLanguage

// The device statements. Everything here is a call on `SimulatedDevice`; the session only
// words what comes back.
extension ScenarioSession {
  /// A fresh in-memory device, or the device file: reopened when it exists, else created.
  /// Whether `path` is a device file to reopen: present and not empty (an empty file, as
  /// `mktemp` makes, is created into).
  static func holdsADevice(_ path: String) -> Bool {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
      return false  // missing or unreadable: opening it reports the real problem
    }
    return (attributes[.size] as? NSNumber)?.intValue ?? 0 > 0
  }

  /// The first device of `options.devicePath`, a reopened file not yet written:
  /// ``makeFleet(_:)`` writes it once every file of the fleet has opened.
  static func makeDevice(_ options: Options) throws(ScenarioRuntimeError) -> SimulatedDevice {
    let deviceOptions = SimulatedDevice.Options(
      kdfProfile: options.kdfProfile, path: options.devicePath)
    do {
      return try SimulatedDevice.openOrCreate(options: deviceOptions, savingReopened: false)
    } catch {
      throw ScenarioRuntimeError("cannot set up the device: \(error.description)")
    }
  }

  mutating func perform(_ command: DeviceCommand, statement: Statement)
    throws(ScenarioRuntimeError) -> StepReport
  {
    let outcome: DeviceOutcome
    switch command {
    case .setPasscode(let passcode): outcome = device.setPasscode(passcode)
    case .changePasscode(let old, let new): outcome = device.changePasscode(from: old, to: new)
    case .removePasscode(let current): outcome = device.removePasscode(current: current)
    case .lock: outcome = device.lock()
    case .unlock(let passcode): outcome = device.unlock(passcode: passcode)
    case .reboot: outcome = device.reboot()
    case .unlockWithBiometry: outcome = device.unlockWithBiometry()
    case .add(let name, let platform):
      do {
        outcome = try fleet.addDevice(named: name, platform: platform)
      } catch {
        throw ScenarioRuntimeError(error.description)
      }
    case .use(let name):
      do {
        outcome = try fleet.use(name)
      } catch {
        throw ScenarioRuntimeError(error.description)
      }
    }
    lastOutcome = .device(
      statement: command.description, line: statement.location.line,
      refusal: Self.refusal(of: outcome))
    return StepReport(lines: lines(for: outcome))
  }

  mutating func advanceClock(by duration: SimulatedDuration, line: Int)
    throws(ScenarioRuntimeError) -> StepReport
  {
    let outcome = fleet.advanceClock(by: duration)
    lastOutcome = .device(
      statement: "wait \(duration)", line: line, refusal: Self.refusal(of: outcome))
    return StepReport(lines: lines(for: outcome))
  }

  /// `icloud sign-in`, `sign-out`, `keychain on|off`, on the current device.
  mutating func perform(_ command: ICloudCommand, statement: Statement) -> StepReport {
    let outcome: DeviceOutcome
    switch command {
    case .signIn(let appleID): outcome = fleet.signIn(appleID)
    case .signOut: outcome = fleet.signOut()
    case .keychain(let on): outcome = fleet.setICloudKeychain(on)
    case .sync: outcome = fleet.syncNow()
    }
    lastOutcome = .device(
      statement: command.description, line: statement.location.line,
      refusal: Self.refusal(of: outcome))
    return StepReport(lines: lines(for: outcome))
  }

  /// For `expect refused`: the summary and cause of a refused operation; `nil` when done.
  static func refusal(of outcome: DeviceOutcome) -> String? {
    guard !outcome.succeeded else { return nil }
    return outcome.summary + (outcome.explanation.map { ": \($0.cause)" } ?? "")
  }

  /// `→ summary` (or `→ refused: summary`), then why or a note, then the fix.
  func lines(for outcome: DeviceOutcome) -> [String] {
    let summary = (outcome.succeeded ? "" : "refused: ") + outcome.summary
    var lines = [TextWrap.labelled("→ ", summary)]
    if let explanation = outcome.explanation {
      let label = outcome.succeeded ? "note: " : "why: "
      lines.append(TextWrap.labelled(label, explanation.cause, indent: 2))
      if let fix = explanation.fix { lines.append(TextWrap.labelled("fix: ", fix, indent: 2)) }
    }
    return lines
  }

  func show(_ topic: ShowTopic, statement: Statement) throws(ScenarioRuntimeError) -> StepReport {
    switch topic {
    case .device:
      let heading = fleet.members.count > 1 ? [deviceHeading(fleet.currentName)] : []
      return StepReport(lines: heading + DeviceStateView.lines(device.state))
    case .devices:
      return StepReport(lines: fleet.members.map(deviceLine))
    case .cloud:
      return StepReport(lines: cloudLines())
    case .items:
      if !device.platform.hasAppleKeychain { return StepReport(lines: androidValueLines()) }
      let items: [ItemSummary]
      do {
        items = try device.listItems()
      } catch {
        throw ScenarioRuntimeError("cannot list the items: \(error.description)")
      }
      guard !items.isEmpty else { return StepReport(lines: ["no items"]) }
      let heading = items.count == 1 ? "1 item" : "\(items.count) items"
      return StepReport(lines: [heading] + items.flatMap(ItemListing(formatter: formatter).lines))
    case .apps:
      return StepReport(lines: appLines())
    case .keys:
      return try keyLines()
    }
  }

  /// The device's lock state as `expect device` names it.
  var lockState: ExpectedLockState {
    switch device.state.lock {
    case .unlocked: .unlocked
    case .locked: .locked
    case .beforeFirstUnlock: .beforeFirstUnlock
    }
  }

  /// The REPL prompt's summary of the device: `unlocked · no passcode · com.example.app`,
  /// after the device's name once there are several, `(background)` after the app in the
  /// background.
  public var promptSummary: String {
    let state = device.state
    let lock = Self.lockWord(state.lock)
    let passcode = state.passcodeSet ? "passcode" : "no passcode"
    let name = fleet.members.count > 1 ? [fleet.currentName] : []
    // In the background no prompt can be shown: the state the 3 a.m. failures happen in.
    let app = state.caller.app.bundleID + (state.appState == .background ? " (background)" : "")
    return (name + [lock, passcode, app]).joined(separator: " · ")
  }

  /// `show device`'s first line when there are several devices: which one it shows.
  private func deviceHeading(_ name: String) -> String {
    "device \(name) (\(device.platform.displayName))"
  }

  /// One line of `show devices`: `* iPhone  iPhone · unlocked · passcode · alice@icloud.com,
  /// iCloud Keychain on`; the star marks the current device.
  private func deviceLine(_ member: DeviceFleet.Member) -> String {
    let state = member.device.state
    let marker = member.name == fleet.currentName ? "* " : "  "
    let account =
      member.account.appleID.map {
        "\($0), iCloud Keychain \(member.account.iCloudKeychain ? "on" : "off")"
      } ?? "signed out"
    let facts = [
      member.device.platform.displayName, Self.lockWord(state.lock),
      state.passcodeSet ? "passcode" : "no passcode", account,
    ]
    return marker + member.name + ": " + facts.joined(separator: " · ")
  }

  /// The lock state in a word or three, for the prompt and the banner.
  static func lockWord(_ lock: LockState) -> String {
    switch lock {
    case .unlocked: "unlocked"
    case .locked: "locked"
    case .beforeFirstUnlock: "before first unlock"
    }
  }
}
