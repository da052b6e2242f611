import Foundation
import Testing

@testable import ItemStore

@Suite struct SchemaTests {
  /// Primary keys from docs/evidence.md §3, Apple's order, internals last.
  static let primaryKeys: [(ItemClass, [String])] = [
    (.genp, ["acct", "svce", "agrp", "sync", "vwht", "tkid", "musr", "ggrp"]),
    (
      .inet,
      [
        "acct", "sdmn", "srvr", "ptcl", "atyp", "port", "path", "agrp", "sync", "vwht", "tkid",
        "musr", "ggrp",
      ]
    ),
    (.cert, ["ctyp", "issr", "slnr", "agrp", "sync", "vwht", "tkid", "musr", "ggrp"]),
    (
      .keys,
      [
        "kcls", "klbl", "atag", "crtr", "type", "bsiz", "esiz", "sdat", "edat", "agrp", "sync",
        "vwht", "tkid", "musr", "ggrp",
      ]
    ),
  ]

  static let nonKeyAttributes: [(ItemClass, Set<String>)] = [
    (
      .genp,
      [
        "pdmn", "labl", "desc", "icmt", "crtr", "type", "invi", "nega", "gena", "cdat", "mdat",
        "accc", "tomb",
      ]
    ),
    (
      .inet,
      [
        "pdmn", "labl", "desc", "icmt", "crtr", "type", "invi", "nega", "cdat", "mdat", "accc",
        "tomb",
      ]
    ),
    (
      .cert,
      ["pdmn", "cenc", "labl", "alis", "subj", "skid", "pkhh", "cdat", "mdat", "accc", "tomb"]
    ),
    (
      .keys,
      [
        "pdmn", "labl", "alis", "perm", "priv", "modi", "sens", "asen", "extr", "next", "encr",
        "decr", "drve", "sign", "vrfy", "snrc", "vyrc", "wrap", "unwp", "cdat", "mdat", "accc",
        "tomb",
      ]
    ),
  ]

  @Test(arguments: primaryKeys)
  func primaryKeyMatchesApple(itemClass: ItemClass, expected: [String]) {
    #expect(itemClass.primaryKey == expected)
    #expect(itemClass.attributes.filter(\.isPrimaryKey).map(\.name) == expected)
  }

  @Test(arguments: nonKeyAttributes)
  func nonKeyAttributesMatchApple(itemClass: ItemClass, expected: Set<String>) {
    let nonKey = itemClass.attributes.filter { !$0.isPrimaryKey }.map(\.name)
    #expect(Set(nonKey) == expected)
    #expect(nonKey.count == expected.count, "no attribute listed twice")
  }

  @Test(arguments: ItemClass.allCases)
  func everyAttributeButTheAccessControlIsSearchable(itemClass: ItemClass) {
    let searchable = itemClass.attributes.map(\.name).filter { $0 != "accc" }
    #expect(Set(itemClass.searchColumns) == Set(searchable))
    let plain = itemClass.attributes.filter { $0.storage == .plain }.map(\.name)
    #expect(Set(plain) == ["pdmn", "tomb"], "only pdmn and tomb are kept as they are")
    #expect(itemClass.attribute(named: "accc")?.storage == .sealedOnly)
    #expect(itemClass.sealedColumns == ["attrs", "accc", "data"])
    #expect(Set(itemClass.sealedColumns).isDisjoint(with: itemClass.searchColumns))
  }

  /// Every hashed attribute but agrp and sync leads some index, so a search on it is served
  /// by one.
  @Test(arguments: ItemClass.allCases)
  func everyHashedAttributeLeadsAnIndex(itemClass: ItemClass) {
    let leading = Set(itemClass.indexes.compactMap(\.first))
    for attribute in itemClass.attributes
    where attribute.storage == .keyedHash && !attribute.isInternal
      && !["agrp", "sync"].contains(attribute.name)
    {
      let leadsUnique =
        itemClass.primaryKey.contains(attribute.name)
        && TableLayout.of(itemClass).createSQL.contains("UNIQUE(\"\(attribute.name)\"")
      #expect(leading.contains(attribute.name) || leadsUnique, "\(attribute.name)")
    }
  }

