import Foundation

/// A migration step that rewrites every item row through the engine's ``ItemRowUpgrader``:
/// each class's rows are read as the old schema stored them, upgraded, and written into a
/// table of the current layout with the same rowids (a persistent reference stays valid)
/// and the same AUTOINCREMENT high-water mark (a deleted item's rowid is still never
/// reused). The device table is kept as it is.
///
/// It runs inside ``DeviceFileMigrator``'s transaction: a failure at any row leaves no trace.
enum ItemTableRewrite {
  static func run(_ context: MigrationContext, fromVersion: Int) throws(MigrationFailure) {
    guard let upgrader = context.upgrader else {
      throw MigrationFailure(
        "its items must be re-sealed with the device's keys, which only the keychain engine"
          + " holds: open the file as a device (SimulatedDevice.open, keychain-sim --device)")
    }
    let connection = context.connection
    do {
      try upgrader.begin(deviceBlobs: try deviceBlobs(connection))
    } catch let error as ItemRowUpgradeError {
      throw MigrationFailure(error.reason)
    } catch let error as SQLiteError {
      throw MigrationFailure(error)
    } catch {
      throw MigrationFailure("\(error)")
    }
    for itemClass in ItemClass.allCases {
      try rewrite(itemClass, fromVersion: fromVersion, connection: connection, upgrader: upgrader)
    }
  }

  private static func rewrite(
    _ itemClass: ItemClass, fromVersion: Int, connection: Connection,
    upgrader: any ItemRowUpgrader
  ) throws(MigrationFailure) {
    let table = quoted(itemClass.tableName)
    let layout = TableLayout.of(itemClass)
    let legacy: [LegacyItemRow]
    let highWater: Int64?
    do {
      legacy = try rows(of: itemClass, version: fromVersion, connection: connection)
      highWater = try sequence(of: itemClass, connection: connection)
    } catch {
      throw MigrationFailure(error)
    }
    var upgraded: [(rowID: Int64, values: [StoredValue])] = []
    upgraded.reserveCapacity(legacy.count)
    for row in legacy {
      let new: ItemRow
      do {
        new = try upgrader.upgrade(row)
      } catch {
        throw MigrationFailure("\(itemClass.rawValue) row \(row.rowID): \(error.reason)")
      }
      upgraded.append(
        (row.rowID, try values(of: new, layout: layout, rowID: row.rowID)))
    }
    let columns = (["rowid"] + layout.columns.map(quoted)).joined(separator: ", ")
    let marks = Array(repeating: "?", count: layout.columns.count + 1).joined(separator: ", ")
    let insert = "INSERT INTO \(table) (\(columns)) VALUES (\(marks))"
    do {
      // DROP takes the old indexes with it, so the new ones can have their names.
      try connection.executeScript("DROP TABLE \(table);\n\(layout.createSQL)")
      try connection.withStatement(insert) { statement throws(SQLiteError) in
        for row in upgraded {
          try statement.bind([.integer(row.rowID)] + row.values)
          try statement.run()
          statement.reset()
        }
      }
      if let highWater {
        // sqlite_sequence has no key on its name: update the table's row, or add one when
        // the new table got none (the old one held no row any more).
        let name = StoredValue.text(itemClass.tableName)
        try connection.withStatement(
          "UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = ?"
        ) { statement throws(SQLiteError) in
          try statement.bind([.integer(highWater), name])
          try statement.run()
        }
        if connection.changes == 0 {
          try connection.withStatement(
            "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)"
          ) { statement throws(SQLiteError) in
            try statement.bind([name, .integer(highWater)])
            try statement.run()
          }
        }
      }
    } catch {
      throw MigrationFailure(error)
    }
  }

  /// Every row of the class's table, every column but `rowid` by name, NULLs left out.
  private static func rows(
    of itemClass: ItemClass, version: Int, connection: Connection
  ) throws(SQLiteError) -> [LegacyItemRow] {
    let sql = "SELECT * FROM \(quoted(itemClass.tableName)) ORDER BY rowid"
    return try connection.withStatement(sql) { statement throws(SQLiteError) in
      var rows: [LegacyItemRow] = []
      let names = (0..<statement.columnCount).map { statement.columnName(at: $0) }
      while try statement.step() {
        var rowID: Int64?
        var columns: [String: StoredValue] = [:]
        for (index, name) in zip(Int32(0)..., names) {
          let value = statement.column(at: index)
          if name == "rowid" {
            rowID = value.int64
          } else if value != .null {
            columns[name] = value
          }
        }
        guard let rowID else {
          throw SQLiteError(
            code: .corrupt, message: "a \(itemClass.rawValue) row has no integer rowid", sql: sql)
        }
        rows.append(
          LegacyItemRow(version: version, rowID: rowID, itemClass: itemClass, columns: columns))
      }
      return rows
    }
  }

  /// The class table's AUTOINCREMENT high-water mark, `nil` when it never held a row.
  private static func sequence(
    of itemClass: ItemClass, connection: Connection
  ) throws(SQLiteError) -> Int64? {
    try connection.withStatement("SELECT seq FROM sqlite_sequence WHERE name = ?") {
      statement throws(SQLiteError) in
      try statement.bind(.text(itemClass.tableName), at: 1)
      return try statement.step() ? statement.column(at: 0).int64 : nil
    }
  }

  /// The upgraded row's columns in the layout's order, with the store's defaults; a column
  /// the layout does not have is the upgrader's mistake, reported rather than dropped.
  private static func values(
    of row: ItemRow, layout: TableLayout, rowID: Int64
  ) throws(MigrationFailure) -> [StoredValue] {
    let item = "\(layout.itemClass.rawValue) row \(rowID)"
    guard row.itemClass == layout.itemClass else {
      throw MigrationFailure("\(item) was upgraded into class \(row.itemClass.rawValue)")
    }
    for name in row.searchColumns.keys where !layout.searchSet.contains(name) {
      throw MigrationFailure("\(item) was upgraded with an unknown searchable column '\(name)'")
    }
    for name in row.sealedColumns.keys where !layout.sealedSet.contains(name) {
      throw MigrationFailure("\(item) was upgraded with an unknown sealed column '\(name)'")
    }
    var values: [StoredValue] = []
    values.reserveCapacity(layout.columns.count)
    for (name, fallback) in zip(layout.searchColumns, layout.searchDefaultList) {
      let value = row.searchColumns[name] ?? .null
      values.append(value == .null ? fallback : value)
    }
    for name in layout.sealedColumns {
      values.append(row.sealedColumns[name].map(StoredValue.blob) ?? .null)
    }
    return values
  }

  /// The `device` table, key → blob.
  private static func deviceBlobs(_ connection: Connection) throws(SQLiteError) -> [String: Data] {
    let sql = "SELECT key, value FROM \(quoted(DeviceFileFormat.deviceTable))"
    return try connection.withStatement(sql) { statement throws(SQLiteError) in
      var blobs: [String: Data] = [:]
      while try statement.step() {
        if case .text(let key) = statement.column(at: 0) {
          blobs[key] = statement.data(at: 1) ?? Data()
        }
      }
      return blobs
    }
  }
}
