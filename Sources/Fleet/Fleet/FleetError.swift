import DeviceState
import Devices
import KeychainEngine

/// A request about the devices themselves that cannot be carried out: a name that is not a
/// device, or one already taken. These are mistakes in the script, not device refusals.
public enum FleetError: Error, Sendable, Hashable, CustomStringConvertible {
  /// No device has this name; `known` lists the names there are.
  case unknownDevice(name: String, known: [String])
  case nameTaken(String)
  /// A device name must be a word: letters, digits, `-`, `_` or `.`.
  case invalidName(String)
  /// The new device could not be created (its store failed).
  case creationFailed(name: String, detail: String)
  /// The fleet's manifest in the first device's file (`path`) cannot be read or written, or
  /// names a device file that cannot be opened.
  case manifest(path: String, detail: String)

  public var description: String {
    switch self {
    case .unknownDevice(let name, let known):
      "no device named '\(name)' (devices: \(known.joined(separator: ", ")))"
    case .nameTaken(let name): "a device named '\(name)' already exists"
    case .invalidName(let name):
      "'\(name)' is not a device name: use letters, digits, '-', '_' or '.'"
    case .creationFailed(let name, let detail): "cannot create the device '\(name)': \(detail)"
    case .manifest(let path, let detail): "\(path): \(detail)"
    }
  }
}
