import DeviceState
import Foundation
import ItemStore
import Keybag

extension SecItemEngine {
  /// SecItemUpdate: changes every matching item in one transaction; a primary-key collision
  /// on any of them rolls the whole update back (docs/evidence.md §2.4).
  package func update(_ query: SecQuery, _ attributes: SecQuery, context: Context) -> SecItemOutcome
  {
    outcome { () throws(SecItemFailure) in
      let parsed = try QueryValidator.validateUpdate(query, attributes, caller: context.caller)
      let changes = try QueryValidator.parseUpdateAttributes(attributes, for: parsed.itemClass)
      let filter = RowFilter(parsed, scope: scope(of: context.caller), hasher: sealer.hasher)
      let touched = Self.touchedAttributes(changes)
      let settled = Self.settledAttributes(
        changes, touched: touched, of: parsed.itemClass, now: context.now)
      var lost: [Int64] = []
      var updated = Replacements()
      // Every match is rewritten in one transaction once the read is over (a locked one fails
      // the call before anything is written), so the replacements are gathered first.
      let reading =
        settled?.reading
        ?? ItemSealer.openingColumns(parsed.itemClass)
        + Self.searchColumns(touched, of: parsed.itemClass)
      try forEachUpdateCandidate(filter, reading: reading) {
        row, sealed throws(SecItemFailure) -> Bool in
        guard let rowID = row.rowID else { return true }
        let identity = ItemSealer.identity(of: row)
        guard
          let opening = try openForUpdate(
            row, sealed: sealed, identity: identity, settled: settled, filter: filter,
            context: context)
        else {
          lost.append(rowID)
          return true
        }
        // Updating re-encrypts the item, so its access control is evaluated first (evidence
        // §7.1). An item whose attributes are kept has none, and the update sets none.
        if case .opened(let item) = opening, item.requiresUserAuthentication,
          let failure = context.authorize(item, parsed, .update)
        {
          throw failure
        }
        // An item not opened whole needs of its secret only whether the update changes it.
        var unchanged = false
        if let protection = opening.protection {
          guard
            let same = try secretUnchanged(
              row, sealed: sealed, identity: identity, protection: protection,
              by: changes.data, filter: filter, context: context)
          else {
            lost.append(rowID)
            return true
          }
          unchanged = same
        }
        switch opening {
        case .opened(let item):
          guard
            let replacement = try openedItemReplacement(
              item, row: row, rowID: rowID, sealed: sealed, identity: identity,
              changes: changes, touched: touched, filter: filter, context: context)
          else {
            lost.append(rowID)
            return true
          }
          updated.append(replacement)
          return true
        case .unchanged(let naming, let protection):
          updated.append(
            try keptAttributesReplacement(
              row, rowID: rowID, identity: identity, protection: protection,
              data: (changes.data, unchanged), naming: naming, context: context))
          return true
        case .patched(let patched):
          updated.append(
            try patchedAttributesReplacement(
              row, rowID: rowID, identity: identity, patched: patched,
              data: (changes.data, unchanged), context: context))
          return true
        }
      }
      // Most updates lose no row: the call is not made (issue 29).
      if !lost.isEmpty { try dropLost(lost, in: parsed.itemClass) }
      guard !updated.isEmpty else {
        throw notFound(parsed, filter: filter, lost: lost.count, context: context)
      }
      try write(updated)
      return Self.success(dropped: lost.count)
    }
  }

