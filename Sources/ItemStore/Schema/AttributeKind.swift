import Foundation

/// The value kind of a keychain attribute, after securityd's `SecDbAttrKind`
/// (`keychain/securityd/SecDbItem.h`), collapsed to what a caller can pass.
public enum AttributeKind: String, Sendable, CaseIterable {
  /// `Blob`: a CFString, a CFData or a CFNumber (acct, svce, labl, srvr, atag …), kept as
  /// given; searched by the hash of its bytes, so a string and the same bytes as data are one
  /// value (the engine's `SearchHasher`).
  case blob
  /// `String`/`Access`: a CFString only (agrp, pdmn, vwht, tkid, ggrp).
  case string
  /// `Data`/`UUID`/`AccessControl`: a CFData only (issr, slnr, klbl, subj, musr, accc).
  case data
  /// `Number`: a CFNumber (ptcl, port, type, crtr, bsiz …).
  case number
  /// `Date`/`CreationDate`/`ModificationDate`: a CFDate, stored as REAL seconds since
  /// 2001-01-01 (`CFAbsoluteTime`), as securityd does.
  case date
  /// `Sync`/`Tomb`: a CFBoolean, stored as INTEGER 0 or 1.
  case bool

  /// The value a primary-key attribute gets when an add leaves it out, as securityd's
  /// `query_pre_add` sets it (`SecItemDb.c`): "" for strings and blobs (`E` flag), empty data
  /// for data and UUIDs, 0 for numbers and booleans (`Z` flag), date 0.0 for dates.
  public var defaultValue: StoredValue {
    switch self {
    case .blob, .string: .text("")
    case .data: .blob(Data())
    case .number, .bool: .integer(0)
    case .date: .real(0)
    }
  }

  /// The declared SQLite column type of a column holding the value itself (`pdmn`, `tomb`);
  /// a hashed attribute's column is a `BLOB`.
  /// Related SQLite documentation: <https://www.sqlite.org/datatype3.html#type_affinity>
  var columnType: String {
    switch self {
    case .blob, .data: "BLOB"
    case .string: "TEXT"
    case .number, .bool: "INTEGER"
    case .date: "REAL"
    }
  }
}
