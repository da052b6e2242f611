/// A search's equality conditions, column → the value it must hold, kept sorted by column
/// name: the order the `WHERE` of ``ItemDatabase`` compares them in and binds their values.
///
/// Why not a `[String: StoredValue]`: a SecItem call's search has four to six conditions,
/// set once each and then read in name order. A dictionary hashes each name on every insert
/// and look-up, and its `WHERE` had to sort the names again per call, then look each value up
/// by name to bind it (about a twentieth of a look-up by primary key, issue 29). Here a
/// search of the last search's shape compares its column list (small strings, two words
/// each) and binds ``values`` as they are.
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

  /// Where `column` is, or where it would go to keep the names sorted.
  private func position(of column: String) -> (index: Int, found: Bool) {
    var index = 0
    while index < columns.count {
      let name = columns[index]
      if name == column { return (index, true) }
      if column < name { break }
      index += 1
    }
    return (index, false)
  }

  /// The value `column` must hold; setting `nil` removes the condition, as in a dictionary.
  public subscript(column: String) -> StoredValue? {
    get {
      let (index, found) = position(of: column)
      return found ? values[index] : nil
    }
    set {
      let (index, found) = position(of: column)
      switch (found, newValue) {
      case (true, let value?): values[index] = value
      case (true, nil):
        columns.remove(at: index)
        values.remove(at: index)
      case (false, let value?):
        columns.insert(column, at: index)
        values.insert(value, at: index)
      case (false, nil): break
      }
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