  /// The replacement of `row`, whose attributes were opened whole as `item`
  /// (``ItemSealer/UpdateOpening/opened(_:)``): its secret opened, `changes` applied (and an
  /// access control's biometry bound), the item sealed again as the new version of the row
  /// (``ItemSealer/seal(_:updating:touching:)``); `nil` for a row lost, as
  /// ``openData(_:sealed:identity:filter:context:action:)``'s.
  ///
  /// Apart from the update's per-row closure, and never inlined into it: most updates keep or
  /// patch the stored attributes, and this path's code among theirs was instruction-cache
  /// misses of every update (issue 29).
  @inline(never)
  private func openedItemReplacement(
    _ opened: KeychainItem, row: ItemRow, rowID: Int64, sealed: SealedColumnReader,
    identity: [UInt8], changes: ParsedQuery, touched: [String], filter: RowFilter,
    context: Context
  ) throws(SecItemFailure) -> Replacement? {
    guard
      case .opened(let data) = try openData(
        row, sealed: sealed, identity: identity, filter: filter, context: context,
        action: .update)
    else { return nil }
    var item = opened
    item.data = data
    let original = item
    Self.apply(changes, to: &item, now: context.now)
    if let control = changes.accessControl {
      item.boundBiometryGeneration =
        control.flags.contains(.biometryCurrentSet)
        ? context.securityState.biometry.domainGeneration : nil
    }
    // Sealing keeps the ciphertexts of the columns the update leaves, past the row's
    // step: they are copied out of SQLite's memory for this path alone.
    let stored = ItemRow(
      rowID: rowID, itemClass: row.itemClass, searchColumns: row.searchColumns,
      sealedColumns: sealed.copied)
    do throws(KeybagError) {
      let resealed = try sealer.seal(
        item, updating: (stored, original, identity), touching: touched)
      return Replacement(
        rowID: rowID, itemClass: item.itemClass,
        change: .row(
          resealed.row, previous: stored, columns: resealed.columns,
          naming: .attributes(item.attributes)))
    } catch {
      throw Self.sealFailure(error, item: item, context: context)
    }
  }

  /// Whether the secret of `row` (its sealed columns read from `sealed`) is still `data`
  /// after the update (``ItemSealer/secret(sealed:identity:protection:isStill:)``): `nil`
  /// for a row lost, as ``openData(_:sealed:identity:filter:context:action:)``'s.
  private func secretUnchanged(
    _ row: ItemRow, sealed: SealedColumnReader, identity: [UInt8], protection: ProtectionClass,
    by data: Data?, filter: RowFilter, context: Context
  ) throws(SecItemFailure) -> Bool? {
    do {
      return try sealer.secret(
        sealed: sealed, identity: identity, protection: protection, isStill: data)
    } catch {
      _ = try unopenable(row, filter: filter, error: error, context: context, action: .update)
      return nil
    }
  }

  /// The replacement of `row`, whose attributes the update keeps as stored
  /// (``ItemSealer/UpdateOpening/unchanged(naming:protection:)``), sealed under
  /// `protection`: its secret becomes `data.updated` (`nil`: the update leaves it) unless it
  /// holds it already (`data.unchanged`).
  private func keptAttributesReplacement(
    _ row: ItemRow, rowID: Int64, identity: [UInt8], protection: ProtectionClass,
    data: (updated: Data?, unchanged: Bool), naming: ItemSealer.NamingAttributes,
    context: Context
  ) throws(SecItemFailure) -> Replacement {
    do throws(KeybagError) {
      let secret = try sealer.resealedSecret(
        data.updated, in: protection, unchanged: data.unchanged, identity: identity)
      return Replacement(
        rowID: rowID, itemClass: row.itemClass, change: .secret(secret, naming: naming))
    } catch {
      throw Self.sealFailure(error, rowID: rowID, of: row, naming: naming, context: context)
    }
  }

  /// The replacement of `row`, whose attributes the update patched
  /// (``ItemSealer/UpdateOpening/patched(_:)``): its secret becomes `data.updated` (`nil`:
  /// the update leaves it) unless it holds it already (`data.unchanged`).
  private func patchedAttributesReplacement(
    _ row: ItemRow, rowID: Int64, identity: [UInt8], patched: ItemSealer.PatchedAttributes,
    data: (updated: Data?, unchanged: Bool), context: Context
  ) throws(SecItemFailure) -> Replacement {
    do throws(KeybagError) {
      let sealed = try sealer.seal(patched, updating: row, identity: identity, data: data)
      return Replacement(
        rowID: rowID, itemClass: row.itemClass,
        change: .row(
          sealed.row, previous: row, columns: sealed.columns, naming: .kept(patched.naming)))
    } catch {
      throw Self.sealFailure(
        error, rowID: rowID, of: row, naming: patched.naming, context: context)
    }
  }

