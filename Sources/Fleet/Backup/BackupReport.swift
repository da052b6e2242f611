import DeviceState
import Devices
import KeychainEngine

/// What a backup, a restore or a transfer did: the outcome, and every item's fate (what
/// moved, what stayed behind and why), for the transcript.
public struct BackupReport: Sendable, Hashable {
  public var outcome: DeviceOutcome
  /// Empty when the operation was refused.
  public var items: [BackupItemFate]

  static func refused(_ summary: String, _ refusal: BackupRefusal) -> BackupReport {
    BackupReport(outcome: .refused(summary, .backup(refusal)), items: [])
  }

  static func refused(_ summary: String, _ refusal: DeviceRefusal) -> BackupReport {
    BackupReport(outcome: .refused(summary, refusal), items: [])
  }
}
