import Foundation
import Testing

@testable import Devices
@testable import ItemStore
@testable import Keychain
@testable import KeychainEngine

/// The rows a copy, an update or a delete visits come from the store one at a time
/// (issue 11): the order, the match limit and the rows dropped as lost are what they were when
/// every candidate was read first.
@Suite struct StreamedCandidateTests {
  private func temporaryPath() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("keychain-sim-\(UUID().uuidString).device").path
  }

  /// A device file with `count` items of one service (accounts in an order unrelated to their
  /// insertion), the items at `damaged` (insertion indexes) tampered with so they can never
  /// be opened; reopened.
  private func device(
    _ path: String, count: Int, damaged: Set<Int>
  ) throws -> SimulatedDevice {
    do {
      let device = try SimulatedDevice(options: .init(kdfProfile: .fast, path: path))
      for index in 0..<count {
        mustAdd(
          device,
          genp("account-\((index * 7) % count)", service: "shared")
            .adding(["v_Data": secret("secret-\(index)")]))
      }
    }
    let database = try ItemDatabase(path: path)
    let rows = try database.rows(in: .genp)
    for index in damaged {
      var row = rows[index]
      var sealed = try #require(row.sealedColumns["data"])
      sealed[sealed.count - 1] ^= 0x01
      row.sealedColumns["data"] = sealed
      try database.replace(rowID: try #require(row.rowID), with: row)
    }
    return try SimulatedDevice.open(path: path, options: .init(kdfProfile: .fast))
  }

  private let byService: SecQuery = [
    "class": .string("genp"), "svce": .string("shared"), "r_Data": .bool(true),
  ]

  @Test func aCopyByServiceReturnsTheOldestAndStopsAtItsLimit() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let device = try device(path, count: 12, damaged: [2, 9])
    // The default limit: the oldest item, nothing dropped (the damaged rows come later).
    let first = device.secItemCopyMatching(byService)
    #expect(first.status == .errSecSuccess)
    #expect(first.result == secret("secret-0"))
    #expect(first.warning == nil)
    // Three: the oldest three that open, in insertion order; the damaged row among them is
    // dropped, the one after the limit is not reached.
    let three = device.secItemCopyMatching(byService.adding(["m_Limit": .number(3)]))
    #expect(three.result == .array([secret("secret-0"), secret("secret-1"), secret("secret-3")]))
    #expect(three.warning == .undecryptableRowsDropped(count: 1))
    #expect(try device.listItems().count == 11)
    // All: the rest in order, the second damaged row dropped now.
    let all = device.secItemCopyMatching(byService.adding(["m_Limit": .string("m_LimitAll")]))
    let expected = (0..<12).filter { ![2, 9].contains($0) }.map { secret("secret-\($0)") }
    #expect(all.result == .array(expected))
    #expect(all.warning == .undecryptableRowsDropped(count: 1))
    #expect(try device.listItems().count == 10)
  }

  @Test func anUpdateAndADeleteReachEveryMatch() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let device = try device(path, count: 8, damaged: [5])
    let service: SecQuery = ["class": .string("genp"), "svce": .string("shared")]
    let update = device.secItemUpdate(service, ["v_Data": secret("new")])
    #expect(update.status == .errSecSuccess)
    #expect(update.warning == .undecryptableRowsDropped(count: 1))
    let all = device.secItemCopyMatching(byService.adding(["m_Limit": .string("m_LimitAll")]))
    #expect(all.result == .array(Array(repeating: secret("new"), count: 7)))
    #expect(device.secItemDelete(service).status == .errSecSuccess)
    #expect(try device.listItems().isEmpty)
    #expect(device.secItemDelete(service).status == .errSecItemNotFound)
  }
}
