import DeviceState
import ItemStore

/// What removing the passcode destroyed: how many `akpu` items of each class, and when.
///
/// Kept so that a later errSecItemNotFound can say the item may have died with the passcode.
/// Only counts are kept, never an item's attributes: a deleted item leaves no trace of what
/// it was, so the explanation can only say "if the item was one of them".
struct PasscodeRemoval: Sendable, Hashable, Codable {
  /// When the passcode was removed.
  var at: SimulatedInstant
  /// Deleted items per class, keyed by the class code (`genp`, `inet`, `cert`, `keys`).
  var deleted: [String: Int]

  func count(of itemClass: ItemClass) -> Int { deleted[itemClass.rawValue] ?? 0 }

  /// The most removals a device remembers; older ones are forgotten.
  static let remembered = 8
}