  /// ``sealFailure(_:item:context:)`` for a row not opened whole, named by the attributes
  /// decoded for it.
  private static func sealFailure(
    _ error: KeybagError, rowID: Int64, of row: ItemRow, naming: ItemSealer.NamingAttributes,
    context: Context
  ) -> SecItemFailure {
    let named = KeychainItem(rowID: rowID, itemClass: row.itemClass, attributes: naming.dictionary)
    return sealFailure(error, item: named, context: context)
  }

  /// Calls `body` with each row an update reads, with the searchable columns `reading` (what
  /// opening it needs, then the searchable attributes it touches:
  /// ``ItemSealer/SettledAttributes/reading``), and a reader of its sealed columns where
  /// SQLite holds them, valid until `body` returns, until `body` returns `false`. A row read
  /// by its rowid is read whole and brings its own (``forEachCandidate(_:reading:_:)``). No
  /// `Data` is made of each ciphertext an update only opens: two allocations and their
  /// release per sealed column (issue 29).
  private func forEachUpdateCandidate(
    _ filter: RowFilter, reading: [String],
    _ body: (ItemRow, SealedColumnReader) throws(SecItemFailure) -> Bool
  ) throws(SecItemFailure) {
    guard filter.rowID == nil else {
      try forEachCandidate(filter, reading: .forOpening) { row throws(SecItemFailure) -> Bool in
        try body(row, row.sealedReader)
      }
      return
    }
    try database.forEachRow(
      in: filter.itemClass, matching: filter.search, oneOf: filter.accessGroups,
      searchColumns: reading, sealedColumns: nil, storeFailure: Self.storeFailure,
      borrowing: body)
  }

  /// Opens `row`, whose sealed columns are read from `sealed`, for the update
  /// (``ItemSealer/openForUpdate(_:sealed:identity:settled:)``, or
  /// ``visit(_:sealed:identity:filter:context:action:)`` when no attribute is
  /// `settled`): `nil` for a row lost, as a visit's.
  private func openForUpdate(
    _ row: ItemRow, sealed: SealedColumnReader, identity: [UInt8],
    settled: ItemSealer.SettledAttributes?, filter: RowFilter, context: Context
  ) throws(SecItemFailure) -> ItemSealer.UpdateOpening? {
    guard let settled else {
      switch try visit(
        row, sealed: sealed, identity: identity, filter: filter, context: context,
        action: .update)
      {
      case .matched(let item): return .opened(item)
      case .lost: return nil
      }
    }
    do {
      return try sealer.openForUpdate(
        row, sealed: sealed, identity: identity, settled: settled)
    } catch {
      _ = try unopenable(row, filter: filter, error: error, context: context, action: .update)
      return nil
    }
  }

  /// The values `changes` gives the attributes it touches (``touchedAttributes(_:)``),
  /// whatever the item: ``appliedValue(of:_:now:)``, with the defaults sealing gives a missing
  /// primary-key attribute. `nil` when an update with them must open every item whole: it
  /// sets an access control, touches the tombstone (which an opened item takes from its
  /// column) or a name no attribute of the class has, or leaves a searchable one null.
  static func settledAttributes(
    _ changes: ParsedQuery, touched: [String], of itemClass: ItemClass, now: Date
  ) -> ItemSealer.SettledAttributes? {
    guard changes.accessControl == nil else { return nil }
    var settled = ItemSealer.SettledAttributes(itemClass, capacity: touched.count)
    for name in touched {
      // Packed once, to find the attribute and to compare it with the stored ones.
      guard name != AttributeName.tombstone.rawValue,
        let code = AttributeCodes.code(of: name),
        let attribute = itemClass.attribute(code: code)
      else { return nil }
      var value = appliedValue(of: name, changes, now: now) ?? .null
      // As ``ItemSealer/seal(_:updating:touching:)`` fills it (securityd's query_pre_add).
      if attribute.isPrimaryKey, value == .null { value = attribute.defaultValue }
      if attribute.isSearchable {
        guard value != .null else { return nil }
        settled.addSearchable(name)
      }
      if attribute.isPrimaryKey || name == AttributeName.accessible.rawValue {
        settled.patchable = false
      }
      settled.attributes.append((code, name, value))
    }
    return settled
  }

