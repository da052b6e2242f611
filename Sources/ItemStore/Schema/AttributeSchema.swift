/// One attribute of an item class: Apple's 4-character code, its kind, and its storage.
public struct AttributeSchema: Hashable, Sendable {
  /// The attribute code, which is also the column name: `"acct"` for kSecAttrAccount.
  public var name: String
  public var kind: AttributeKind
  /// Part of the class's `UNIQUE` constraint (flag `P` in `SecItemSchema.c`).
  public var isPrimaryKey: Bool
  /// Stored in plaintext (primary key, `pdmn`, `tomb`) so SQLite can index and constrain it;
  /// every other attribute is an opaque sealed blob the engine encrypts.
  public var isPlaintext: Bool
  /// Internal to securityd (vwht, tkid, musr, ggrp): part of the key but not something an app
  /// normally sets.
  public var isInternal: Bool

  public init(
    name: String, kind: AttributeKind, isPrimaryKey: Bool, isPlaintext: Bool,
    isInternal: Bool = false
  ) {
    self.name = name
    self.kind = kind
    self.isPrimaryKey = isPrimaryKey
    self.isPlaintext = isPlaintext
    self.isInternal = isInternal
  }

  /// The value stored when an add leaves this attribute out (see ``AttributeKind/defaultValue``).
  public var defaultValue: StoredValue { kind.defaultValue }
}
