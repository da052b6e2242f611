import KeyEngine

/// A key bound by `let`: a `SecKeyRef`, the same key wherever the name is used.
struct BoundKey: Hashable, Sendable {
  let key: SimulatedKey

  static func == (lhs: BoundKey, rhs: BoundKey) -> Bool { lhs.key === rhs.key }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(key)) }
}
