import DeviceState

/// What happened to one item in a backup, a restore or a transfer: named by its class and
/// primary key, never by its data.
public struct BackupItemFate: Sendable, Hashable, CustomStringConvertible {
  public enum Fate: Sendable, Hashable {
    /// Put in the backup; `sameDeviceOnly` when it can only come back to this device.
    case backedUp(sameDeviceOnly: Bool)
    /// Restored or migrated onto the device; `replaced` when it overwrote an older copy
    /// there. `awaitingGroup` names its access group when no installed app holds it: the
    /// item is there, readable once such an app is installed (docs/evidence.md §11,
    /// fact 32).
    case moved(replaced: Bool, awaitingGroup: String?)
    /// Did not move, and why.
    case stayedBehind(BackupOmission)
  }

  /// "item `alice` (genp, service com.app)".
  public var item: String
  public var protection: ProtectionClass?
  public var fate: Fate
  /// The word for an item that moved: "restored", or "transferred" for Quick Start.
  package var movedWord = "restored"

  public var movedItem: Bool {
    if case .moved = fate { true } else { false }
  }

  public var description: String {
    let protection = protection.map { " [\($0.appleName)]" } ?? ""
    switch fate {
    case .backedUp(let sameDeviceOnly):
      return "backed up: \(item)\(protection)"
        + (sameDeviceOnly ? "; restores only to this device" : "")
    case .moved(let replaced, let group):
      var line = movedWord + (replaced ? " over an older copy: " : ": ") + item + protection
      if let group {
        line += "; readable once an app with access group \(group) is installed"
      }
      return line
    case .stayedBehind(let omission):
      return "stayed behind: \(item)\(protection): \(omission.explanation)"
    }
  }

  package init(item: String, protection: ProtectionClass?, fate: Fate) {
    self.item = item
    self.protection = protection
    self.fate = fate
  }
}
