import DeviceState
import Foundation
import ItemStore

/// One synchronizable item in the clear, as iCloud Keychain carries it between devices: its
/// class, its attributes (the access group among them) and its secret.
///
/// It lives in a ``CloudRecord`` or a device's ``SyncMirror`` (on disk only inside the sealed
/// manifest); the transcript names it by ``name`` and never shows ``data``.
package struct SyncedContent: Sendable, Equatable, Codable {
  package var itemClass: ItemClass
  /// Every attribute as the device stores it, `tomb` aside.
  package var attributes: [String: StoredValue]
  package var data: Data?
  /// Whether the item has a `kSecAttrAccessControl`: such an item never leaves the device
  /// (docs/evidence.md §11, fact 5), so no record or mirror ever holds one.
  package var hasAccessControl = false

  init(
    itemClass: ItemClass, attributes: [String: StoredValue], data: Data?,
    hasAccessControl: Bool = false
  ) {
    self.itemClass = itemClass
    var kept = attributes
    kept[.tombstone] = nil
    self.attributes = kept
    self.data = data
    self.hasAccessControl = hasAccessControl
  }

  /// The protection class in `pdmn`.
  package var protection: ProtectionClass {
    if case .text(let raw)? = attributes[.accessible], let value = ProtectionClass(rawValue: raw) {
      return value
    }
    return .ak
  }

  package var accessGroup: String? { ItemDescription.text(attributes[.accessGroup]) }

  /// The primary-key values, to find the same item among others of its class
  /// (docs/evidence.md §11, fact 14 and fact 19).
  package var primaryKey: [StoredValue] {
    itemClass.primaryKey.map { attributes[$0] ?? .null }
  }

  /// "item `alice` (genp, service com.example.app) in ABCDE12345.com.example.app": its primary
  /// key as a reader recognises it, never its data.
  package var name: String {
    let base = ItemDescription.of(itemClass, plain: attributes)
    guard let group = accessGroup else { return base }
    return "\(base) in \(group)"
  }
}

extension SyncedContent {
  private enum CodingKeys: String, CodingKey {
    case itemClass = "class"
    case attributes, data
  }

  /// The attributes in the store's own encoding (``StoredValueCodec``): the fleet's manifest
  /// keeps them sealed (docs/cli.md, "Several devices in files").
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let encoded = try container.decode(Data.self, forKey: .attributes)
    guard let attributes = StoredValueCodec.decodeAttributes(encoded) else {
      throw DecodingError.dataCorruptedError(
        forKey: .attributes, in: container, debugDescription: "unreadable item attributes")
    }
    self.init(
      itemClass: try container.decode(ItemClass.self, forKey: .itemClass), attributes: attributes,
      data: try container.decodeIfPresent(Data.self, forKey: .data))
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(itemClass, forKey: .itemClass)
    try container.encode(StoredValueCodec.encode(attributes: attributes), forKey: .attributes)
    try container.encodeIfPresent(data, forKey: .data)
  }
}
