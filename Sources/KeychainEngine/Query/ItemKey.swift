import ItemStore

/// The part of a query dictionary that names an item, as the engine tells items apart: the
/// class and the values of the class's primary-key attributes (``ItemClass/primaryKey``), each
/// in the byte form the engine searches by (``SearchHasher``), so a string and the same bytes
/// as data are one value, as they are to the engine.
///
/// Built from a dictionary alone, without a device: what a call names, not what is stored.
/// An attribute the dictionary leaves out is unknown (``Missing/unknown``), which suits a
/// search, or the default an add stores (``Missing/engineDefault``: the value sealing gives
/// every primary-key attribute an add leaves out, ``AttributeSchema/defaultValue``).
/// securityd's internal key attributes (`vwht`, `tkid`, `musr`, `ggrp`) are not part of it; the
/// access group and the sync flag are unless left out with `scoped: false`.
package struct ItemKey: Hashable, Sendable, CustomStringConvertible {
  /// What an attribute the dictionary leaves out stands for.
  package enum Missing: Sendable {
    /// Any value: the dictionary is a search, or not known to be an add.
    case unknown
    /// The value an add stores for it.
    case engineDefault
  }

  /// The dictionary's `class`, as given (`nil` when it has none, or not a string).
  package let classCode: String?
  /// The value of each primary-key attribute known, in the engine's byte form.
  private var values: [String: [UInt8]] = [:]
  /// The attributes the dictionary gave (the others in ``values`` are defaults).
  private var given: Set<String> = []

  /// - Parameters:
  ///   - query: a SecItem dictionary, keyed by raw four-character codes.
  ///   - missing: what an attribute `query` leaves out stands for.
  ///   - scoped: whether the access group and the sync flag, which say where an item lives,
  ///     are compared; without them, items with the same name in two groups are one key.
  ///
  /// A class that is not a table (`idnt`, a typo) has no primary key of its own: every
  /// attribute of any class's key is read, so two such dictionaries still compare by what
  /// they name.
  package init(_ query: SecQuery, missing: Missing = .unknown, scoped: Bool = true) {
    if case .string(let code)? = query[SecQueryKey.itemClass.rawValue] {
      classCode = code
    } else {
      classCode = nil
    }
    let itemClass = classCode.flatMap(ItemClass.init(rawValue:))
    let attributes = itemClass.map(Self.keyAttributes) ?? Self.anyClassKeyAttributes
    for attribute in attributes {
      if !scoped, Self.scopeAttributes.contains(attribute.name) { continue }
      if let value = query[attribute.name],
        let canonical = QueryParser.canonical(value, kind: attribute.kind)
      {
        values[attribute.name] = Self.byteForm(canonical, of: attribute)
        given.insert(attribute.name)
      } else if missing == .engineDefault, itemClass != nil {
        values[attribute.name] = Self.byteForm(attribute.defaultValue, of: attribute)
      }
    }
  }

  /// Whether both could name the same item: the classes and every attribute known to both
  /// agree.
  package func couldNameSameItem(as other: ItemKey) -> Bool {
    if let classCode, let otherCode = other.classCode, classCode != otherCode { return false }
    for (name, value) in values {
      if let otherValue = other.values[name], otherValue != value { return false }
    }
    return true
  }

  /// Whether both name the same item for sure: they could (``couldNameSameItem(as:)``) and
  /// both give some attribute of the key themselves (a default alone names nothing).
  package func certainlySameItem(as other: ItemKey) -> Bool {
    !given.isDisjoint(with: other.given) && couldNameSameItem(as: other)
  }

  /// `class=genp acct=… svce=…`, the attributes known in name order, values in hex.
  package var description: String {
    var parts = ["class=\(classCode ?? "?")"]
    for name in values.keys.sorted() {
      let hex = values[name, default: []].map { String($0, radix: 16) }.joined(separator: ".")
      parts.append("\(name)\(given.contains(name) ? "=" : "~")\(hex)")
    }
    return parts.joined(separator: " ")
  }

  // MARK: - The engine's tables

  /// The access group and the sync flag: part of every class's key, but where an item lives.
  private static let scopeAttributes: Set<String> = [
    AttributeName.accessGroup.rawValue, AttributeName.synchronizable.rawValue,
  ]

  /// `itemClass`'s primary-key attributes a caller can give.
  private static func keyAttributes(_ itemClass: ItemClass) -> [AttributeSchema] {
    itemClass.primaryKey.compactMap { itemClass.attribute(named: $0) }.filter { !$0.isInternal }
  }

  /// Every class's key attributes a caller can give, the first class's schema for a name two
  /// classes share.
  private static let anyClassKeyAttributes: [AttributeSchema] = {
    var seen: Set<String> = []
    return ItemClass.allCases.flatMap(keyAttributes).filter { seen.insert($0.name).inserted }
  }()

  private static func byteForm(_ value: StoredValue, of attribute: AttributeSchema) -> [UInt8] {
    var bytes: [UInt8] = []
    SearchHasher.appendByteForm(value, kind: attribute.kind, to: &bytes)
    return bytes
  }
}
