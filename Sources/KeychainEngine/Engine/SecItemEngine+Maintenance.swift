import DeviceState
import ItemStore

/// The item-row operations the device needs outside SecItem calls: the `akpu` purge when the
/// passcode is removed, the per-app reset and the counts its notes quote. The engine is the
/// one owner of item rows; the device asks it and never reads or deletes rows itself.
extension SecItemEngine {
  /// Whether the store holds any item row at all (tombstones included): a file whose device
  /// state is missing but which holds items is damaged, not an interrupted creation.
  package static func holdsItems(_ database: ItemDatabase) throws(ItemStoreError) -> Bool {
    for itemClass in ItemClass.allCases where try database.count(in: itemClass) > 0 {
      return true
    }
    return false
  }

  /// Deletes every item of `protection` (the `akpu` items when the passcode is removed: their
  /// key no longer exists), all classes in one transaction.
  /// - Returns: how many were deleted, by class name, omitting classes with none.
  package func purgeItems(protectedBy protection: ProtectionClass) throws(ItemStoreError)
    -> [String: Int]
  {
    var deleted: [String: Int] = [:]
    try transaction { () throws(ItemStoreError) in
      for itemClass in ItemClass.allCases {
        let rows = try database.rows(
          in: itemClass, matching: [AttributeName.accessible.rawValue: .text(protection.rawValue)])
        let count = try database.delete(rowIDs: rows.compactMap(\.rowID), in: itemClass)
        if count > 0 { deleted[itemClass.rawValue] = count }
      }
    }
    return deleted
  }

  /// Deletes every item in `groups`, whatever its class, protection or lock state.
  /// - Returns: how many were deleted.
  package func deleteItems(inAccessGroups groups: [String]) throws(ItemStoreError) -> Int {
    var deleted = 0
    try transaction { () throws(ItemStoreError) in
      for itemClass in ItemClass.allCases {
        let rows = try database.rows(in: itemClass, oneOf: scope(groups))
        deleted += try database.delete(rowIDs: rows.compactMap(\.rowID), in: itemClass)
      }
    }
    return deleted
  }

  /// Live items (tombstones aside) whose access group is one of `groups`.
  package func countItems(inAccessGroups groups: [String]) throws(ItemStoreError) -> Int {
    guard !groups.isEmpty else { return 0 }
    var total = 0
    for itemClass in ItemClass.allCases {
      total += try database.count(
        in: itemClass, matching: [AttributeName.tombstone.rawValue: .integer(0)],
        oneOf: scope(groups))
    }
    return total
  }

  /// Every live item row, in class then insertion order.
  package func liveRows() throws(ItemStoreError) -> [ItemRow] {
    var rows: [ItemRow] = []
    for itemClass in ItemClass.allCases {
      rows += try database.rows(
        in: itemClass, matching: [AttributeName.tombstone.rawValue: .integer(0)])
    }
    return rows
  }

  private func scope(_ groups: [String]) -> ItemDatabase.OneOf {
    sealer.hasher.scope(groups)
  }

  /// Runs `body` in one store transaction, keeping the store's typed error.
  private func transaction(_ body: () throws(ItemStoreError) -> Void) throws(ItemStoreError) {
    do {
      try database.inTransaction { try body() }
    } catch let error as ItemStoreError {
      throw error
    } catch {
      throw .cannotOpen(path: database.path ?? ":memory:", reason: "\(error)")
    }
  }
}
