import DeviceState
import Foundation
import TestSupport
import Testing

@testable import Keybag

/// Drives a `SecurityState` and a `Keybag` together the way the facade will, and checks that the keys
/// in memory are exactly the classes the device says are available.
@Suite struct DeviceKeybagTests {
  /// One user action, as the facade would carry it out.
  enum Action: CustomStringConvertible {
    case setPasscode(String)
    case changePasscode(String, String)
    case removePasscode(String)
    case unlock(String)
    case swipeOpen, lock, reboot
    case wait(Int64)

    var description: String {
      switch self {
      case .setPasscode: "set passcode"
      case .changePasscode: "change passcode"
      case .removePasscode: "remove passcode"
      case .unlock: "unlock"
      case .swipeOpen: "swipe open"
      case .lock: "lock"
      case .reboot: "reboot"
      case .wait(let ms): "wait \(ms)ms"
      }
    }
  }

  /// Applies `action` to both; a refusal from either side leaves both unchanged.
  static func perform(_ action: Action, device: inout SecurityState, keybag: Keybag) {
    var next = device
    do {
      let commands: [KeybagCommand]
      switch action {
      case .setPasscode(let new):
        commands = try next.handle(.passcodeSet)
        try keybag.setPasscode(new)
      case .changePasscode(let old, let new):
        commands = try next.handle(.passcodeChanged)
        try keybag.changePasscode(from: old, to: new)
      case .removePasscode(let current):
        commands = try next.handle(.passcodeRemoved)
        try keybag.removePasscode(current: current)
      case .unlock(let code):
        try next.checkPasscodeEntryAllowed()
        do {
          try keybag.unlock(passcode: code)
          commands = try next.handle(.unlockSucceeded)
        } catch KeybagError.wrongPasscode {
          commands = try next.handle(.unlockFailed)
        }
      case .swipeOpen:
        guard !next.passcode.isSet else { return }
        commands = try next.handle(.unlockSucceeded)
      case .lock: commands = try next.handle(.lockButtonPressed)
      case .reboot: commands = try next.handle(.rebooted)
      case .wait(let milliseconds):
        commands = try next.handle(.timeAdvanced(milliseconds: milliseconds))
      }
      commands.forEach(keybag.apply)
      device = next
    } catch {
      // Refused: nothing committed.
    }
  }

  @Test func aDayInTheLife() {
    var device = SecurityState.fresh()
    let keybag = Keybag(profile: .fast)
    let script: [Action] = [
      .lock, .wait(60_000), .swipeOpen, .setPasscode("1234"), .lock, .wait(9_999), .wait(1),
      .unlock("0000"), .unlock("1234"), .reboot, .unlock("1234"), .changePasscode("1234", "5678"),
      .lock, .wait(20_000), .unlock("5678"), .removePasscode("5678"), .lock, .wait(3_600_000),
      .reboot, .swipeOpen, .setPasscode("2468"), .reboot,
    ]
    for action in script {
      Self.perform(action, device: &device, keybag: keybag)
      #expect(keybag.loadedClasses == device.availableClasses, "after \(action)")
    }
  }

  /// A long pseudo-random walk (fixed seed) through every action, right and wrong passcodes.
  @Test func randomWalkKeepsKeysAndAvailabilityInStep() {
    var device = SecurityState.fresh()
    let keybag = Keybag(profile: .fast)
    var generator = SplitMix64(seed: 0x5eed)
    let codes = ["1111", "2222"]
    for step in 0..<400 {
      let code = codes[Int(generator.next() % 2)]
      let other = codes[Int(generator.next() % 2)]
      let action: Action =
        switch generator.next() % 8 {
        case 0: .setPasscode(code)
        case 1: .changePasscode(code, other)
        case 2: .removePasscode(code)
        case 3: .unlock(code)
        case 4: .swipeOpen
        case 5: .lock
        case 6: .reboot
        default: .wait(Int64(generator.next() % 15_000))
        }
      Self.perform(action, device: &device, keybag: keybag)
      #expect(keybag.loadedClasses == device.availableClasses, "step \(step): \(action)")
      #expect(keybag.hasPasscode == device.passcode.isSet, "step \(step): \(action)")
    }
  }
}
