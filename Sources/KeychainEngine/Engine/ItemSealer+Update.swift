import DeviceState
import Foundation
import ItemStore
import Keybag

extension ItemSealer {
  /// An updated item sealed as the new version of its stored row.
  package struct SealedUpdate {
    /// The row as ``ItemSealer/seal(_:)`` would make it, bar the ciphertexts it keeps.
    var row: ItemRow
    /// The only columns in which ``row`` may differ from the stored row
    /// (``ItemDatabase/replace(rowID:with:previous:changing:)``).
    var columns: [String]
  }

  /// Seals `item`, an update of `original`, which was opened from `original.row` (whose
  /// ``identity(of:)`` is `original.identity`), where the update set at most the attributes in
  /// `touched` (``SecItemEngine/touchedAttributes(_:)``).
  ///
  /// Every other attribute is the one sealed in the row, so its column is the row's: only the
  /// columns of `touched` are hashed again, and only when their value changed — the same key
  /// hashes the same bytes to the same value. A sealed column whose value did not change keeps
  /// its ciphertext instead of being sealed again, as long as the item's identity (primary key,
  /// protection class) is the same: the ciphertext's associated data is that identity and the
  /// column name, so it is still exactly what sealing would produce, bar the random nonce
  /// (docs/benchmarks-history.md). The row is otherwise the one ``seal(_:)`` makes of `item`: a missing
  /// primary-key attribute is stored as its default.
  ///
  /// - Throws: as ``seal(_:)``.
  func seal(
    _ item: KeychainItem, updating original: (row: ItemRow, item: KeychainItem, identity: [UInt8]),
    touching touched: [String]
  ) throws(KeybagError) -> SealedUpdate {
    let itemClass = original.row.itemClass
    assert(item.itemClass == itemClass && original.item.itemClass == itemClass)
    let protection = item.protection
    var attributes = item.attributes
    var touched = touched
    let accessible = StoredValue.text(protection.rawValue)
    if attributes[.accessible] != accessible {
      attributes[.accessible] = accessible
      // Once: `touchedAttributes` names it already when an access control sets it.
      if !touched.contains(AttributeName.accessible.rawValue) {
        touched.append(AttributeName.accessible.rawValue)
      }
    }
    var search = original.row.searchColumns
    var columns: [String] = []
    columns.reserveCapacity(touched.count + itemClass.sealedColumns.count)
    var identityTouched = false
    var attributesUnchanged = true
    for name in touched {
      guard let attribute = itemClass.attribute(named: name) else { continue }
      // securityd's query_pre_add gives every primary-key attribute a value (SecItemDb.c).
      if attribute.isPrimaryKey, (attributes[name] ?? .null) == .null {
        attributes[name] = attribute.defaultValue
      }
      let value = attributes[name] ?? .null
      let earlier = original.item.attributes[name] ?? .null
      if value != earlier { attributesUnchanged = false }
      guard attribute.isSearchable else { continue }
      // A column kept as stored is not handed to the store to compare.
      if value == .null {
        // Left NULL, as in securityd (``SearchHasher/columns(_:attributes:)``).
        search[name] = nil
        columns.append(name)
      } else if value != earlier || (search[name] ?? .null) == .null {
        search[name] = hasher.column(value, of: attribute)
        columns.append(name)
      }
      if attribute.isPrimaryKey || name == AttributeName.accessible.rawValue {
        identityTouched = true
      }
    }
    let identity =
      identityTouched ? Self.identity(itemClass, search: search) : original.identity
    // Reuse only what was sealed under this very identity.
    let reusable = identity == original.identity
    var sealed = SealedColumns(minimumCapacity: 3)
    /// Whether column `name` keeps its stored ciphertext, which it then holds.
    func kept(_ name: String, unchanged: Bool) -> Bool {
      guard reusable && unchanged, let kept = original.row.sealedColumns[name] else {
        return false
      }
      sealed[name] = kept
      return true
    }
    func store(_ name: String, _ ciphertext: Data) {
      sealed[name] = ciphertext
      columns.append(name)
    }
    if !kept(ItemClass.attributesColumn, unchanged: attributesUnchanged) {
      // Sealed from the array they are encoded in.
      store(
        ItemClass.attributesColumn,
        try keybag.seal(
          StoredValueCodec.attributeBytes(attributes, skippingNulls: true), in: protection,
          context: identity, suffix: Self.attributesSuffix))
    }
    if let control = item.accessControl {
      let unchanged =
        original.item.accessControl == control
        && original.item.boundBiometryGeneration == item.boundBiometryGeneration
      if !kept(ItemClass.accessControlColumn, unchanged: unchanged) {
        store(
          ItemClass.accessControlColumn,
          try keybag.seal(
            AccessControlCodec.encode(control, boundGeneration: item.boundBiometryGeneration),
            in: protection, context: identity, suffix: Self.accessControlSuffix))
      }
    } else if original.row.sealedColumns[ItemClass.accessControlColumn] != nil {
      columns.append(ItemClass.accessControlColumn)
    }
    if let data = item.data {
      if !kept(ItemClass.dataColumn, unchanged: original.item.data == data) {
        store(
          ItemClass.dataColumn,
          try keybag.seal(data, in: protection, context: identity, suffix: Self.dataSuffix))
      }
    } else if original.row.sealedColumns[ItemClass.dataColumn] != nil {
      columns.append(ItemClass.dataColumn)
    }
    return SealedUpdate(
      row: ItemRow(
        rowID: item.rowID, itemClass: itemClass, searchColumns: search, sealedColumns: sealed),
      columns: columns)
  }
}

