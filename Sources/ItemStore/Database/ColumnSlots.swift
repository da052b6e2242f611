import Foundation

/// A row's columns by name, kept as a short list of `(name, value)` slots in the order they
/// were set, with the part of `Dictionary`'s API the engine uses.
///
/// Why not a `[String: Value]`: a row has at most a dozen columns, and every SecItem call reads,
/// sets and looks up a few dozen of them. A dictionary hashes the name (SipHash over the
/// `String`) at each of those; a slot list appends on set and compares names on look-up, and
/// names of up to 15 bytes are small strings, which compare by their two words
/// (docs/benchmarks.md, issue 29). A row read from the store has its slots in the `SELECT`'s
/// column order, so one is filled without any name look-up.
///
/// The engine keeps a parsed query's attributes in one too, each value with its schema beside
/// it (`ParsedAttributes` in KeychainEngine): one list type for both.
///
/// Equality is a dictionary's: the same names with the same values, in any order.
public struct ColumnSlots<Value: Equatable & Sendable>: Equatable, Sendable, Sequence,
  ExpressibleByDictionaryLiteral
{
  public typealias Element = (key: String, value: Value)

  @usableFromInline
  struct Slot: Sendable {
    @usableFromInline let name: String
    @usableFromInline var value: Value

    @inlinable
    init(name: String, value: Value) {
      self.name = name
      self.value = value
    }
  }

  @usableFromInline
  var slots: [Slot]

  /// No columns.
  @inlinable
  public init() { slots = [] }

  /// No columns, with room for `count` without growing.
  @inlinable
  public init(minimumCapacity count: Int) {
    slots = []
    slots.reserveCapacity(count)
  }

  /// The columns of `dictionary`.
  @inlinable
  public init(_ dictionary: [String: Value]) {
    slots = dictionary.map { Slot(name: $0.key, value: $0.value) }
  }

  /// The columns of a literal; like a dictionary literal's, its names must be distinct.
  public init(dictionaryLiteral elements: (String, Value)...) {
    self.init(minimumCapacity: elements.count)
    for (name, value) in elements {
      precondition(self[name] == nil, "ColumnSlots literal with duplicate column \(name)")
      slots.append(Slot(name: name, value: value))
    }
  }

  /// The slot holding `name`, found by comparing names.
  @inlinable
  func slot(of name: String) -> Int? {
    var index = 0
    while index < slots.count {
      if slots[index].name == name { return index }
      index += 1
    }
    return nil
  }

  /// The value of column `name`; setting `nil` removes the column, as in a dictionary.
  @inlinable
  public subscript(name: String) -> Value? {
    get {
      guard let index = slot(of: name) else { return nil }
      return slots[index].value
    }
    set {
      let index = slot(of: name)
      switch (index, newValue) {
      case (let index?, let value?): slots[index].value = value
      case (let index?, nil): slots.remove(at: index)
      case (nil, let value?): slots.append(Slot(name: name, value: value))
      case (nil, nil): break
      }
    }
  }

  /// Sets column `name` to `value`: in its slot when it has one, else appended. The
  /// subscript's setter does the same through an optional, which a large `Value` (a parsed
  /// attribute with its schema) pays for in copies.
  @inlinable
  public mutating func set(_ name: String, _ value: Value) {
    if let index = slot(of: name) {
      slots[index].value = value
    } else {
      slots.append(Slot(name: name, value: value))
    }
  }

  /// The value of column `name`, looked for first in slot `position`: a row read with a known
  /// column order (``ItemRow`` from the store) has it there, and the name compares equal at
  /// once; any other order falls back to the search.
  @inlinable
  public func value(_ name: String, expectedAt position: Int) -> Value? {
    if position < slots.count && slots[position].name == name { return slots[position].value }
    return self[name]
  }

  /// The value of column `name`, looked for first at slot `cursor`, which then moves past
  /// the slot where it was found: reading a row's columns in the order they were set (a
  /// sealed row's, a row read from the store) finds each at once, whatever columns are missing
  /// in between, and one out of place costs one search, not one per column after it.
  @inlinable
  public func value(_ name: String, from cursor: inout Int) -> Value? {
    if cursor < slots.count && slots[cursor].name == name {
      cursor += 1
      return slots[cursor - 1].value
    }
    guard let index = slot(of: name) else { return nil }
    cursor = index + 1
    return slots[index].value
  }

  /// The value of attribute `name`'s column.
  @inlinable
  public subscript(name: AttributeName) -> Value? {
    get { self[name.rawValue] }
    set { self[name.rawValue] = newValue }
  }

  /// Appends column `name`, which the caller knows is not there yet (a row being read, column
  /// by column of its `SELECT`; an item's columns hashed in its class's order): no look-up.
  @inlinable
  package mutating func appendNew(_ name: String, _ value: Value) {
    slots.append(Slot(name: name, value: value))
  }

  /// The column names, in slot order.
  @inlinable
  public var keys: [String] { slots.map(\.name) }

  /// The values, in slot order.
  @inlinable
  public var values: [Value] { slots.map(\.value) }

  @inlinable
  public var count: Int { slots.count }

  @inlinable
  public var isEmpty: Bool { slots.isEmpty }

  /// The columns for which `isIncluded` holds, as `Dictionary.filter` keeps its type.
  @inlinable
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    var kept = Self()
    for slot in slots where try isIncluded((slot.name, slot.value)) { kept.slots.append(slot) }
    return kept
  }

  /// The columns as a dictionary, for an API that takes one (a search's conditions).
  @inlinable
  public var dictionary: [String: Value] {
    var dictionary = [String: Value](minimumCapacity: slots.count)
    for slot in slots { dictionary[slot.name] = slot.value }
    return dictionary
  }

  /// The columns in slot order, as `(key:, value:)` pairs like a dictionary's.
  public struct Iterator: IteratorProtocol {
    @usableFromInline var base: IndexingIterator<[Slot]>

    @inlinable
    init(_ base: IndexingIterator<[Slot]>) { self.base = base }

    @inlinable
    public mutating func next() -> Element? {
      base.next().map { (key: $0.name, value: $0.value) }
    }
  }

  @inlinable
  public func makeIterator() -> Iterator { Iterator(slots.makeIterator()) }

  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.slots.count == rhs.slots.count else { return false }
    return lhs.slots.allSatisfy { rhs[$0.name] == $0.value }
  }
}

/// The searchable columns of a row (``ItemRow/searchColumns``).
public typealias SearchColumns = ColumnSlots<StoredValue>

/// The sealed columns of a row (``ItemRow/sealedColumns``).
public typealias SealedColumns = ColumnSlots<Data>
