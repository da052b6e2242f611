import Devices

/// The `device` statements (docs/scenario-language.md §3).
///
/// Passcodes are kept as written (`"0000"` keeps its zeros). They are secrets of the simulated
/// user: `description` never shows them.
package enum DeviceCommand: Hashable, Sendable, CustomStringConvertible {
  /// `device passcode <digits>`: set a passcode when none is set.
  case setPasscode(String)
  /// `device passcode change <old> <new>`.
  case changePasscode(old: String, new: String)
  /// `device passcode remove <current>`.
  case removePasscode(current: String)
  /// `device lock`.
  case lock
  /// `device unlock <digits>`.
  case unlock(passcode: String)
  /// `device unlock biometry`: consumes the next scripted user answer.
  case unlockWithBiometry
  /// `device reboot`: comes back before first unlock.
  case reboot
  /// `device add <name> [iphone|ipad|mac|watch|android|simulator]`: another of the user's devices.
  case add(name: String, platform: DevicePlatform)
  /// `device use <name>`: the device the next statements act on.
  case use(name: String)

  package var description: String {
    switch self {
    case .setPasscode: "device passcode ••••"
    case .changePasscode: "device passcode change •••• ••••"
    case .removePasscode: "device passcode remove ••••"
    case .lock: "device lock"
    case .unlock: "device unlock ••••"
    case .unlockWithBiometry: "device unlock biometry"
    case .reboot: "device reboot"
    case .add(let name, let platform): "device add \(name) \(platform.rawValue)"
    case .use(let name): "device use \(name)"
    }
  }
}
