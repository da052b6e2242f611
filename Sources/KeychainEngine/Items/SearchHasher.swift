import DeviceState
import Foundation
import ItemStore
import Keybag

/// What the item store's searchable columns hold: a keyed hash of each attribute's bytes.
///
/// securityd keeps a column per attribute and, for most of them, a SHA-1 of the value's bytes
/// in it (flag `S` in `SecItemSchema.c`; `query_add_attribute_with_desc` in `SecDbQuery.c`
/// hashes the query's value the same way), so it filters rows in SQL and decrypts only the
/// ones that match. The simulator hashes every attribute but the access control, `pdmn` and
/// `tomb`, with the device's search key (``Keybag/searchHash(_:)``): no value, and no
/// unkeyed hash of one, is in the device file.
///
/// The bytes hashed are the attribute's name, a zero byte, then the value's byte form:
/// - blob, data and string attributes: a string's UTF-8 bytes, data as is, a number as a
///   32-bit little-endian integer (`copyData` in `SecDbItem.c`, which hashes the CFNumber's
///   `SInt32` bytes) — so `"alice"` and `Data("alice".utf8)` are the same value;
/// - numbers and booleans: the integer (a whole real is that integer, as SQLite compares);
/// - dates: the seconds since 2001.
package struct SearchHasher {
  let keybag: Keybag
  /// The columns of default values hashed once by the engine, when this hasher has them.
  var defaultValueColumns: DefaultValueColumns? = nil

  /// The searchable columns of an item of `itemClass` with `attributes`: the hash of every
  /// attribute it has, `pdmn` and `tomb`. An attribute it lacks (never one of the primary
  /// key, which the sealer fills) is left NULL, as in securityd: no query value equals it.
  /// (An update hashes only what it changed: ``ItemSealer/seal(_:updating:touching:)``.)
  func columns(
    _ itemClass: ItemClass, attributes: [String: StoredValue]
  ) -> SearchColumns {
    var columns = SearchColumns(minimumCapacity: itemClass.searchColumns.count)
    // Each attribute of the class once, so each column is new: appended with no look-up.
    for attribute in itemClass.attributes where attribute.isSearchable {
      guard let value = attributes[attribute.name], value != .null else { continue }
      columns.appendNew(attribute.name, column(value, of: attribute))
    }
    return columns
  }

  /// ``columns(_:attributes:)`` and the defaults of every primary-key attribute `attributes`
  /// lacks (or holds NULL for), appended to `keyDefaults` in the class's order: sealing needs
  /// both, and one pass over the class looks each attribute up once, where filling the
  /// defaults first looked the key's up twice (docs/benchmarks-history.md). The defaults are
  /// listed, not written into `attributes`: the sealer encodes them beside the item's own, so
  /// that the dictionary, which the added item still shares, is not copied whole to hold them
  /// (an add fills `vwht`, `tkid`…: issue 29, perf-add7).
  ///
  /// The item's attributes are placed by their packed names
  /// (``ItemClass/attributePosition(named:)``) before the pass: looking each of the class's
  /// two dozen attributes up in the dictionary hashed its name, a twentieth of an add
  /// (docs/benchmarks.md, issue 29). The columns and the defaults still come in the class's
  /// order, as when the pass looked them up.
  func columns(
    _ itemClass: ItemClass, attributes: [String: StoredValue],
    keyDefaults: inout [(name: String, value: StoredValue)]
  ) -> SearchColumns {
    let schemas = itemClass.attributes
    var columns = SearchColumns(minimumCapacity: itemClass.searchColumns.count)
    // The key attributes to fill, one bit per position (a class has under 64 attributes),
    // listed after the pass in the class's order, as the pass used to fill them.
    precondition(schemas.count <= UInt64.bitWidth, "more attributes than defaulted has bits")
    var defaulted: UInt64 = 0
    withUnsafeTemporaryAllocation(
      of: Dictionary<String, StoredValue>.Index?.self, capacity: schemas.count
    ) { places in
      places.initialize(repeating: nil)
      defer { places.deinitialize() }
      var place = attributes.startIndex
      while place != attributes.endIndex {
        if let position = itemClass.attributePosition(named: attributes[place].key) {
          places[position] = place
        }
        attributes.formIndex(after: &place)
      }
      for (position, attribute) in schemas.enumerated()
      where attribute.isSearchable || attribute.isPrimaryKey {
        var value = places[position].map { attributes[$0].value } ?? .null
        if value == .null {
          guard attribute.isPrimaryKey else { continue }
          value = attribute.defaultValue
          defaulted |= 1 << position
        }
        // Each attribute of the class once, so each column is new: appended with no
        // look-up, where a look-up in the columns so far was a sixth of this pass
        // (docs/benchmarks.md).
        if attribute.isSearchable {
          columns.appendNew(attribute.name, column(value, of: attribute))
        }
      }
    }
    keyDefaults.reserveCapacity(keyDefaults.count + defaulted.nonzeroBitCount)
    while defaulted != 0 {
      let position = defaulted.trailingZeroBitCount
      defaulted &= defaulted - 1
      keyDefaults.append((schemas[position].name, schemas[position].defaultValue))
    }
    return columns
  }

  /// The column value to compare `value` of attribute `name` with, or `nil` when `itemClass`
  /// has no searchable column of that name.
  func condition(_ name: String, _ value: StoredValue, in itemClass: ItemClass) -> StoredValue? {
    guard let attribute = itemClass.attribute(named: name), attribute.isSearchable else {
      return nil
    }
    return column(value, of: attribute)
  }

  /// What the column of `attribute` holds for `value`.
  func column(_ value: StoredValue, of attribute: AttributeSchema) -> StoredValue {
    guard attribute.storage == .keyedHash else { return value }
    if let defaultValueColumns, value == attribute.defaultValue,
      let known = defaultValueColumns.column(of: attribute)
    {
      return known
    }
    // The message lives on the stack, sized by an upper bound: a heap array per hash was
    // most of what a hash cost besides BLAKE2b (docs/benchmarks.md).
    let capacity = attribute.name.utf8.count + 1 + Self.byteFormCount(value)
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
      var message = MessageBytes(buffer)
      message.append(contentsOf: attribute.name.utf8)
      message.append(0)
      Self.appendByteForm(value, kind: attribute.kind, to: &message)
      let written = UnsafeRawBufferPointer(message.written)
      // Hashed straight into the column's inline value: no `Data` (``SearchHash``).
      return .hash(SearchHash { keybag.searchHash(written, into: $0) })
    }
  }

  /// The `agrp IN (…)` scope of a search over `groups`.
  package func scope(_ groups: [String]) -> ItemDatabase.OneOf {
    let attribute = ItemClass.genp.attribute(named: AttributeName.accessGroup.rawValue)
    return (
      column: AttributeName.accessGroup.rawValue,
      values: groups.map { group in
        attribute.map { column(.text(group), of: $0) } ?? .text(group)
      }
    )
  }

  // MARK: - Byte forms

  /// At least the size of any byte form of `value` (``appendByteForm(_:kind:to:)``).
  private static func byteFormCount(_ value: StoredValue) -> Int {
    switch value {
    case .text(let text): 1 + text.utf8.count
    case .blob(let data): 1 + data.count
    case .hash: 1 + SearchHash.byteCount
    case .integer, .real, .null: 9
    }
  }

  static func appendByteForm<Bytes: ByteFormSink>(
    _ value: StoredValue, kind: AttributeKind, to bytes: inout Bytes
  ) {
    switch kind {
    case .blob, .data, .string:
      switch value {
      case .text(let text): bytes.append(contentsOf: text.utf8)
      case .blob(let data): bytes.append(contentsOf: data)
      case .hash(let hash): append(hash, to: &bytes)
      case .integer(let number): bytes.append(contentsOf: int32Bytes(number))
      case .real(let number): bytes.append(contentsOf: int32Bytes(Int64(exactly: number) ?? 0))
      case .null: break
      }
    case .number, .bool:
      switch value {
      case .integer(let number): appendTagged(0x49, UInt64(bitPattern: number), to: &bytes)
      case .real(let number):
        if let whole = Int64(exactly: number) {
          appendTagged(0x49, UInt64(bitPattern: whole), to: &bytes)
        } else {
          appendTagged(0x52, number.bitPattern, to: &bytes)
        }
      case .text(let text):
        bytes.append(0x54)
        bytes.append(contentsOf: text.utf8)
      case .blob(let data):
        bytes.append(0x42)
        bytes.append(contentsOf: data)
      case .hash(let hash):
        bytes.append(0x42)
        append(hash, to: &bytes)
      case .null: break
      }
    case .date:
      switch value {
      case .real(let seconds): appendTagged(0x44, seconds.bitPattern, to: &bytes)
      case .integer(let seconds): appendTagged(0x44, Double(seconds).bitPattern, to: &bytes)
      case .text(let text): bytes.append(contentsOf: text.utf8)
      case .blob(let data): bytes.append(contentsOf: data)
      case .hash(let hash): append(hash, to: &bytes)
      case .null: break
      }
    }
  }

  /// A number's bytes as securityd's `copyData` makes them: `CFNumberGetValue` as `SInt32`
  /// (truncated), in the device's little-endian order.
  static func int32Bytes(_ number: Int64) -> Data {
    withUnsafeBytes(of: Int32(truncatingIfNeeded: number).littleEndian) { Data($0) }
  }

  /// A hash's 16 bytes, as the `.blob` of them appends.
  private static func append<Bytes: ByteFormSink>(_ hash: SearchHash, to bytes: inout Bytes) {
    hash.withUnsafeBytes { bytes.append(contentsOf: $0.bindMemory(to: UInt8.self)) }
  }

  private static func appendTagged<Bytes: ByteFormSink>(
    _ tag: UInt8, _ raw: UInt64, to bytes: inout Bytes
  ) {
    bytes.append(tag)
    withUnsafeBytes(of: raw.bigEndian) { bytes.append(contentsOf: $0) }
  }
}
