import ItemStore

/// A parsed query's four-character attributes and their canonical values, in the order the
/// parser met them, each name at most once, with the class schema the parser found for each.
///
/// The list is a ``ColumnSlots``, the store's short list of named slots, whose value is the
/// attribute's with its schema beside it: one list type for a row's columns and a query's
/// attributes, read here as plain values. Why not `[String: StoredValue]`: a query holds a
/// handful of attributes, and every call builds this once and reads it a few times; a
/// dictionary hashed the name (SipHash over the `String`) at each insert and look-up, where
/// comparing a few short names is a fraction of that (issue 29).
package struct ParsedAttributes: Sendable, Sequence {
  /// One attribute's value, and its schema in the query's class as the parser found it
  /// (`nil` for one set by name). Equal when the values are: the schema is the class's.
  struct Attribute: Equatable, Sendable {
    var value: StoredValue
    var schema: AttributeSchema?

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
  }

  private var slots = ColumnSlots<Attribute>()
  /// The room the first attribute added makes (``init(capacity:)``).
  private var capacity = 0

  package init() {}

  /// Room for `capacity` attributes, made when the first is added (``addNew(_:for:)``), so
  /// that adding them does not grow the storage, and a query with none (an update's
  /// dictionary that sets only the secret) allocates nothing (issue 29).
  init(capacity: Int) { self.capacity = capacity }

  /// Makes the room ``init(capacity:)`` asked for, before the first attribute is added.
  private mutating func makeRoom() {
    if slots.isEmpty, capacity > 1 { slots = ColumnSlots(minimumCapacity: capacity) }
  }

  /// The value of attribute `name`, or `nil`; setting `nil` removes it.
  package subscript(_ name: String) -> StoredValue? {
    get { slots[name]?.value }
    set {
      guard let newValue else {
        slots[name] = nil
        return
      }
      makeRoom()
      // A value set by name keeps the schema an earlier ``set(_:for:)`` found.
      slots.set(name, Attribute(value: newValue, schema: slots[name]?.schema))
    }
  }

  /// The value of attribute `name`, or `nil`; setting `nil` removes it.
  package subscript(_ name: AttributeName) -> StoredValue? {
    get { self[name.rawValue] }
    set { self[name.rawValue] = newValue }
  }

  /// Adds the value of `attribute`, found in the query's class schema, and keeps the schema
  /// for the filter and the failure, which would otherwise look it up again by name. The
  /// parser's: `attribute` is not there yet, as a dictionary's keys are distinct and each key
  /// adds its own attribute only, so it is appended without looking for it first.
  mutating func addNew(_ value: StoredValue, for attribute: AttributeSchema) {
    assert(slots[attribute.name] == nil, "attribute \(attribute.name) added twice")
    makeRoom()
    slots.appendNew(attribute.name, Attribute(value: value, schema: attribute))
  }

  /// Each attribute with its schema in `itemClass`, the query's class: the parser's, else
  /// looked up by name; `nil` when the class has no such attribute.
  func withSchemas(in itemClass: ItemClass) -> LazyMapSequence<
    ColumnSlots<Attribute>, (name: String, value: StoredValue, schema: AttributeSchema?)
  > {
    slots.lazy.map { slot in
      (slot.key, slot.value.value, slot.value.schema ?? itemClass.attribute(named: slot.key))
    }
  }

  package var count: Int { slots.count }
  package var isEmpty: Bool { slots.isEmpty }
  /// The attributes' names, in the order they were added.
  package var keys: [String] { slots.keys }
  /// The same attributes as a dictionary, for code that reads items' attributes too.
  package var dictionary: [String: StoredValue] {
    var dictionary = [String: StoredValue](minimumCapacity: slots.count)
    for (name, attribute) in slots { dictionary[name] = attribute.value }
    return dictionary
  }

  package struct Iterator: IteratorProtocol {
    fileprivate var base: ColumnSlots<Attribute>.Iterator

    package mutating func next() -> (key: String, value: StoredValue)? {
      base.next().map { (key: $0.key, value: $0.value.value) }
    }
  }

  package func makeIterator() -> Iterator { Iterator(base: slots.makeIterator()) }
}

extension ParsedAttributes: Equatable {
  /// The same names with the same values, in any order, as two dictionaries compare
  /// (``ColumnSlots``'s equality; ``Attribute`` compares values alone).
  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.slots == rhs.slots }
}