  /// Applies `attributesToUpdate` to one item and bumps its modification date.
  static func apply(_ changes: ParsedQuery, to item: inout KeychainItem, now: Date) {
    for name in touchedAttributes(changes) {
      if let value = appliedValue(of: name, changes, now: now) { item.attributes[name] = value }
    }
    if let control = changes.accessControl {
      item.accessControl = control
      item.attributes[.accessible] = .text(control.protection)
    } else if case .text? = changes.attributes[.accessible] {
      // securityd turns kSecAttrAccessible into a new access control holding only that
      // protection (SecDbQuery.c query_add_attribute_with_desc → query_set_access_control) and
      // sets it on the updated item (SecItemDb.c s3dl_query_update), the same one an item added
      // with kSecAttrAccessible alone gets (none stored, ResultBuilder reports the protection
      // alone): the old flags, biometry included, are dropped
      // (docs/fidelity.md, "An update of kSecAttrAccessible replaces the access control").
      item.accessControl = nil
      item.boundBiometryGeneration = nil
    }
    if let data = changes.data { item.data = data }
  }

  /// The value ``apply(_:to:now:)`` gives attribute `name` of any item, `nil` where it leaves
  /// the item's own: the caller's value (`sync` as kSecAttrSynchronizable sets it), and the
  /// modification date `now` unless the caller sets it. (An access control's `pdmn` is the
  /// control's, set by ``apply(_:to:now:)`` itself.)
  static func appliedValue(of name: String, _ changes: ParsedQuery, now: Date) -> StoredValue? {
    if name == AttributeName.synchronizable.rawValue,
      case .value(let flag)? = changes.synchronizable
    {
      return .integer(flag ? 1 : 0)
    }
    if let value = changes.attributes[name] { return value }
    guard name == AttributeName.modificationDate.rawValue else { return nil }
    return .real(now.timeIntervalSinceReferenceDate)
  }

  /// The attributes ``apply(_:to:now:)`` may set: those the caller changes, `sync` and `pdmn`
  /// when it sets them through their own keys, and the modification date. Every other
  /// attribute of an updated item is the stored one (``ItemSealer/seal(_:updating:touching:)``).
  static func touchedAttributes(_ changes: ParsedQuery) -> [String] {
    // An update of the secret alone (or of nothing) touches the modification date alone: one
    // list for all of them, where making one per call was an allocation and its teardown.
    if changes.attributes.isEmpty, changes.synchronizable == nil, changes.accessControl == nil {
      return modificationDateOnly
    }
    // Room for the three names it may add at once: growing it reallocated it (issue 29).
    var touched: [String] = []
    touched.reserveCapacity(changes.attributes.count + 3)
    for (name, _) in changes.attributes { touched.append(name) }
    if changes.synchronizable != nil { touched.append(AttributeName.synchronizable.rawValue) }
    if changes.accessControl != nil, changes.attributes[.accessible] == nil {
      touched.append(AttributeName.accessible.rawValue)
    }
    if changes.attributes[.modificationDate] == nil {
      touched.append(AttributeName.modificationDate.rawValue)
    }
    return touched
  }

  /// ``touchedAttributes(_:)`` of an update that sets no attribute.
  private static let modificationDateOnly = [AttributeName.modificationDate.rawValue]

  /// The searchable columns of `attributes` (those the store compares), for the columns an
  /// update reads besides what opening a row needs.
  static func searchColumns(_ attributes: [String], of itemClass: ItemClass) -> [String] {
    attributes.filter { itemClass.attribute(named: $0)?.isSearchable ?? false }
  }

