import Foundation

/// The SQL of one item table, built once per class from its ``ClassCatalog``.
///
/// Columns are always listed in the same order (searchable columns, then sealed ones), so
/// inserts and updates bind by position and each statement text is fixed per class — which
/// is what lets the connection compile it once.
///
/// A class: every store call takes its class's layout, and copying a struct of a dozen lists,
/// tables and texts out of its static retained and released each of them (issue 29).
final class TableLayout: Sendable {
  let itemClass: ItemClass
  /// Every column but rowid: searchable first, then sealed (ending with `data`).
  let columns: [String]
  let searchColumns: [String]
  let sealedColumns: [String]
  /// Column name → its position in ``columns``, for a write that names the columns it sets.
  let columnIndexes: [String: Int]
  /// Searchable column name → its default value.
  let searchDefaults: [String: StoredValue]
  /// The default of each of ``searchColumns``, in their order: read by position when a row
  /// is bound, where a look-up by name hashed the name again.
  let searchDefaultList: [StoredValue]
  let searchSet: Set<String>
  /// ``searchColumns`` by their packed names, for ``searchPosition(of:)``.
  private let searchCodes: AttributeCodes
  /// Whether each of ``searchColumns``, in their order, holds keyed hashes: read as
  /// ``StoredValue/hash(_:)`` (``Statement/searchHashColumn(at:)``).
  let searchHashed: [Bool]
  /// The searchable columns that hold keyed hashes.
  let hashedSet: Set<String>
  let sealedSet: Set<String>
  /// Searchable column name → `"name" = ?`, precomputed for the WHERE clauses of every query.
  let equalityConditions: [String: String]
  /// Searchable column name → `"name" IN (`, the start of a ``ItemDatabase/OneOf`` filter.
  let inClauseOpenings: [String: String]
  /// The columns some index covers (the `UNIQUE` one and the others).
  let indexedColumns: Set<String>

  /// The CREATE TABLE statement and any CREATE INDEX ones, `;`-separated.
  let createSQL: String
  let insertSQL: String
  /// `SELECT rowid, <columns> FROM <table>`, to be followed by a WHERE clause.
  let selectSQL: String
  let updateSQL: String
  /// An `UPDATE` of row `?` that changes nothing (its sealed `data` set to itself: no index
  /// covers it), for a write whose values all equal the stored ones: it still fails to find a
  /// row that is gone.
  let unchangedUpdateSQL: String
  /// ``updateSQL(setting:)`` of each of ``sealedColumns`` alone, in their order: an update of
  /// the secret alone (``ItemDatabase/replace(rowID:in:sealedColumn:with:)``) took an array of
  /// the column's index, and a look-up by it, per call (issue 29).
  let sealedColumnUpdateSQL: [String]
  let deleteSQL: String

