import Foundation

/// The bytes stored (sealed) in an item's `accc` column: 4 big-endian flag bytes, then the
/// protection class's raw value.
enum AccessControlCodec {
  static func encode(_ control: SecAccessControl) -> Data {
    var bytes = Data()
    withUnsafeBytes(of: control.flags.rawValue.bigEndian) { bytes.append(contentsOf: $0) }
    bytes.append(Data(control.protection.utf8))
    return bytes
  }

  static func decode(_ bytes: Data) -> SecAccessControl? {
    guard bytes.count > 4 else { return nil }
    let flags = bytes.prefix(4).reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
    guard let protection = String(data: bytes.dropFirst(4), encoding: .utf8) else { return nil }
    return SecAccessControl(
      protection: protection, flags: SecAccessControlCreateFlags(rawValue: flags))
  }
}
