/// The attribute tables of each class, from securityd's `SecItemSchema.c` (`v12_genp_class`,
/// `v12_10_inet_class`, `v12_cert_class`, `v12_10_keys_class`) and docs/evidence.md §3.
///
/// Kinds follow `SECDB_ATTR(...)`: acct/svce/srvr/atag are `Blob`, agrp is `String`,
/// issr/slnr/klbl are `Data`, sdat/edat are `Date`, keys' crtr and type are `Number` and
/// part of its primary key.
extension ItemClass {
  var catalog: ClassCatalog {
    switch self {
    case .genp: Self.genpCatalog
    case .inet: Self.inetCatalog
    case .cert: Self.certCatalog
    case .keys: Self.keysCatalog
    }
  }

  private static let genpCatalog = ClassCatalog(
    key: [("acct", .blob), ("svce", .blob)],
    others: [
      ("labl", .blob), ("desc", .blob), ("icmt", .blob), ("crtr", .number), ("type", .number),
      ("invi", .number), ("nega", .number), ("gena", .blob), ("cdat", .date), ("mdat", .date),
    ],
    uniqueOrder: ["svce", "acct"],
    // Look-ups by account alone are common; (acct, svce) keeps svce+acct look-ups exact
    // even when SQLite prefers this index (it yields rows already in rowid order).
    indexes: [["acct", "svce"]])

  private static let inetCatalog = ClassCatalog(
    key: [
      ("acct", .blob), ("sdmn", .blob), ("srvr", .blob), ("ptcl", .number), ("atyp", .blob),
      ("port", .number), ("path", .blob),
    ],
    others: [
      ("labl", .blob), ("desc", .blob), ("icmt", .blob), ("crtr", .number), ("type", .number),
      ("invi", .number), ("nega", .number), ("cdat", .date), ("mdat", .date),
    ],
    uniqueOrder: ["srvr", "acct", "sdmn", "ptcl", "atyp", "port", "path"])

  private static let certCatalog = ClassCatalog(
    key: [("ctyp", .number), ("issr", .data), ("slnr", .data)],
    others: [
      ("cenc", .number), ("labl", .blob), ("alis", .blob), ("subj", .data), ("skid", .data),
      ("pkhh", .data), ("cdat", .date), ("mdat", .date),
    ],
    uniqueOrder: ["issr", "slnr", "ctyp"])

  private static let keysCatalog = ClassCatalog(
    key: [
      ("kcls", .number), ("klbl", .data), ("atag", .blob), ("crtr", .number), ("type", .number),
      ("bsiz", .number), ("esiz", .number), ("sdat", .date), ("edat", .date),
    ],
    others: [
      ("labl", .blob), ("alis", .blob), ("perm", .number), ("priv", .number), ("modi", .number),
      ("sens", .number), ("asen", .number), ("extr", .number), ("next", .number),
      ("encr", .number), ("decr", .number), ("drve", .number), ("sign", .number),
      ("vrfy", .number), ("snrc", .number), ("vyrc", .number), ("wrap", .number),
      ("unwp", .number), ("cdat", .date), ("mdat", .date),
    ],
    uniqueOrder: ["atag", "klbl", "kcls", "type", "crtr", "bsiz", "esiz", "sdat", "edat"],
    // securityd indexes klbl (flag I): keys are looked up by their public-key hash.
    indexes: [["klbl"]])
}

/// The precomputed schema of one class: attributes, column split and look-up tables.
///
/// A class: every attribute look-up (``ItemClass/attribute(named:)``) starts from its
/// class's catalog, and copying a struct of seven lists and tables out of its static retained
/// and released each of them, more than the look-up itself (issue 29).
final class ClassCatalog: Sendable {
  let attributes: [AttributeSchema]
  let primaryKey: [String]
  /// The primary key in the order of the `UNIQUE` constraint, which doubles as the main
  /// index: the attributes apps look items up by come first (svce, acct for genp).
  let uniqueOrder: [String]
  /// The columns SQLite compares: every attribute's keyed hash, then `pdmn` and `tomb`.
  let searchColumns: [String]
  let sealedColumns: [String]
  let byName: [String: AttributeSchema]
  /// ``attributes`` by their packed names, for ``attribute(named:)``.
  private let codes: AttributeCodes
  /// Every index beyond the `UNIQUE` one, each a list of columns: the given ones, then one
  /// per hashed attribute no index starts with, so a search on any attribute is served by
  /// an index. Not indexed alone: `agrp` and `sync` (they narrow nothing, and SQLite could
  /// prefer them) and securityd's internal attributes (an app does not search by them, and
  /// every item has the same value).
  let indexes: [[String]]