  /// The rows an update rewrites, in the order it read them. Most updates rewrite one, kept
  /// without an array: making one, and destroying it through the run time's generic array
  /// code, was about half a thousand instructions of every update (issue 29).
  struct Replacements {
    /// The first row's, `nil` while there is none.
    private(set) var first: Replacement?
    /// Every later row's.
    private(set) var rest: [Replacement] = []
    /// Whether there is none, kept apart: asking `first == nil` of an optional of a type that
    /// holds a resilient `Data` copied it through the run time's generic code, and tore the
    /// copy down (issue 29).
    private(set) var isEmpty = true

    mutating func append(_ replacement: consuming Replacement) {
      if isEmpty {
        first = replacement
        isEmpty = false
      } else {
        rest.append(replacement)
      }
    }
  }

  /// One row an update rewrites, and how to name it if it collides.
  package struct Replacement {
    var rowID: Int64
    var itemClass: ItemClass
    var change: Change

    enum Change {
      /// The row sealed anew (``ItemSealer/seal(_:updating:touching:)``, or from patched
      /// attributes): it may differ from `previous`, the row as stored (the columns the
      /// update read), only in `columns`, so only those that changed are written.
      case row(ItemRow, previous: ItemRow, columns: [String], naming: Naming)
      /// The stored attributes kept
      /// (``ItemSealer/UpdateOpening/unchanged(naming:protection:)``): only
      /// the secret's column may change, to this ciphertext (`nil`: it keeps its own).
      case secret(Data?, naming: ItemSealer.NamingAttributes)
    }

    /// What names the item only if the write fails: most updates never build the name.
    enum Naming {
      /// The updated item's attributes (shared, not copied).
      case attributes([String: StoredValue])
      /// Those decoded from attributes that were not opened whole.
      case kept(ItemSealer.NamingAttributes)
    }

    /// The item as a failure names it.
    var name: SecItemFailure.ItemName {
      switch change {
      case .row(_, _, _, .attributes(let attributes)):
        SecItemFailure.ItemName(itemClass, plain: attributes)
      case .row(_, _, _, .kept(let kept)), .secret(_, let kept):
        SecItemFailure.ItemName(itemClass, plain: kept.dictionary)
      }
    }

    /// Writes the change to `database`.
    func write(to database: ItemDatabase) throws(ItemStoreError) {
      switch change {
      case .row(let row, let previous, let columns, _):
        try database.replace(rowID: rowID, with: row, previous: previous, changing: columns)
      case .secret(let ciphertext?, _):
        try database.replace(
          rowID: rowID, in: itemClass, sealedColumn: ItemClass.dataColumn, with: ciphertext)
      case .secret(nil, _):
        try database.confirmRow(rowID, in: itemClass)
      }
    }
  }

  /// Replaces the rows in one transaction.
  ///
  /// The first row is written where ``Replacements`` holds it (optional chaining), not bound
  /// out of its optional: a ``Replacement`` holds a `Data`, whose layout Foundation keeps
  /// resilient, so copying one out went through the run time's generic copy of an optional
  /// and its teardown (about 0.3k instructions of every update, issue 29).
  private func write(_ updated: borrowing Replacements) throws(SecItemFailure) {
    do {
      if updated.rest.isEmpty {
        // One UPDATE statement is atomic on its own: no savepoint needed.
        try updated.first?.write(to: database)
      } else {
        try database.inTransaction {
          try updated.first?.write(to: database)
          for each in updated.rest { try each.write(to: database) }
        }
      }
    } catch let error as ItemStoreError {
      if case .duplicateItem = error, let first = updated.first {
        throw SecItemFailure(
          .errSecDuplicateItem, .updateCollision(first.name))
      }
      throw Self.storeFailure(error)
    } catch {
      throw SecItemFailure(.errSecInternal, .updateFailed(detail: "\(error)"))
    }
  }
}
