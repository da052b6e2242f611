import DeviceState
import Devices
import Foundation
import ItemStore
import KeychainEngine

/// The bytes of one item inside a backup: its class, attributes, access control and data,
/// as one attribute dictionary (``StoredValueCodec``). Only ever sealed.
package enum BackupItemCodec {
  private static let classKey = "class"
  private static let attributesKey = "attributes"
  private static let accessControlKey = "accc"
  private static let dataKey = "v_Data"

  static func encode(_ item: KeychainItem) -> Data {
    var fields: [String: StoredValue] = [
      classKey: .text(item.itemClass.rawValue),
      attributesKey: .blob(
        StoredValueCodec.encode(attributes: item.attributes.filter { $0.value != .null })),
    ]
    if let control = item.accessControl {
      fields[accessControlKey] = .blob(
        AccessControlCodec.encode(control, boundGeneration: item.boundBiometryGeneration))
    }
    if let data = item.data { fields[dataKey] = .blob(data) }
    return StoredValueCodec.encode(attributes: fields)
  }

  /// The item, or `nil` for bytes that are not one.
  static func decode(_ bytes: Data) -> KeychainItem? {
    guard let fields = StoredValueCodec.decodeAttributes(bytes),
      case .text(let raw)? = fields[classKey], let itemClass = ItemClass(rawValue: raw),
      case .blob(let encoded)? = fields[attributesKey],
      let attributes = StoredValueCodec.decodeAttributes(encoded)
    else { return nil }
    var item = KeychainItem(rowID: nil, itemClass: itemClass, attributes: attributes)
    if case .blob(let control)? = fields[accessControlKey] {
      guard let decoded = AccessControlCodec.decodeBound(control) else { return nil }
      item.accessControl = decoded.control
      item.boundBiometryGeneration = decoded.generation
    }
    if case .blob(let data)? = fields[dataKey] { item.data = data }
    return item
  }
}
