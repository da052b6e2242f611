import DeviceState
import ItemStore

/// What removing the passcode destroyed: how many `akpu` items of each class, and when.
///
/// Kept so that a later errSecItemNotFound can say the item may have died with the passcode.
/// Only counts are kept, never an item's attributes: a deleted item leaves no trace of what
/// it was, so the explanation can only say "if the item was one of them".
package struct PasscodeRemoval: Sendable, Hashable, Codable {
  /// When the passcode was removed.
  package var at: SimulatedInstant
  /// Deleted items per class, keyed by the class code (`genp`, `inet`, `cert`, `keys`).
  package var deleted: [String: Int]

  package func count(of itemClass: ItemClass) -> Int { deleted[itemClass.rawValue] ?? 0 }

  /// The most removals a device remembers; older ones are forgotten.
  package static let remembered = 8

  package init(at: SimulatedInstant, deleted: [String: Int]) {
    self.at = at
    self.deleted = deleted
  }
}
