import Foundation
import Keychain
import ScenarioLanguage

/// `help accessibility`: which `kSecAttrAccessible` value can be read in which lock state,
/// computed from the device's own availability rules so the table cannot drift from them.
enum AccessibilityTable {
  /// The lock states the table shows, each as the events that lead to it from a fresh device.
  private static let columns: [(title: String, events: [DeviceEvent])] = [
    ("unlocked", [.passcodeSet]),
    ("locked <10s", [.passcodeSet, .lockButtonPressed]),
    ("locked", [.passcodeSet, .lockButtonPressed, .timeAdvanced(milliseconds: 3_600_000)]),
    ("after reboot", [.passcodeSet, .rebooted]),
    ("no passcode", []),
  ]

  static var text: String {
    let states: [SecurityState?] = columns.map { column in
      var state = SecurityState.fresh()
      for event in column.events {
        guard (try? state.handle(event)) != nil else { return nil }
      }
      return state
    }
    let nameWidth = ProtectionClass.allCases.map(\.appleName.count).max() ?? 0
    func pad(_ text: String, _ width: Int) -> String {
      text.padding(toLength: width, withPad: " ", startingAt: 0)
    }
    var lines = [
      "Which kSecAttrAccessible value can be read (✓) in which lock state, with a passcode set",
      "unless the column says otherwise. \"locked <10s\" is the grace period after locking;",
      "\"after reboot\" is before the first unlock.",
      "",
      pad("", nameWidth + 2) + columns.map { pad($0.title, 14) }.joined(),
    ]
    for protection in ProtectionClass.allCases {
      let cells = states.map { state -> String in
        guard let state else { return pad("?", 14) }
        return pad(state.availability(of: protection).isAvailable ? "✓" : "-", 14)
      }
      lines.append(pad(protection.appleName, nameWidth + 2) + cells.joined())
    }
    lines += [
      "",
      "…ThisDeviceOnly values never leave the device (no backup restore to another one);",
      "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly items are destroyed when the passcode is",
      "removed; kSecAttrAccessibleAlways… are deprecated since iOS 12.",
    ]
    return lines.map {
      $0.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)
    }
    .joined(separator: "\n")
  }
}
