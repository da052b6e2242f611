import Foundation
// TEMPORARY stub so the engine compiles before branch `itemstore` lands. Deleted on merge.

public enum ItemClass: String, CaseIterable, Sendable { case genp, inet, cert, keys }
public enum AttributeKind: Sendable { case blob, string, number, date, data, bool }
public enum StoredValue: Hashable, Sendable { case text(String), blob(Data), integer(Int64), real(Double), null }
public struct AttributeSchema: Sendable {
  public let name: String
  public let kind: AttributeKind
  public let isPrimaryKey: Bool
}
extension ItemClass {
  public var attributes: [AttributeSchema] {
    let common: [(String, AttributeKind)] = [
      ("cdat", .date), ("mdat", .date), ("labl", .blob), ("agrp", .string), ("pdmn", .string),
      ("sync", .number), ("tomb", .number), ("accc", .data), ("tkid", .string),
      ("vwht", .string), ("musr", .blob), ("sha1", .data), ("desc", .blob), ("icmt", .blob),
      ("crtr", .number), ("type", .number), ("alis", .blob), ("invi", .number), ("nega", .number),
    ]
    let own: [(String, AttributeKind)]
    switch self {
    case .genp: own = [("acct", .blob), ("svce", .blob), ("gena", .blob)]
    case .inet:
      own = [("acct", .blob), ("sdmn", .blob), ("srvr", .blob), ("ptcl", .number),
        ("atyp", .blob), ("port", .number), ("path", .blob)]
    case .cert:
      own = [("ctyp", .number), ("cenc", .number), ("subj", .data), ("issr", .data),
        ("slnr", .data), ("skid", .data), ("pkhh", .data)]
    case .keys:
      own = [("kcls", .number), ("klbl", .data), ("atag", .data), ("bsiz", .number),
        ("esiz", .number), ("sdat", .date), ("edat", .date), ("perm", .number),
        ("sens", .number), ("extr", .number), ("encr", .number), ("decr", .number),
        ("drve", .number), ("sign", .number), ("vrfy", .number), ("wrap", .number),
        ("unwp", .number)]
    }
    return (own + common).map { AttributeSchema(name: $0.0, kind: $0.1,
      isPrimaryKey: primaryKey.contains($0.0)) }
  }
  public var primaryKey: [String] {
    switch self {
    case .genp: ["acct", "svce", "agrp", "sync", "vwht", "tkid", "musr"]
    case .inet: ["acct", "sdmn", "srvr", "ptcl", "atyp", "port", "path", "agrp", "sync",
      "vwht", "tkid", "musr"]
    case .cert: ["ctyp", "issr", "slnr", "agrp", "sync", "vwht", "tkid", "musr"]
    case .keys: ["kcls", "klbl", "atag", "crtr", "type", "bsiz", "esiz", "sdat", "edat",
      "agrp", "sync", "vwht", "tkid", "musr"]
    }
  }
}
