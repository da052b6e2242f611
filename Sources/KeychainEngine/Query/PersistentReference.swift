import DeviceState
import Foundation
import ItemStore

/// The bytes `kSecReturnPersistentRef` returns: the item's class and its row id, as Security's
/// `_SecItemMakePersistentRef` lays them out (4-byte class code, 8-byte big-endian row id).
package enum PersistentReference {
  static func encode(_ itemClass: ItemClass, rowID: Int64) -> Data {
    var bytes = Data(itemClass.rawValue.utf8)
    withUnsafeBytes(of: rowID.bigEndian) { bytes.append(contentsOf: $0) }
    return bytes
  }

  static func decode(_ bytes: Data) -> (ItemClass, Int64)? {
    guard bytes.count == 12 else { return nil }
    let classBytes = bytes.prefix(4)
    guard let raw = String(data: classBytes, encoding: .utf8),
      let itemClass = ItemClass(rawValue: raw)
    else { return nil }
    let rowID = bytes.suffix(8).reduce(Int64(0)) { ($0 << 8) | Int64($1) }
    return (itemClass, rowID)
  }
}
