import Synchronization
internal import Keychain

/// The keys of a query, laid out once in a `SecQuery`'s hash table, so that a later query with
/// the same keys is built without hashing them.
///
/// Why: `SecQuery` is a `[String: SecValue]`, and inserting a key hashes it (about 300
/// instructions for each of a copy's four keys, most of what hashing costs the translation).
/// `Dictionary.mapValues` keeps every key in its bucket and hashes nothing, so a query whose
/// keys were seen before is this shape's ``template`` with each value replaced by the client's.
/// The template holds, for each key, its slot: its index in ``names``.
///
/// The keys are matched as a set (a client's dictionary gives them in no fixed order), and a
/// shape is made only of names distinct as Swift strings (insertion merges equal ones, the
/// later value winning, and so does ``query(names:values:empty:)`` without a shape).
final class QueryShape: Sendable {
  /// The key names; a slot is an index into them.
  let names: [String]
  /// A query with exactly these keys, each key's value `.number(slot)`.
  let template: SecQuery
  /// Whether one of the names is `kSecAttrAccessGroup`: the pitfall detector reads a query's
  /// access group only then, and a shape tells it so without a look at each key at every call.
  let namesAccessGroup: Bool

  /// kSecAttrAccessGroup's name.
  private static let accessGroupName = SecQueryKey(.accessGroup).rawValue

  /// The largest query a shape is kept for: the capacity of the translator's empty query, which
  /// nearly every query fits.
  static let largest = 6
  /// How many shapes are kept (the calls of one app use a few).
  static let kept = 8

  /// The shapes seen last: a matched one moves a place forward, a learnt one goes first and
  /// the last is dropped past ``kept``.
  private static let recent = Mutex<[QueryShape]>([])

  /// The shape of `names` laid out in a copy of `empty`, `nil` when two names are equal.
  private init?(_ names: UnsafeMutableBufferPointer<String>, empty: SecQuery) {
    var template = empty
    for (slot, name) in names.enumerated() {
      guard template.updateValue(.number(Int64(slot)), forKey: name) == nil else { return nil }
    }
    self.names = Array(names)
    self.template = template
    self.namesAccessGroup = names.contains(Self.accessGroupName)
  }

  /// The query of `names[i]: values[i]`, the values moved out of `values` (which is left
  /// uninitialised), built from a known shape when there is one, and whether it may name an
  /// access group (false only when its shape tells it names none).
  static func query(
    names: UnsafeMutableBufferPointer<String>, values: UnsafeMutableBufferPointer<SecValue>,
    empty: SecQuery
  ) -> (query: SecQuery, mayNameAccessGroup: Bool) {
    withUnsafeTemporaryAllocation(of: Int.self, capacity: names.count) { entryOfSlot in
      var shape = recent.withLock { shapes -> QueryShape? in
        guard let index = shapes.firstIndex(where: { $0.match(names, entryOfSlot: entryOfSlot) })
        else { return nil }
        if index > 0 { shapes.swapAt(index, index - 1) }
        return shapes[index > 0 ? index - 1 : 0]
      }
      if shape == nil, let learnt = QueryShape(names, empty: empty) {
        for slot in 0..<names.count { entryOfSlot[slot] = slot }
        recent.withLock { shapes in
          if shapes.count == kept { shapes.removeLast() }
          shapes.insert(learnt, at: 0)
        }
        shape = learnt
      }
      guard let shape else {
        // Two names are one Swift string: inserted one by one, the later value wins, as it
        // always has.
        var query = empty
        for entry in 0..<names.count {
          query[names[entry]] = (values.baseAddress! + entry).move()
        }
        return (query, true)
      }
      let query = shape.template.mapValues { slot in
        guard case .number(let slot) = slot else {
          preconditionFailure("a shape's template holds slots only")
        }
        return (values.baseAddress! + entryOfSlot[Int(slot)]).move()
      }
      return (query, shape.namesAccessGroup)
    }
  }

  /// Whether `names` are this shape's names in any order; then `entryOfSlot[slot]` is the index
  /// in `names` of the shape's name at `slot`. Each name is looked for from its own position
  /// on, so names in the shape's own order cost one comparison each.
  private func match(
    _ names: UnsafeMutableBufferPointer<String>, entryOfSlot: UnsafeMutableBufferPointer<Int>
  ) -> Bool {
    let count = self.names.count
    guard names.count == count else { return false }
    return self.names.withUnsafeBufferPointer { slots in
      var taken: UInt64 = 0
      for entry in 0..<count {
        var slot = entry
        var tried = 0
        while taken & (1 &<< slot) != 0
          || !Self.same(slots.baseAddress! + slot, names.baseAddress! + entry)
        {
          tried += 1
          guard tried < count else { return false }
          slot = slot + 1 == count ? 0 : slot + 1
        }
        taken |= 1 &<< slot
        entryOfSlot[slot] = entry
      }
      return true
    }
  }

  /// Whether the two names are one string, compared in place (no copy, so no retain and
  /// release of each). Two strings whose bits are equal are equal; every `kSec*` key is a
  /// small string, whose bits are its text, so a name of the shape is nearly always found
  /// this way. Any other pair (equal strings can differ in their bits) is compared as strings.
  @inline(__always)
  private static func same(_ name: UnsafePointer<String>, _ other: UnsafePointer<String>) -> Bool {
    if MemoryLayout<String>.size == 2 * MemoryLayout<UInt>.size {
      let lhs = UnsafeRawPointer(name)
      let rhs = UnsafeRawPointer(other)
      let word = MemoryLayout<UInt>.size
      if lhs.load(as: UInt.self) == rhs.load(as: UInt.self)
        && lhs.load(fromByteOffset: word, as: UInt.self)
          == rhs.load(fromByteOffset: word, as: UInt.self)
      {
        return true
      }
    }
    return name.pointee == other.pointee
  }
}
