import Foundation

/// Turns a row of an older schema into a row of the current one, for a migration step that
/// needs values only the engine can compute (keyed hashes, new associated data) — the store
/// knows nothing of crypto.
///
/// ``ItemDatabase/init(path:upgrader:)`` hands it to such a step; without one that step
/// fails, naming the file and the step, and the file is left as it was.
public protocol ItemRowUpgrader: AnyObject {
  /// Called once, before the first row, with the file's device blobs by key (the `device`
  /// table has the same layout in every version): what the engine needs to open the rows.
  func begin(deviceBlobs: [String: Data]) throws(ItemRowUpgradeError)

  /// The current-schema row for `row`; its `rowID` is kept whatever the result says.
  func upgrade(_ row: LegacyItemRow) throws(ItemRowUpgradeError) -> ItemRow
}

/// Why an ``ItemRowUpgrader`` could not upgrade a file. The reason must name no stored
/// value: it ends up in the error the file's owner sees.
public struct ItemRowUpgradeError: Error, Equatable, Sendable {
  public let reason: String

  public init(_ reason: String) { self.reason = reason }
}