  /// Builds a class from its own key attributes and its non-key attributes; the key
  /// attributes every class shares (agrp, sync, then securityd's internal vwht, tkid, musr,
  /// ggrp), the plain pair (pdmn, tomb) and the sealed-only access control are added here.
  init(
    key: [(String, AttributeKind)], others: [(String, AttributeKind)], uniqueOrder: [String],
    indexes: [[String]] = []
  ) {
    let sharedKey: [(String, AttributeKind, Bool)] = [
      (AttributeName.accessGroup.rawValue, .string, false),
      (AttributeName.synchronizable.rawValue, .bool, false),
      (AttributeName.syncViewHint.rawValue, .string, true),
      (AttributeName.tokenID.rawValue, .string, true),
      (AttributeName.multiUser.rawValue, .data, true),
      (AttributeName.sharingGroup.rawValue, .string, true),
    ]
    var attributes = key.map {
      AttributeSchema(name: $0.0, kind: $0.1, isPrimaryKey: true, storage: .keyedHash)
    }
    attributes += sharedKey.map {
      AttributeSchema(
        name: $0.0, kind: $0.1, isPrimaryKey: true, storage: .keyedHash, isInternal: $0.2)
    }
    attributes.append(
      AttributeSchema(
        name: AttributeName.accessible.rawValue, kind: .string, isPrimaryKey: false,
        storage: .plain))
    attributes += others.map {
      AttributeSchema(name: $0.0, kind: $0.1, isPrimaryKey: false, storage: .keyedHash)
    }
    attributes.append(
      AttributeSchema(
        name: AttributeName.accessControl.rawValue, kind: .data, isPrimaryKey: false,
        storage: .sealedOnly))
    attributes.append(
      AttributeSchema(
        name: AttributeName.tombstone.rawValue, kind: .bool, isPrimaryKey: false, storage: .plain)
    )

    self.attributes = attributes
    self.primaryKey = attributes.filter(\.isPrimaryKey).map(\.name)
    self.uniqueOrder = uniqueOrder + sharedKey.map(\.0)
    let hashed = attributes.filter { $0.storage == .keyedHash }.map(\.name)
    self.searchColumns = hashed + attributes.filter { $0.storage == .plain }.map(\.name)
    self.sealedColumns = ItemClass.sealedColumnNames
    self.byName = Dictionary(uniqueKeysWithValues: attributes.map { ($0.name, $0) })
    self.codes = AttributeCodes(attributes.map(\.name))
    var allIndexes = indexes
    let unindexed: Set<String> = [
      AttributeName.accessGroup.rawValue, AttributeName.synchronizable.rawValue,
    ]
    var leading = Set(allIndexes.compactMap(\.first) + [self.uniqueOrder[0]])
    let internals = Set(attributes.filter(\.isInternal).map(\.name))
    for name in hashed
    where !leading.contains(name) && !unindexed.contains(name) && !internals.contains(name) {
      allIndexes.append([name])
      leading.insert(name)
    }
    self.indexes = allIndexes
    precondition(Set(self.uniqueOrder) == Set(primaryKey), "UNIQUE order must cover the key")
  }

  /// The attribute named `name`: found by its packed name (``AttributeCodes``), a name too
  /// long to pack (none of the class's) by the dictionary.
  func attribute(named name: String) -> AttributeSchema? {
    guard let code = AttributeCodes.code(of: name) else { return byName[name] }
    return attribute(code: code)
  }

  /// The attribute whose packed name is `code`, or `nil`.
  func attribute(code: UInt64) -> AttributeSchema? {
    codes.position(of: code).map { attributes[$0] }
  }

  /// The position of attribute `name` in ``attributes``, found by its packed name; `nil` for
  /// a name the class lacks (every one of its names packs).
  func position(named name: String) -> Int? { codes.position(ofName: name) }
}

/// The attributes code refers to by name. With the class tables above, this is the one place
/// the four-character codes are written (`SecItemConstants.c`, `SecItemSchema.c`).
extension AttributeName {
  /// kSecAttrAccount.
  public static let account = Self(rawValue: "acct")
  /// kSecAttrService.
  public static let service = Self(rawValue: "svce")
  /// kSecAttrServer.
  public static let server = Self(rawValue: "srvr")
  /// kSecAttrSerialNumber.
  public static let serialNumber = Self(rawValue: "slnr")
  /// kSecAttrApplicationTag.
  public static let applicationTag = Self(rawValue: "atag")
  /// kSecAttrLabel.
  public static let label = Self(rawValue: "labl")
  /// kSecAttrAccessGroup.
  public static let accessGroup = Self(rawValue: "agrp")
  /// kSecAttrSynchronizable.
  public static let synchronizable = Self(rawValue: "sync")
  /// kSecAttrAccessible: the protection class.
  public static let accessible = Self(rawValue: "pdmn")
  /// kSecAttrAccessControl.
  public static let accessControl = Self(rawValue: "accc")
  /// kSecAttrCreationDate.
  public static let creationDate = Self(rawValue: "cdat")
  /// kSecAttrModificationDate.
  public static let modificationDate = Self(rawValue: "mdat")
  /// securityd's tombstone flag (`kSecAttrTombstone`): set on deleted synchronizable items.
  public static let tombstone = Self(rawValue: "tomb")
  /// kSecAttrSyncViewHint (internal).
  public static let syncViewHint = Self(rawValue: "vwht")
  /// kSecAttrTokenID (internal).
  public static let tokenID = Self(rawValue: "tkid")
  /// kSecAttrMultiUser (internal).
  public static let multiUser = Self(rawValue: "musr")
  /// kSecAttrSharingGroup (internal).
  public static let sharingGroup = Self(rawValue: "ggrp")
  /// kSecAttrAppClipItem: internal to Security, refused from apps.
  public static let appClipItem = Self(rawValue: "clip")
  /// kSecUseDataProtectionKeychain / kSecAttrNoLegacy: a four-character key the daemon drops.
  public static let dataProtectionKeychain = Self(rawValue: "nleg")

  /// The attributes securityd keeps to itself: part of the key, never returned.
  public static let internalAttributes: [AttributeName] = [
    .syncViewHint, .tokenID, .multiUser, .sharingGroup,
  ]
}
