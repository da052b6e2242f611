import DeviceState
import Foundation
import ItemStore
import Keybag

/// Turns a ``KeychainItem`` into the row the store keeps, and back.
///
/// Every attribute but the access control gets a searchable column holding its keyed hash
/// (``SearchHasher``), `pdmn` and `tomb` stay as they are; the attribute values themselves are
/// sealed together in one column, the access control and the secret in one column each, with
/// the item's class key. Each ciphertext's associated data is the item's identity (class,
/// primary-key hashes, protection class) plus the column name, so a sealed value cannot be
/// moved to another item or column (docs/architecture.md).
package struct ItemSealer {
  let keybag: Keybag
  /// The engine's columns of default values, handed on to ``hasher``.
  var defaultValueColumns: DefaultValueColumns? = nil

  package var hasher: SearchHasher {
    SearchHasher(keybag: keybag, defaultValueColumns: defaultValueColumns)
  }

  // MARK: - Sealing

  /// Seals `item` into a row, with a hash of every searchable attribute; a missing
  /// primary-key attribute is stored as its default, as securityd does. (An update seals
  /// with ``seal(_:updating:touching:)``.)
  ///
  /// - Throws: ``KeybagError/classUnavailable(_:)`` while the class is locked,
  ///   ``KeybagError/noClassKey(_:)`` for `akpu` with no passcode.
  func seal(_ item: KeychainItem) throws(KeybagError) -> ItemRow {
    let itemClass = item.itemClass
    let protection = item.protection
    var attributes = item.attributes
    // An added item already names its class (`SecItemEngine.newItem`): writing the same value
    // again copied the whole dictionary, which `item` still shares (issue 29, perf-add7).
    let accessible = StoredValue.text(protection.rawValue)
    if attributes[.accessible] != accessible { attributes[.accessible] = accessible }
    // securityd's query_pre_add gives every primary-key attribute a value (SecItemDb.c);
    // the defaults are encoded beside the attributes, not written into them.
    var keyDefaults: [(name: String, value: StoredValue)] = []
    let search = hasher.columns(itemClass, attributes: attributes, keyDefaults: &keyDefaults)
    let identity = Self.identity(itemClass, search: search)
    var sealed = SealedColumns(minimumCapacity: 3)
    // The attributes are sealed from the array they are encoded in.
    sealed[ItemClass.attributesColumn] = try keybag.seal(
      StoredValueCodec.attributeBytes(skippingNullsOf: attributes, adding: keyDefaults),
      in: protection,
      context: identity, suffix: Self.attributesSuffix)
    if let control = item.accessControl {
      sealed[ItemClass.accessControlColumn] = try keybag.seal(
        AccessControlCodec.encode(control, boundGeneration: item.boundBiometryGeneration),
        in: protection, context: identity, suffix: Self.accessControlSuffix)
    }
    if let data = item.data {
      sealed[ItemClass.dataColumn] = try keybag.seal(
        data, in: protection, context: identity, suffix: Self.dataSuffix)
    }
    return ItemRow(
      rowID: item.rowID, itemClass: itemClass, searchColumns: search, sealedColumns: sealed)
  }

  // MARK: - Opening

  /// Opens the attributes and the access control of `row`, leaving the secret sealed.
  ///
  /// - Throws: ``KeybagError/classUnavailable(_:)`` when the class key is not in memory;
  ///   ``KeybagError/keyDestroyed`` or ``KeybagError/authenticationFailed`` for an item that
  ///   can never be opened (its `akpu` key is gone, or the row was tampered with).
  package func openAttributes(_ row: ItemRow) throws(KeybagError) -> KeychainItem {
    try openAttributes(row, sealed: row.sealedReader, identity: Self.identity(of: row))
  }

  /// ``openAttributes(_:)`` of a row whose sealed columns are read from `sealed` (a streaming
  /// read's, in place: ``SealedColumnReader``), with its ``identity(of:)`` already computed,
  /// for a caller that opens the secret of the same row too (the identity is a tenth of a read).
  func openAttributes(_ row: ItemRow, sealed: SealedColumnReader, identity: [UInt8])
    throws(KeybagError) -> KeychainItem
  {
    let (decoded, protection) = try openAttributeBytes(row, sealed: sealed, identity: identity) {
      StoredValueCodec.decodeAttributes($0)
    }
    return try item(decoded, of: row, sealed: sealed, identity: identity, protection: protection)
  }

  /// The item of `row` whose attributes decoded to `decoded` (`nil`: malformed), under the
  /// row's `protection` and `identity`, its sealed columns read from `sealed`: its protection
  /// class checked against the row's, its tombstone the row's, its access control opened.
  func item(
    _ decoded: [String: StoredValue]?, of row: ItemRow, sealed: SealedColumnReader,
    identity: [UInt8], protection: ProtectionClass
  ) throws(KeybagError) -> KeychainItem {
    guard let attributes = decoded, attributes[.accessible] == Self.accessibleColumn(of: row)
    else { throw .authenticationFailed }
    var item = KeychainItem(rowID: row.rowID, itemClass: row.itemClass, attributes: attributes)
    item.attributes[.tombstone] = Self.tombstoneColumn(of: row)
    let opened = try sealed.withBytes(ItemClass.accessControlColumn) {
      sealedControl throws(KeybagError) in
      try keybag.open(
        sealedControl, in: protection, context: identity, suffix: Self.accessControlSuffix)
    }
    if let bytes = opened {
      guard let decoded = AccessControlCodec.decodeBound(bytes) else {
        throw .authenticationFailed
      }
      item.accessControl = decoded.control
      item.boundBiometryGeneration = decoded.generation
    }
    return item
  }

  /// The secret alone of `row`, an item without access control, for a read that returns
  /// nothing else (kSecReturnData alone): the attributes are opened (authenticated) and their
  /// protection class checked against the row's, as a full opening does, but not decoded, and
  /// the secret is opened under that class; `nil` for an item without a secret. The row's
  /// `pdmn` is read once and no ``KeychainItem`` is made: the item, its copies and a second
  /// reading of the class were about a tenth of a copy's own work (issue 29). A row with an
  /// access control is opened whole (``openAttributes(_:sealed:identity:)``): its checks and
  /// prompts need the attributes.
  ///
  /// - Throws: as ``openAttributes(_:)``.
  func openSecretAlone(_ row: ItemRow, sealed: SealedColumnReader, identity: [UInt8])
    throws(KeybagError) -> Data?
  {
    let expected = Self.accessibleColumn(of: row)
    let protection = try Self.protection(named: expected)
    let sound = try openAttributeBytes(
      sealed: sealed, protection: protection, identity: identity
    ) {
      StoredValueCodec.attributes($0, hold: AttributeName.accessible.rawValue, expected)
    }
    guard sound else { throw .authenticationFailed }
    return try sealed.withBytes(ItemClass.dataColumn) { bytes throws(KeybagError) in
      try keybag.open(bytes, in: protection, context: identity, suffix: Self.dataSuffix)
    }
  }

  /// The value of attribute `name` alone from `row`'s sealed attributes (`nil` when the item
  /// lacks it), for a reader that needs one value of many rows: it decodes nothing else and
  /// leaves the access control sealed, so only ``openAttributes(_:)`` tells a sound item.
  /// `row` needs ``identityColumns(_:)`` and the attributes column.
  ///
  /// - Throws: as ``openAttributes(_:)``.
  func openAttribute(_ name: String, of row: ItemRow) throws(KeybagError) -> StoredValue? {
    let identity = Self.identity(row.itemClass, search: row.searchColumns)
    let (found, _) = try openAttributeBytes(row, identity: identity) {
      StoredValueCodec.attribute(name, in: $0)
    }
    guard let value = found else {
      throw .authenticationFailed
    }
    return value
  }

  /// What `read` makes of the plaintext of `row`'s sealed attributes, opened under the row's
  /// protection class (returned too, for the columns opened next) and `identity`. The
  /// plaintext is read where the keybag opened it, and wiped after (no `Data` per row:
  /// docs/benchmarks.md).
  ///
  /// - Throws: as ``openAttributes(_:)``; a row without an attributes column is
  ///   ``KeybagError/authenticationFailed``.
  func openAttributeBytes<Read>(
    _ row: ItemRow, identity: [UInt8], _ read: (UnsafeRawBufferPointer) -> Read
  ) throws(KeybagError) -> (read: Read, protection: ProtectionClass) {
    try openAttributeBytes(row, sealed: row.sealedReader, identity: identity, read)
  }

  /// ``openAttributeBytes(_:identity:_:)`` of a row whose sealed columns are read from
  /// `sealed`.
  func openAttributeBytes<Read>(
    _ row: ItemRow, sealed: SealedColumnReader, identity: [UInt8],
    _ read: (UnsafeRawBufferPointer) -> Read
  ) throws(KeybagError) -> (read: Read, protection: ProtectionClass) {
    let protection = try Self.protection(of: row)
    let result = try openAttributeBytes(
      sealed: sealed, protection: protection, identity: identity, read)
    return (result, protection)
  }

  /// ``openAttributeBytes(_:sealed:identity:_:)`` under a protection class already read.
  private func openAttributeBytes<Read>(
    sealed: SealedColumnReader, protection: ProtectionClass, identity: [UInt8],
    _ read: (UnsafeRawBufferPointer) -> Read
  ) throws(KeybagError) -> Read {
    let result = try sealed.withBytes(ItemClass.attributesColumn) {
      sealedAttributes throws(KeybagError) in
      try keybag.withOpened(
        sealedAttributes, in: protection, context: identity, suffix: Self.attributesSuffix,
        read)
    }
    guard let result else { throw .authenticationFailed }
    return result
  }

  /// Opens the secret of `row`; `nil` when the item has none.
  package func openData(_ row: ItemRow) throws(KeybagError) -> Data? {
    try openData(row, sealed: row.sealedReader, identity: Self.identity(of: row))
  }

  /// ``openData(_:)`` of a row whose sealed columns are read from `sealed`, with its
  /// ``identity(of:)`` already computed.
  func openData(_ row: ItemRow, sealed: SealedColumnReader, identity: [UInt8])
    throws(KeybagError) -> Data?
  {
    // An item without a secret is `nil` whatever its protection class.
    try sealed.withBytes(ItemClass.dataColumn) { bytes throws(KeybagError) in
      let protection = try Self.protection(of: row)
      return try keybag.open(bytes, in: protection, context: identity, suffix: Self.dataSuffix)
    }
  }

  /// The protection class a stored row was sealed with.
  package static func protection(of row: ItemRow) throws(KeybagError) -> ProtectionClass {
    try protection(named: accessibleColumn(of: row))
  }

  /// The protection class a row's `pdmn` column (``accessibleColumn(of:)``) names.
  private static func protection(named accessible: StoredValue?) throws(KeybagError)
    -> ProtectionClass
  {
    guard case .text(let raw)? = accessible, let protection = ProtectionClass(rawValue: raw)
    else { throw .authenticationFailed }
    return protection
  }

  /// `row`'s `pdmn` column. A row read for opening holds it last of the identity's columns
  /// (``openingColumns(_:)``), so it is found there at once, where a search by name compared
  /// every column before it; any other row is searched.
  static func accessibleColumn(of row: ItemRow) -> StoredValue? {
    let position = IdentityLayout.of(row.itemClass).names.count - 1
    return row.searchColumns.value(AttributeName.accessible.rawValue, expectedAt: position)
  }

  /// `row`'s `tomb` column, found at once in a row read for opening, as
  /// ``accessibleColumn(of:)`` finds `pdmn`: it follows the identity's columns.
  static func tombstoneColumn(of row: ItemRow) -> StoredValue? {
    let position = IdentityLayout.of(row.itemClass).names.count
    return row.searchColumns.value(AttributeName.tombstone.rawValue, expectedAt: position)
  }

  // MARK: - Identity

  /// `class ‖ for each primary-key column: name, hash ‖ pdmn`, length-prefixed throughout.
  /// Computed once per row; each column's context appends its name to it.
  static func identity(_ itemClass: ItemClass, search: SearchColumns) -> [UInt8] {
    let layout = IdentityLayout.of(itemClass)
    let names = layout.names
    // A row read for opening has these columns first, in this order (``openingColumns(_:)``).
    // Each value is looked up once, into a buffer on the stack, and the identity is sized
    // exactly, then written in place: appending piece by piece to an array checked its
    // capacity and uniqueness three times a column, and looking each value up twice, with
    // every column's name and prefix retained and released, was most of the identity's
    // cost, on every SecItem call that opens a row (docs/benchmarks.md).
    return withUnsafeTemporaryAllocation(of: StoredValue.self, capacity: names.count) { values in
      var count = layout.constantByteCount
      for position in names.indices {
        let value = search.value(names[position], expectedAt: position) ?? .null
        count += StoredValueCodec.encodedCount(value)
        (values.baseAddress! + position).initialize(to: value)
      }
      // One by one: `deinitialize(count:)` went through the runtime's generic array destroy.
      defer { for position in names.indices { _ = (values.baseAddress! + position).move() } }
      return StoredValueCodec.bytes(count: count) { bytes in
        layout.head.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
        layout.prefixes.withUnsafeBufferPointer { prefixes in
          for position in names.indices {
            bytes.append(
              contentsOf: UnsafeBufferPointer(
                rebasing: prefixes[layout.prefixStarts[position]..<layout.prefixStarts[position + 1]]))
            StoredValueCodec.encode(values[position], into: &bytes)
          }
        }
      }
    }
  }

  /// The identity a stored row's ciphertexts were sealed under (``identity(_:search:)``).
  static func identity(of row: ItemRow) -> [UInt8] {
    identity(row.itemClass, search: row.searchColumns)
  }

  /// The searchable columns ``identity(_:search:)`` reads: the primary key and `pdmn`.
  static func identityColumns(_ itemClass: ItemClass) -> [String] {
    IdentityLayout.of(itemClass).names
  }

  /// The searchable columns opening a row needs (``identityColumns(_:)`` and `tomb`), for a
  /// reader that only opens the rows it reads; built once per class.
  static func openingColumns(_ itemClass: ItemClass) -> [String] {
    IdentityLayout.of(itemClass).openingColumns
  }

  /// ``openingColumns(_:)`` and the modification date: what an update whose only searchable
  /// touched attribute is `mdat` reads (``SettledAttributes/reading``), most updates; built
  /// once per class, where joining the two lists copied the first per call (issue 29).
  static func openingColumnsAndModificationDate(_ itemClass: ItemClass) -> [String] {
    IdentityLayout.of(itemClass).openingColumnsAndModificationDate
  }

  /// The constant parts of a class's identity: its length-prefixed name, and each identity
  /// column's length-prefixed name. Built once per class, as every SecItem call needs them;
  /// a class, so that reading it retains one reference, not each of its arrays.
  private final class IdentityLayout: Sendable {
    let head: [UInt8]
    /// The identity's columns, in order.
    let names: [String]
    /// Each column's length-prefixed name, one after the other: column `i`'s is
    /// `prefixes[prefixStarts[i]..<prefixStarts[i + 1]]`.
    let prefixes: [UInt8]
    let prefixStarts: [Int]
    /// The bytes of ``head`` and of every column's prefix: an identity's size but its values'.
    let constantByteCount: Int
    /// ``ItemSealer/openingColumns(_:)``.
    let openingColumns: [String]
    /// ``ItemSealer/openingColumnsAndModificationDate(_:)``.
    let openingColumnsAndModificationDate: [String]

    init(_ itemClass: ItemClass) {
      var head: [UInt8] = []
      StoredValueCodec.appendLengthPrefixed(itemClass.rawValue.utf8, to: &head)
      self.head = head
      names = itemClass.primaryKey + [AttributeName.accessible.rawValue]
      var prefixes: [UInt8] = []
      var starts = [0]
      for name in names {
        StoredValueCodec.appendLengthPrefixed(name.utf8, to: &prefixes)
        starts.append(prefixes.count)
      }
      self.prefixes = prefixes
      prefixStarts = starts
      constantByteCount = head.count + prefixes.count
      openingColumns = names + [AttributeName.tombstone.rawValue]
      openingColumnsAndModificationDate =
        openingColumns + [AttributeName.modificationDate.rawValue]
    }

    private static let genp = IdentityLayout(.genp)
    private static let inet = IdentityLayout(.inet)
    private static let cert = IdentityLayout(.cert)
    private static let keys = IdentityLayout(.keys)

    /// The layout of `itemClass`, built once; a switch, as a look-up by class hashes its name.
    static func of(_ itemClass: ItemClass) -> IdentityLayout {
      switch itemClass {
      case .genp: genp
      case .inet: inet
      case .cert: cert
      case .keys: keys
      }
    }
  }

  /// What the associated data of one column appends to the item's identity:
  /// `0xFF ‖ column name, length-prefixed`. The keybag joins the two in place
  /// (``Keybag/seal(_:in:context:suffix:)``). Every class has the same three sealed columns,
  /// so each suffix is built once (``attributesSuffix``, ``dataSuffix``,
  /// ``accessControlSuffix``).
  private static func columnSuffix(_ name: String) -> [UInt8] {
    var bytes: [UInt8] = [0xFF]
    StoredValueCodec.appendLengthPrefixed(name.utf8, to: &bytes)
    return bytes
  }

  static let attributesSuffix = columnSuffix(ItemClass.attributesColumn)
  static let dataSuffix = columnSuffix(ItemClass.dataColumn)
  static let accessControlSuffix = columnSuffix(ItemClass.accessControlColumn)

  package init(keybag: Keybag, defaultValueColumns: DefaultValueColumns? = nil) {
    self.keybag = keybag
    self.defaultValueColumns = defaultValueColumns
  }
}
