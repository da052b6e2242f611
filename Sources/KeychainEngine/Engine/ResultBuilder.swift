import DeviceState
import Foundation
import ItemStore

/// The object a call returns for one item, shaped by the kSecReturn keys (docs/evidence.md §4).
package enum ResultBuilder {
  /// Attributes securityd keeps for itself and does not hand back.
  package static let internalAttributes = Set(AttributeName.internalAttributes.map(\.rawValue))

  /// Stored attributes without Security's `A` flag ("returned to client as attribute",
  /// `SecItemSchema.c`): `tomb` is filtered on but never returned.
  static let unreturnedAttributes = internalAttributes.union([AttributeName.tombstone.rawValue])

  /// Whether the call needs the item's secret to shape its result: for kSecReturnData, and
  /// for kSecReturnRef with any other return key, because securityd decrypts the data to
  /// build a ref and the client keeps it when no ref comes out (passwords).
  static func needsData(_ returns: QueryKey.ReturnKeys, itemClass: ItemClass) -> Bool {
    returns.contains(.data)
      || (returns.contains(.ref) && (returns.count > 1 || itemClass == .keys))
  }

  /// `nil` when the item contributes nothing: no return key, or kSecReturnRef alone on a
  /// password (iOS returns success and NULL).
  ///
  /// Shapes follow securityd's `handle_result` (SecItemDb.c) and the client's
  /// `SecItemResultCopyPrepared` (SecItem.m): kSecReturnData alone on an item without data is
  /// an empty CFData; kSecReturnRef with another key on a password yields every attribute,
  /// `class` and the data, since no ref is made to replace them.
  ///
  /// kSecReturnRef on a key: securityd hands the client the row's attributes (with `class`) and
  /// its data, from which the client builds the `SecKeyRef` (`SecItemResultCopyPrepared`,
  /// `SecKeyCreateFromAttributeDictionary`); the SecKey layer does that and shapes the result.
  static func value(for item: KeychainItem, returns: QueryKey.ReturnKeys) -> SecValue? {
    // Encoded only when asked for: a `Data` built and torn down for nothing was about a
    // thousand instructions of every copy (issue 29).
    let reference =
      returns.contains(.persistentRef)
      ? item.rowID.map { PersistentReference.encode(item.itemClass, rowID: $0) } : nil
    if item.itemClass == .keys, returns.contains(.ref) {
      var row = attributes(of: item, withClass: true)
      row[.valueData] = .data(item.data ?? Data())
      if returns.contains(.persistentRef), let reference {
        row[.valuePersistentRef] = .data(reference)
      }
      return .dictionary(row)
    }
    if returns.count == 1, let only = returns.first {
      switch only {
      case .data: return secret(item.data)
      case .attributes: return .dictionary(attributes(of: item, withClass: false))
      case .persistentRef: return reference.map(SecValue.data)
      case .ref: return nil
      }
    }
    guard !returns.isEmpty else { return nil }
    var dictionary: [String: SecValue] = [:]
    let withRef = returns.contains(.ref)
    if returns.contains(.attributes) || withRef {
      dictionary = attributes(of: item, withClass: withRef)
    }
    if returns.contains(.data) || withRef, let data = item.data {
      dictionary[.valueData] = .data(data)
    }
    if returns.contains(.persistentRef), let reference {
      dictionary[.valuePersistentRef] = .data(reference)
    }
    return .dictionary(dictionary)
  }

  /// kSecReturnData alone: the item's secret, an empty CFData for an item without one.
  static func secret(_ data: Data?) -> SecValue { .data(data ?? Data()) }

  /// The item's attributes as Security returns them: keyed by raw attribute codes, without
  /// internal attributes or the secret; `class` only when a ref was requested (SecItemDb.c
  /// l.493). `accc` is there for every item: securityd gives an item added without an access
  /// control a default one holding only its protection when it decrypts it
  /// (`SecDbItemDecrypt`), and returns it like any other attribute.
  package static func attributes(of item: KeychainItem, withClass: Bool) -> [String: SecValue] {
    var dictionary: [String: SecValue] = [:]
    for (name, stored) in item.attributes
    where !unreturnedAttributes.contains(name) || isTokenID(name, stored) {
      guard let kind = item.itemClass.attribute(named: name)?.kind,
        let value = secValue(stored, kind: kind)
      else { continue }
      dictionary[name] = value
    }
    let control =
      item.accessControl ?? SecAccessControl.protectionOnly(item.protection.rawValue)
    dictionary[.accessControl] = .accessControl(control)
    if withClass { dictionary[.itemClass] = .string(item.itemClass.rawValue) }
    return dictionary
  }

  /// `tkid` is securityd's own, but a token item's (a Secure Enclave key's) comes back: the
  /// client needs it to build the key's ref from the row (`SecItemResultCopyPrepared`), and
  /// `SecKeyCopyAttributes` reports it.
  private static func isTokenID(_ name: String, _ stored: StoredValue) -> Bool {
    guard name == AttributeName.tokenID.rawValue, case .text(let text) = stored else {
      return false
    }
    return !text.isEmpty
  }

  /// A stored value back in CoreFoundation terms: TEXT as a string, BLOB as data, dates as
  /// dates, `sync`/`tomb` as booleans.
  package static func secValue(_ stored: StoredValue, kind: AttributeKind) -> SecValue? {
    switch (stored, kind) {
    case (.null, _): nil
    case (.text(let text), _): .string(text)
    case (.blob(let bytes), _): .data(bytes)
    case (.hash(let hash), _): .data(hash.data)
    case (.integer(let number), .bool): .bool(number != 0)
    case (.integer(let number), _): .number(number)
    case (.real(let seconds), .date): .date(Date(timeIntervalSinceReferenceDate: seconds))
    case (.real(let number), _): .number(Int64(number))
    }
  }
}