// MARK: - An update that keeps or patches the stored attributes

extension ItemSealer {
  /// The values an update gives every attribute it touches, the same whatever item it changes
  /// (``SecItemEngine/apply(_:to:now:)``, then the primary-key defaults sealing fills), for
  /// telling the stored items whose attributes it leaves as they are
  /// (``openForUpdate(_:sealed:identity:settled:)``).
  package struct SettledAttributes {
    /// Each touched attribute's name, packed (``AttributeCodes/code(of:)``) and as it is,
    /// and value.
    var attributes: [StoredValueCodec.Setting] = []
    /// The searchable columns an update with these values reads of each row: what opening it
    /// needs (``ItemSealer/openingColumns(_:)``), then, from ``searchableStart``, the
    /// searchable touched attributes (``addSearchable(_:)``), one list made once per call
    /// (joining two per call was an allocation and a copy, issue 29): the class's list as it
    /// is while none is added, and the class's list with `mdat` when it is the only one (most
    /// updates). A stored row keeps its hash only where the column holds one
    /// (``seal(_:updating:touching:)`` hashes a NULL column again).
    private(set) var reading: [String]
    /// Where the searchable touched attributes start in ``reading``.
    let searchableStart: Int
    /// Whether an item's stored attributes may be patched with these values when they do not
    /// hold them already: none is of the primary key or the protection class, so the item's
    /// identity, and with it every ciphertext's associated data, stays as it is.
    var patchable = true
    private let itemClass: ItemClass

    /// No values yet, for an update of items of `itemClass` that touches up to `capacity`
    /// attributes.
    init(_ itemClass: ItemClass, capacity: Int) {
      self.itemClass = itemClass
      attributes.reserveCapacity(capacity)
      reading = ItemSealer.openingColumns(itemClass)
      searchableStart = reading.count
    }

    /// Adds `name` to the searchable touched attributes read of each row.
    mutating func addSearchable(_ name: String) {
      // The modification date first (most updates: the only one), the class's list as it is.
      if reading.count == searchableStart, name == AttributeName.modificationDate.rawValue {
        reading = ItemSealer.openingColumnsAndModificationDate(itemClass)
        return
      }
      reading.append(name)
    }

    /// Whether `row` may keep its attributes as they are, if they hold these values: it holds
    /// a hash in every searchable touched column. (``openForUpdate(_:sealed:identity:settled:)``
    /// opens a row with an access control whole first: its checks and re-sealing need it.)
    func mayKeep(_ row: ItemRow) -> Bool {
      // A row read for the update holds its columns in the order of ``reading``: each is
      // found there at once.
      (searchableStart..<reading.count).allSatisfy { position in
        (row.searchColumns.value(reading[position], expectedAt: position) ?? .null) != .null
      }
    }
  }

  /// The attributes that name an item (``SecItemFailure/ItemName``), copied from its
  /// sealed attributes without the others, and decoded only when a failure names the item.
  package struct NamingAttributes {
    /// At the positions of ``keptNames``, encoded.
    fileprivate var values: StoredValueCodec.KeptValues

    /// As the item's attributes, for naming it (a failure, rare: most updates never build it).
    var dictionary: [String: StoredValue] {
      var attributes: [String: StoredValue] = [:]
      for (position, name) in ItemSealer.keptNames.enumerated() {
        attributes[name] = values.value(at: position)
      }
      return attributes
    }
  }

