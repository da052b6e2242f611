import ItemStore

/// A parsed query's four-character attributes and their canonical values, in the order the
/// parser met them, each name at most once, with the class schema the parser found for each.
///
/// Why not `[String: StoredValue]`: a query holds a handful of attributes, and every call
/// builds this once and reads it a few times; a dictionary hashed the name (SipHash over the
/// `String`) at each insert and look-up, where comparing a few short names is a fraction of
/// that (a four-character name is a small string, compared by its raw bits; issue 29).
package struct ParsedAttributes: Sendable, Sequence {
  struct Entry: Sendable {
    let name: String
    var value: StoredValue
    /// The attribute in the query's class, as the parser found it; `nil` for one set by name.
    var schema: AttributeSchema?
  }

  private var entries: [Entry] = []

  package init() {}

  /// Room for `capacity` attributes, so that adding them does not grow the storage.
  init(capacity: Int) { entries.reserveCapacity(capacity) }

  /// The value of attribute `name`, or `nil`; setting `nil` removes it.
  package subscript(_ name: String) -> StoredValue? {
    get {
      for entry in entries where entry.name == name { return entry.value }
      return nil
    }
    set {
      let index = entries.firstIndex { $0.name == name }
      switch (index, newValue) {
      case (let index?, let value?): entries[index].value = value
      case (let index?, nil): entries.remove(at: index)
      case (nil, let value?): entries.append(Entry(name: name, value: value, schema: nil))
      case (nil, nil): return
      }
    }
  }

  /// The value of attribute `name`, or `nil`; setting `nil` removes it.
  package subscript(_ name: AttributeName) -> StoredValue? {
    get { self[name.rawValue] }
    set { self[name.rawValue] = newValue }
  }

  /// Sets the value of `attribute`, found in the query's class schema, and keeps the schema
  /// for the filter and the failure, which would otherwise look it up again by name.
  mutating func set(_ value: StoredValue, for attribute: AttributeSchema) {
    if let index = entries.firstIndex(where: { $0.name == attribute.name }) {
      entries[index].value = value
      entries[index].schema = attribute
    } else {
      entries.append(Entry(name: attribute.name, value: value, schema: attribute))
    }
  }

  /// Each attribute with its schema in `itemClass`, the query's class: the parser's, else
  /// looked up by name; `nil` when the class has no such attribute.
  func withSchemas(in itemClass: ItemClass) -> LazyMapSequence<
    [Entry], (name: String, value: StoredValue, schema: AttributeSchema?)
  > {
    entries.lazy.map { entry in
      (entry.name, entry.value, entry.schema ?? itemClass.attribute(named: entry.name))
    }
  }

  package var count: Int { entries.count }
  package var isEmpty: Bool { entries.isEmpty }
  /// The attributes' names, in the order they were added.
  package var keys: [String] { entries.map(\.name) }
  /// The same attributes as a dictionary, for code that reads items' attributes too.
  package var dictionary: [String: StoredValue] {
    Dictionary(uniqueKeysWithValues: entries.lazy.map { ($0.name, $0.value) })
  }

  package struct Iterator: IteratorProtocol {
    fileprivate var base: IndexingIterator<[Entry]>

    package mutating func next() -> (key: String, value: StoredValue)? {
      base.next().map { (key: $0.name, value: $0.value) }
    }
  }

  package func makeIterator() -> Iterator { Iterator(base: entries.makeIterator()) }
}

extension ParsedAttributes: Equatable {
  /// The same names with the same values, in any order, as two dictionaries compare.
  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.count == rhs.count && lhs.entries.allSatisfy { rhs[$0.name] == $0.value }
  }
}
