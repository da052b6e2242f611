import Foundation

@testable import ItemStore

/// A generic-password row with readable stand-ins for the engine's hashes (the store keeps
/// whatever it is given) and sealed columns.
func genericPassword(
  account: String = "alice", service: String = "mail", group: String = "team.app",
  sync: Int64 = 0, secret: String = "s3cret", protection: String = "ak"
) -> ItemRow {
  ItemRow(
    itemClass: .genp,
    searchColumns: [
      "acct": .text(account), "svce": .text(service), "agrp": .text(group),
      "sync": .integer(sync), "pdmn": .text(protection),
    ],
    sealedColumns: ["data": Data(secret.utf8), "attrs": Data("attributes-ciphertext".utf8)])
}

/// Runs `body` with a path inside a fresh temporary directory, removed afterwards.
func withTemporaryPath<T>(
  _ name: String = "device.sqlite", _ body: (String) throws -> T
) throws -> T {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("itemstore-tests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  return try body(directory.appendingPathComponent(name).path)
}

/// Thrown by test bodies to force a rollback.
struct AbortTransaction: Error, Equatable {}