  /// An item's stored attributes with an update's settled values set
  /// (``StoredValueCodec/patchedAttributes(_:setting:keeping:)``), as sealing the updated
  /// item would encode them, and what names the item.
  package struct PatchedAttributes {
    var bytes: [UInt8]
    var naming: NamingAttributes
    /// The settled values they were patched with (``SettledAttributes/attributes``).
    var settings: [StoredValueCodec.Setting]
    /// The protection class the item is sealed under, the row's.
    var protection: ProtectionClass
  }

  /// What ``openForUpdate(_:sealed:identity:settled:)`` found.
  package enum UpdateOpening {
    /// The stored attributes already hold every settled value, so the update leaves them as
    /// they are; the item is sealed under `protection`, the row's.
    case unchanged(naming: NamingAttributes, protection: ProtectionClass)
    /// They do not, but the update changes neither the item's identity nor its access
    /// control (none), so they are patched, not opened whole (an update whose clock moved).
    case patched(PatchedAttributes)
    /// The item opened whole, as ``openAttributes(_:sealed:identity:)`` opens it.
    case opened(KeychainItem)

    /// The protection class of an item not opened whole, found opening its attributes: its
    /// other columns are opened and sealed under it without reading the row's `pdmn` and
    /// naming its class again (issue 29). `nil` for an item opened whole (``opened(_:)``),
    /// whose secret is opened with it.
    var protection: ProtectionClass? {
      switch self {
      case .unchanged(_, let protection): protection
      case .patched(let patched): patched.protection
      case .opened: nil
      }
    }
  }

  /// Opens `row`'s attributes for an update that gives its touched attributes the `settled`
  /// values. For a row without access control: when the row
  /// ``SettledAttributes/mayKeep(_:)`` them and they hold those values already (an update of
  /// the secret alone, at the same modification date), only those and the naming attributes
  /// are decoded (``UpdateOpening/unchanged(naming:protection:)``); otherwise, when the
  /// update leaves the item's identity as it is (``SettledAttributes/patchable``), the
  /// stored attributes are patched with them (``UpdateOpening/patched(_:)``). Any other row
  /// is opened whole.
  /// Either way the attributes are opened (authenticated) once and their protection class
  /// checked against the row's. Decoding every attribute into a dictionary, and tearing it
  /// down, was about a sixth of an update (issue 29).
  ///
  /// `sealed`: where `row`'s sealed columns are read (a streaming read's, in place, as a copy
  /// opens them: ``SealedColumnReader``).
  ///
  /// - Throws: as ``openAttributes(_:)``.
  func openForUpdate(
    _ row: ItemRow, sealed: SealedColumnReader, identity: [UInt8], settled: SettledAttributes
  ) throws(KeybagError) -> UpdateOpening {
    guard !sealed.contains(ItemClass.accessControlColumn) else {
      return .opened(try openAttributes(row, sealed: sealed, identity: identity))
    }
    let mayKeep = settled.mayKeep(row)
    // The row's, as an item opened whole takes it (``item(_:of:sealed:identity:protection:)``).
    let tombstone = Self.tombstoneColumn(of: row) ?? .null
    let (found, protection) = try openAttributeBytes(row, sealed: sealed, identity: identity) {
      raw -> (
        kept: StoredValueCodec.KeptValues?, patched: [UInt8]?, decoded: [String: StoredValue]?
      )
      in
      if mayKeep,
        let kept = StoredValueCodec.attributes(
          raw, holding: settled.attributes, keeping: Self.keptCodes)
      {
        return (kept, nil, nil)
      }
      if settled.patchable,
        let patched = StoredValueCodec.patchedAttributes(
          raw, setting: settled.attributes, then: Self.tombstoneSetting(tombstone),
          keeping: Self.keptCodes)
      {
        return (patched.kept, patched.bytes, nil)
      }
      return (nil, nil, StoredValueCodec.decodeAttributes(raw))
    }
    // The protection class is checked as ``item(_:of:sealed:identity:protection:)`` checks it.
    if let kept = found.kept,
      kept.value(at: Self.keptNames.count - 1) == Self.accessibleColumn(of: row)
    {
      let naming = NamingAttributes(values: kept)
      guard let patched = found.patched else {
        return .unchanged(naming: naming, protection: protection)
      }
      return .patched(
        PatchedAttributes(
          bytes: patched, naming: naming, settings: settled.attributes, protection: protection))
    }
    let decoded = found.kept == nil ? found.decoded : nil
    return .opened(
      try item(decoded, of: row, sealed: sealed, identity: identity, protection: protection))
  }