  /// Kinds from `SECDB_ATTR` in SecItemSchema.c.
  @Test(arguments: [
    (ItemClass.genp, "acct", AttributeKind.blob), (.genp, "svce", .blob),
    (.genp, "agrp", .string), (.genp, "sync", .bool), (.genp, "pdmn", .string),
    (.genp, "musr", .data), (.genp, "cdat", .date), (.genp, "gena", .blob),
    (.inet, "port", .number), (.inet, "srvr", .blob), (.inet, "ptcl", .number),
    (.cert, "issr", .data), (.cert, "slnr", .data), (.cert, "ctyp", .number),
    (.keys, "klbl", .data), (.keys, "atag", .blob), (.keys, "sdat", .date),
    (.keys, "crtr", .number), (.keys, "tomb", .bool),
  ])
  func attributeKinds(itemClass: ItemClass, name: String, kind: AttributeKind) throws {
    let attribute = try #require(itemClass.attribute(named: name))
    #expect(attribute.kind == kind)
  }

  @Test func unknownAttributeIsNil() {
    #expect(ItemClass.genp.attribute(named: "atag") == nil)
    #expect(ItemClass.keys.attribute(named: "svce") == nil)
  }

  @Test func internalAttributesAreMarked() {
    let internals = ItemClass.genp.attributes.filter(\.isInternal).map(\.name)
    #expect(internals == ["vwht", "tkid", "musr", "ggrp"])
  }

  /// query_pre_add in SecItemDb.c: "" for blobs/strings, empty data for data, 0, date 0.
  @Test(arguments: [
    (AttributeKind.blob, StoredValue.text("")), (.string, .text("")), (.data, .blob(Data())),
    (.number, .integer(0)), (.bool, .integer(0)), (.date, .real(0)),
  ])
  func defaultValues(kind: AttributeKind, expected: StoredValue) {
    #expect(kind.defaultValue == expected)
  }

  @Test(arguments: ItemClass.allCases)
  func tableHasEveryColumnWithSearchColumnsNotNull(itemClass: ItemClass) throws {
    let database = try ItemDatabase(path: nil)
    let sql = "SELECT name, type, \"notnull\" FROM pragma_table_info('\(itemClass.rawValue)')"
    var columns: [String: (type: String, notNull: Bool)] = [:]
    try database.connection.withStatement(sql) { statement throws(SQLiteError) in
      while try statement.step() {
        guard case .text(let name) = statement.column(at: 0),
          case .text(let type) = statement.column(at: 1)
        else { continue }
        columns[name] = (type, statement.int64(at: 2) == 1)
      }
    }
    #expect(columns["rowid"]?.type == "INTEGER")
    for attribute in itemClass.attributes where attribute.isSearchable {
      // A non-key attribute an item lacks is NULL, as in securityd.
      let nullable = attribute.storage == .keyedHash && !attribute.isPrimaryKey
      #expect(columns[attribute.name]?.notNull == !nullable, "\(attribute.name)")
    }
    for name in itemClass.sealedColumns {
      #expect(columns[name]?.type == "BLOB", "\(name) is a BLOB")
      #expect(columns[name]?.notNull == false, "\(name) may be NULL")
    }
    // Every attribute but accc, + rowid + attrs, accc, data.
    #expect(columns.count == itemClass.attributes.count - 1 + 4)
  }
}

/// The typed attribute names point at attributes the class tables really have.
@Suite struct AttributeNameTests {
  @Test func everyNamedAttributeIsInSomeClass() {
    let named: [AttributeName] =
      [
        .account, .service, .server, .serialNumber, .applicationTag, .label, .accessGroup,
        .synchronizable, .accessible, .accessControl, .creationDate, .modificationDate,
        .tombstone,
      ] + AttributeName.internalAttributes
    for name in named {
      #expect(
        ItemClass.allCases.contains { $0.attribute(named: name.rawValue) != nil },
        "\(name) is in no class")
    }
  }

  @Test func aRowIsReadByTypedName() {
    var columns: [String: StoredValue] = ["acct": .text("a")]
    columns[.service] = .text("s")
    #expect(columns[.account] == .text("a"))
    #expect(columns["svce"] == .text("s"))
  }
}
