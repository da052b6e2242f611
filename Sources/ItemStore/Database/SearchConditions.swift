/// A search's equality conditions, column → the value it must hold, kept sorted by column
/// name: the order the `WHERE` of ``ItemDatabase`` compares them in and binds their values.
///
/// Why not a `[String: StoredValue]`: a SecItem call's search has four to six conditions,
/// set once each and then read in name order. A dictionary hashes each name on every insert
/// and look-up, and a search of the last search's shape looked each value up by name again to
/// bind it in the `WHERE`'s order (together about a twentieth of a look-up by primary key,
/// issue 29). Here such a search compares its column list (small strings, two words each)
/// and binds ``values`` as they are.
///
/// Each column sits beside its value in one array: two arrays (the columns, the values) cost
/// every search a second allocation, its release and a second teardown (issue 29).
public struct SearchConditions: Equatable, Sendable {
  /// One condition: `column` must hold `value`.
  struct Condition: Equatable, Sendable {
    let column: String
    var value: StoredValue
  }

  /// The conditions, sorted by column name, each column once.
  private var conditions: [Condition]

  /// No condition, with room for `count` without growing.
  public init(minimumCapacity count: Int = 0) {
    conditions = []
    conditions.reserveCapacity(count)
  }

  /// The conditions of `dictionary`.
  public init(_ dictionary: [String: StoredValue]) {
    self.init(minimumCapacity: dictionary.count)
    for (column, value) in dictionary.sorted(by: { $0.key < $1.key }) {
      conditions.append(Condition(column: column, value: value))
    }
  }

  public var count: Int { conditions.count }
  public var isEmpty: Bool { conditions.isEmpty }

  /// The compared columns, sorted by name: a view, no array made.
  var columns: LazyMapCollection<[Condition], String> {
    conditions.lazy.map { $0.column }
  }

  /// The value of each column of ``columns``, in the same order: a view, bound as it is.
  var values: LazyMapCollection<[Condition], StoredValue> {
    conditions.lazy.map { $0.value }
  }

  /// Whether the compared columns are `columns`, in that order (a search of a kept shape).
  func compares(_ columns: [String]) -> Bool {
    guard columns.count == conditions.count else { return false }
    var index = 0
    while index < columns.count {
      if conditions[index].column != columns[index] { return false }
      index += 1
    }
    return true
  }

  /// Where `column` is. Names compare equal by their raw words (small strings); only an
  /// insertion orders them.
  private func index(of column: String) -> Int? {
    var index = 0
    while index < conditions.count {
      if conditions[index].column == column { return index }
      index += 1
    }
    return nil
  }

  /// The value `column` must hold; setting `nil` removes the condition, as in a dictionary.
  public subscript(column: String) -> StoredValue? {
    get { index(of: column).map { conditions[$0].value } }
    set {
      switch (index(of: column), newValue) {
      case (let index?, let value?): conditions[index].value = value
      case (let index?, nil): conditions.remove(at: index)
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
  /// shift the array).
  private mutating func insert(_ column: String, _ value: StoredValue) {
    conditions.append(Condition(column: column, value: value))
    var index = conditions.count - 1
    while index > 0 && column < conditions[index - 1].column {
      conditions.swapAt(index, index - 1)
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
    for condition in conditions where isIncluded(condition.column) {
      kept.conditions.append(condition)
    }
    return kept
  }

  /// Whether `row` holds every value (a row read whole: its absent columns hold nothing).
  public func allMatch(_ row: ItemRow) -> Bool {
    conditions.allSatisfy { row.searchColumns[$0.column] == $0.value }
  }

  /// The conditions as a dictionary, for an API that takes one.
  public var dictionary: [String: StoredValue] {
    Dictionary(uniqueKeysWithValues: conditions.lazy.map { ($0.column, $0.value) })
  }
}

/// A search binds its conditions' values in the `WHERE`'s order, where they sit.
extension SearchConditions: BoundValues {
  var boundCount: Int { conditions.count }
  func boundValue(at position: Int) -> StoredValue { conditions[position].value }
}
