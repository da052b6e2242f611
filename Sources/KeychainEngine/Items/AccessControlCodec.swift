import DeviceState
import Foundation

/// The bytes stored (sealed) in an item's `accc` column: 4 big-endian flag bytes, then the
/// protection class's raw value, then — for `biometryCurrentSet` items — a NUL and the bound
/// biometric enrolment generation in decimal.
package enum AccessControlCodec {
  package static func encode(_ control: SecAccessControl, boundGeneration: Int? = nil) -> Data {
    var bytes = Data()
    withUnsafeBytes(of: control.flags.rawValue.bigEndian) { bytes.append(contentsOf: $0) }
    bytes.append(Data(control.protection.utf8))
    if let boundGeneration { bytes.append(Data("\u{0}\(boundGeneration)".utf8)) }
    return bytes
  }

  static func decode(_ bytes: Data) -> SecAccessControl? {
    decodeBound(bytes)?.control
  }

  package static func decodeBound(_ bytes: Data) -> (control: SecAccessControl, generation: Int?)? {
    guard bytes.count > 4 else { return nil }
    let flags = bytes.prefix(4).reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
    let parts = bytes.dropFirst(4).split(separator: 0, omittingEmptySubsequences: false)
    guard parts.count <= 2, let first = parts.first,
      let protection = String(data: Data(first), encoding: .utf8)
    else { return nil }
    var generation: Int?
    if parts.count == 2 {
      guard let text = String(data: Data(parts[1]), encoding: .utf8), let value = Int(text)
      else { return nil }
      generation = value
    }
    let control = SecAccessControl(
      protection: protection, flags: SecAccessControlCreateFlags(rawValue: flags))
    return (control, generation)
  }
}