  /// Whether the secret of a row whose identity is `identity` and protection class
  /// `protection` (``UpdateOpening/protection``), opened where `sealed` holds it, is `data`:
  /// both none, or the same bytes. For an update that does not open the item
  /// whole, which needs of the stored secret only whether it changes
  /// (``resealedSecret(_:in:unchanged:identity:)``): the secret is authenticated as
  /// ``openData(_:sealed:identity:)`` opens it, but compared where the keybag opened it, and
  /// wiped, with no `Data` made of it (issue 29).
  ///
  /// - Throws: as ``openData(_:)``.
  func secret(
    sealed: SealedColumnReader, identity: [UInt8], protection: ProtectionClass,
    isStill data: Data?
  ) throws(KeybagError) -> Bool {
    let same = try sealed.withBytes(ItemClass.dataColumn) { bytes throws(KeybagError) -> Bool in
      try keybag.withOpened(
        bytes, in: protection, context: identity, suffix: Self.dataSuffix
      ) { stored in
        guard let data, data.count == stored.count else { return false }
        return data.withUnsafeBytes { $0.elementsEqual(stored) }
      }
    }
    // A row without a secret holds `nil` whatever its protection class.
    return same ?? (data == nil)
  }

  /// The new ciphertext of the secret of a row whose identity is `identity` and protection
  /// class `protection` (``UpdateOpening/protection``), for an update
  /// that does not open the item whole (``UpdateOpening/unchanged(naming:protection:)``,
  /// ``UpdateOpening/patched(_:)``) and sets the secret to `data` (`nil`: leaves it); `nil`
  /// when the secret keeps its ciphertext: the update leaves it, or the stored secret is
  /// `data` already (`unchanged`: ``secret(sealed:identity:protection:isStill:)``). The
  /// identity is the same, so every other column and ciphertext is kept: only the secret is
  /// sealed again (``seal(_:updating:touching:)``'s rule).
  ///
  /// - Throws: as ``seal(_:)``.
  func resealedSecret(
    _ data: Data?, in protection: ProtectionClass, unchanged: Bool, identity: [UInt8]
  ) throws(KeybagError) -> Data? {
    guard let data, !unchanged else { return nil }
    return try keybag.seal(data, in: protection, context: identity, suffix: Self.dataSuffix)
  }

  /// ``seal(_:updating:touching:)`` of an update that patched `row`'s attributes
  /// (``UpdateOpening/patched(_:)``, whose identity is `identity`) with its settled values:
  /// the same row. The attributes are sealed from the patched bytes, every settled searchable
  /// attribute hashed (an unchanged hash is not written: the store compares), and the secret
  /// becomes `data.updated` unless it is `data.unchanged`
  /// (``resealedSecret(_:in:unchanged:identity:)``); the identity is the same, so every other
  /// column is kept.
  ///
  /// - Throws: as ``seal(_:)``.
  func seal(
    _ patched: PatchedAttributes, updating row: ItemRow, identity: [UInt8],
    data: (updated: Data?, unchanged: Bool)
  ) throws(KeybagError) -> SealedUpdate {
    var search = row.searchColumns
    var columns: [String] = []
    columns.reserveCapacity(patched.settings.count + 2)
    for (code, name, value) in patched.settings {
      // By the packed name the setting keeps: a look-up by name hashed it (issue 29).
      guard let attribute = row.itemClass.attribute(code: code), attribute.isSearchable
      else { continue }
      search[name] = hasher.column(value, of: attribute)
      columns.append(name)
    }
    var sealed = row.sealedColumns
    sealed[ItemClass.attributesColumn] = try keybag.seal(
      patched.bytes, in: patched.protection, context: identity, suffix: Self.attributesSuffix)
    columns.append(ItemClass.attributesColumn)
    if let secret = try resealedSecret(
      data.updated, in: patched.protection, unchanged: data.unchanged, identity: identity)
    {
      sealed[ItemClass.dataColumn] = secret
      columns.append(ItemClass.dataColumn)
    }
    return SealedUpdate(
      row: ItemRow(
        rowID: row.rowID, itemClass: row.itemClass, searchColumns: search, sealedColumns: sealed),
      columns: columns)
  }

  /// The tombstone as a patch sets it: `value`, the row's.
  private static func tombstoneSetting(_ value: StoredValue) -> StoredValueCodec.Setting {
    (tombstoneCode, AttributeName.tombstone.rawValue, value)
  }
  private static let tombstoneCode = AttributeCodes.code(of: AttributeName.tombstone.rawValue)!

  /// What ``openForUpdate(_:sealed:identity:settled:)`` decodes of attributes it keeps: those that
  /// name the item, and last its protection class, to check.
  fileprivate static let keptNames =
    SecItemFailure.ItemName.naming.map(\.rawValue) + [AttributeName.accessible.rawValue]
  private static let keptCodes = keptNames.map { AttributeCodes.code(of: $0)! }
}