  init(_ itemClass: ItemClass) {
    let catalog = itemClass.catalog
    let table = quoted(itemClass.tableName)
    self.itemClass = itemClass
    self.searchColumns = catalog.searchColumns
    self.sealedColumns = catalog.sealedColumns
    self.columns = searchColumns + sealedColumns
    self.columnIndexes = Dictionary(
      uniqueKeysWithValues: columns.enumerated().map { ($0.element, $0.offset) })
    self.searchSet = Set(searchColumns)
    self.searchCodes = AttributeCodes(searchColumns)
    self.searchHashed = searchColumns.map { catalog.byName[$0]?.storage == .keyedHash }
    self.hashedSet = Set(searchColumns.filter { catalog.byName[$0]?.storage == .keyedHash })
    self.sealedSet = Set(sealedColumns)
    var defaults: [String: StoredValue] = [:]
    for name in searchColumns { defaults[name] = Self.defaultValue(catalog.byName[name]) }
    self.searchDefaults = defaults
    self.searchDefaultList = searchColumns.map { defaults[$0] ?? .null }
    self.equalityConditions = Dictionary(
      uniqueKeysWithValues: searchColumns.map { ($0, "\(quoted($0)) = ?") })
    self.inClauseOpenings = Dictionary(
      uniqueKeysWithValues: searchColumns.map { ($0, "\(quoted($0)) IN (") })
    self.indexedColumns = Set(catalog.uniqueOrder + catalog.indexes.flatMap { $0 })

    var definitions = ["rowid INTEGER PRIMARY KEY AUTOINCREMENT"]
    for name in searchColumns {
      let schema = catalog.byName[name]
      let type = schema?.storage == .plain ? (schema?.kind ?? .blob).columnType : "BLOB"
      let value = Self.defaultValue(schema)
      definitions.append(
        "\(quoted(name)) \(type)" + (value == .null ? "" : " NOT NULL DEFAULT \(literal(value))"))
    }
    for name in sealedColumns { definitions.append("\(quoted(name)) BLOB") }
    definitions.append("UNIQUE(\(catalog.uniqueOrder.map(quoted).joined(separator: ", ")))")
    var create = "CREATE TABLE \(table) (\n  " + definitions.joined(separator: ",\n  ") + "\n)"
    for columns in catalog.indexes {
      let name = quoted(([itemClass.tableName] + columns).joined(separator: "_"))
      create +=
        ";\nCREATE INDEX \(name) ON \(table) (\(columns.map(quoted).joined(separator: ", ")))"
      // A nullable column's index leaves out the items without the attribute (most items
      // have no comment, no generic data ...): `c = ?` implies `c IS NOT NULL`, so SQLite
      // still uses it, and an add pays only for the attributes it has.
      if columns.count == 1, let only = columns.first, defaults[only] == .null {
        create += " WHERE \(quoted(only)) IS NOT NULL"
      }
    }
    self.createSQL = create

    let list = columns.map(quoted).joined(separator: ", ")
    let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
    self.insertSQL = "INSERT INTO \(table) (\(list)) VALUES (\(marks))"
    self.selectSQL = "SELECT rowid, \(list) FROM \(table)"
    let assignments = columns.map { "\(quoted($0)) = ?" }.joined(separator: ", ")
    self.updateSQL = "UPDATE \(table) SET \(assignments) WHERE rowid = ?"
    let unchanged = quoted(ItemClass.dataColumn)
    self.unchangedUpdateSQL = "UPDATE \(table) SET \(unchanged) = \(unchanged) WHERE rowid = ?"
    self.sealedColumnUpdateSQL = sealedColumns.map {
      "UPDATE \(table) SET \(quoted($0)) = ? WHERE rowid = ?"
    }
    self.deleteSQL = "DELETE FROM \(table) WHERE rowid = ?"
  }

  /// The position of searchable column `name` in ``searchColumns`` (and ``columns``), or `nil`
  /// when it is not one: found by its packed name, with no hashing and no string comparison.
  func searchPosition(of name: String) -> Int? { searchCodes.position(ofName: name) }

  /// `UPDATE <table> SET <columns> = ? … WHERE rowid = ?`, for an update of some columns.
  func updateSQL(setting columns: [String]) -> String {
    let assignments = columns.map { "\(quoted($0)) = ?" }.joined(separator: ", ")
    return "UPDATE \(quoted(itemClass.tableName)) SET \(assignments) WHERE rowid = ?"
  }

  /// What a searchable column holds when a row leaves it out: a plain column its kind's
  /// default; a hashed primary-key column empty bytes (the engine always gives every key
  /// hash; the store cannot compute one); any other hashed column NULL, as securityd stores
  /// an attribute an item does not have.
  static func defaultValue(_ schema: AttributeSchema?) -> StoredValue {
    guard let schema else { return .blob(Data()) }
    switch schema.storage {
    case .plain: return schema.defaultValue
    case .keyedHash: return schema.isPrimaryKey ? .blob(Data()) : .null
    case .sealedOnly: return .null
    }
  }

  // The layouts of all classes, built once.
  private static let genp = TableLayout(.genp)
  private static let inet = TableLayout(.inet)
  private static let cert = TableLayout(.cert)
  private static let keys = TableLayout(.keys)

  /// The layout of `itemClass`, built once. A switch, not a dictionary: every store call
  /// asks, and a look-up by class hashes the class's name.
  static func of(_ itemClass: ItemClass) -> TableLayout {
    switch itemClass {
    case .genp: genp
    case .inet: inet
    case .cert: cert
    case .keys: keys
    }
  }
}

/// An SQL identifier in double quotes: several attribute codes (desc, type, data, path) are
/// SQL keywords or function names. Codes never contain quotes; they come from the catalog.
func quoted(_ identifier: String) -> String {
  "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}

/// A constant as an SQL literal, for DEFAULT clauses only (never for caller values).
private func literal(_ value: StoredValue) -> String {
  switch value {
  case .text(let string): "'" + string.replacingOccurrences(of: "'", with: "''") + "'"
  case .blob(let data): "X'" + data.map { String(format: "%02X", $0) }.joined() + "'"
  case .hash: literal(value.asBlob)
  case .integer(let number): String(number)
  case .real(let number): String(number)
  case .null: "NULL"
  }
}
