/// A search's equality conditions, column → the value it must hold, kept sorted by column
/// name: the order the `WHERE` of ``ItemDatabase`` compares them in and binds their values.
///
/// Why not a `[String: StoredValue]`: a SecItem call's search has four to six conditions,
/// set once each and then read in name order. A dictionary hashes each name on every insert
/// and look-up, and a search of the last search's shape looked each value up by name again to
/// bind it in the `WHERE`'s order (together about a twentieth of a look-up by primary key,
/// issue 29). Here such a search compares its column list (small strings, two words each)
/// and binds ``values`` as they are.
public struct SearchConditions: Equatable, Sendable {
  /// The compared columns, sorted by name, each once.
  public private(set) var columns: [String]
  /// The value of each column of ``columns``, at the same position.
  public private(set) var values: [StoredValue]

  /// No condition, with room for `count` without growing.
  public init(minimumCapacity count: Int = 0) {
    columns = []
    values = []
    columns.reserveCapacity(count)
    values.reserveCapacity(count)
  }

  /// The conditions of `dictionary`.
  public init(_ dictionary: [String: StoredValue]) {
    self.init(minimumCapacity: dictionary.count)
    for (column, value) in dictionary.sorted(by: { $0.key < $1.key }) {
      columns.append(column)
      values.append(value)
    }
  }

  public var count: Int { columns.count }
  public var isEmpty: Bool { columns.isEmpty }

  /// Where `column` is. Names compare equal by their raw words (small strings); only an
  /// insertion orders them.
  private func index(of column: String) -> Int? {
    var index = 0
    while index < columns.count {
      if columns[index] == column { return index }
      index += 1
    }
    return nil
  }

  /// The value `column` must hold; setting `nil` removes the condition, as in a dictionary.
  public subscript(column: String) -> StoredValue? {
    get { index(of: column).map { values[$0] } }
    set {
      switch (index(of: column), newValue) {
      case (let index?, let value?): values[index] = value
      case (let index?, nil):
        columns.remove(at: index)
        values.remove(at: index)
      case (nil, let value?): insert(column, value)
      case (nil, nil): break
      }
    }
  }

  /// Adds a condition on a column the caller knows is not compared yet (a parsed query's
  /// attributes, each named once): no look-up first, where the subscript's compared every
  /// name so far (issue 29).
  public mutating func insertNew(_ column: String, _ value: StoredValue) {
    assert(index(of: column) == nil, "insertNew of a column already compared: \(column)")
    insert(column, value)
  }

  /// Adds a condition on a column not yet compared: appended, then moved down past the names
  /// that sort after it (a search's few names arrive mostly in order, and appending does not
  /// shift the arrays).
  private mutating func insert(_ column: String, _ value: StoredValue) {
    columns.append(column)
    values.append(value)
    var index = columns.count - 1
    while index > 0 && column < columns[index - 1] {
      columns.swapAt(index, index - 1)
      values.swapAt(index, index - 1)
      index -= 1
    }
  }

  /// The value attribute `name`'s column must hold.
  public subscript(name: AttributeName) -> StoredValue? {
    get { self[name.rawValue] }
    set { self[name.rawValue] = newValue }
  }

  /// The conditions for which `isIncluded` holds, in the same order.
  public func filter(_ isIncluded: (String) -> Bool) -> Self {
    var kept = Self(minimumCapacity: count)
    for (column, value) in zip(columns, values) where isIncluded(column) {
      kept.columns.append(column)
      kept.values.append(value)
    }
    return kept
  }

  /// Whether `row` holds every value (a row read whole: its absent columns hold nothing).
  public func allMatch(_ row: ItemRow) -> Bool {
    zip(columns, values).allSatisfy { row.searchColumns[$0.0] == $0.1 }
  }

  /// The conditions as a dictionary, for an API that takes one.
  public var dictionary: [String: StoredValue] {
    Dictionary(uniqueKeysWithValues: zip(columns, values))
  }
}
