/// How an attribute is kept in its class's table.
///
/// securityd keeps every attribute but the access control in a column it can search
/// (flag `L` in `SecItemSchema.c`), most of them as a SHA-1 of the value (flag `S`); the
/// simulator keeps a keyed hash instead, so that no value can be read back from the file.
public enum AttributeStorage: String, Hashable, Sendable {
  /// A searchable column holding the engine's keyed hash of the value's bytes; the value
  /// itself is sealed with the rest of the item.
  case keyedHash
  /// A searchable column holding the value itself: `pdmn` (the engine must know the class
  /// before it can open anything; securityd keeps it plain too) and `tomb` (an internal flag).
  case plain
  /// No column of its own: only sealed with the item (`accc`, which securityd does not keep
  /// in a column either).
  case sealedOnly
}

/// One attribute of an item class: Apple's 4-character code, its kind, and its storage.
public struct AttributeSchema: Hashable, Sendable {
  /// The attribute code, which is also the column name: `"acct"` for kSecAttrAccount.
  public var name: String
  public var kind: AttributeKind
  /// Part of the class's `UNIQUE` constraint (flag `P` in `SecItemSchema.c`).
  public var isPrimaryKey: Bool
  /// How the attribute is kept (see ``AttributeStorage``).
  public var storage: AttributeStorage
  /// Internal to securityd (vwht, tkid, musr, ggrp): part of the key but not something an app
  /// normally sets.
  public var isInternal: Bool

  public init(
    name: String, kind: AttributeKind, isPrimaryKey: Bool, storage: AttributeStorage,
    isInternal: Bool = false
  ) {
    self.name = name
    self.kind = kind
    self.isPrimaryKey = isPrimaryKey
    self.storage = storage
    self.isInternal = isInternal
  }

  /// Whether the attribute has a column SQLite can compare (hashed or plain).
  public var isSearchable: Bool { storage != .sealedOnly }

  /// The value stored when an add leaves this attribute out (see ``AttributeKind/defaultValue``).
  public var defaultValue: StoredValue { kind.defaultValue }
}
