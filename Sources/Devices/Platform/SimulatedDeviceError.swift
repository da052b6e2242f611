import DeviceState
import ItemStore
import Keybag
import KeychainEngine

/// Why a device could not be created or reopened. Messages say what is wrong with which file;
/// they never contain key bytes, passcodes or item data.
public enum SimulatedDeviceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The item store refused the file (not a database, truncated, newer format...).
  case store(ItemStoreError)
  /// `open(path:)` on a file that does not exist or holds no device.
  case noDevice(path: String)
  /// `SimulatedDevice(options:)` with a path that already holds a device.
  case deviceExists(path: String)
  /// A saved state blob (device, keybag, caller) is damaged.
  case corruptState(path: String, part: String, detail: String)

  /// The device changed but its file could not be written: the change lives only in memory.
  case saveFailed(path: String, reason: String)

  public var description: String {
    switch self {
    case .store(let error): error.description
    case .noDevice(let path): "'\(path)' holds no simulated device (create one first)"
    case .deviceExists(let path):
      "'\(path)' already holds a simulated device; reopen it with SimulatedDevice.open(path:)"
    case .corruptState(let path, let part, let detail):
      "'\(path)' is a damaged device file: its \(part) cannot be read (\(detail))"
    case .saveFailed(let path, let reason):
      "the device could not be saved to '\(path)': \(reason)"
    }
  }
}
