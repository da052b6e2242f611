import Foundation
import Testing

@testable import ItemStore

/// The kept empties handed out by ``PresizedColumns`` are empty, have the room asked for, and
/// are never changed by what a caller inserts into its copy.
@Suite struct PresizedColumnsTests {
  @Test(arguments: [0, 1, 6, 7, 12, 13, 24, 25, 48, 49, 200])
  func anEmptyHasTheRoomAskedFor(count: Int) {
    let values = PresizedColumns.empty(capacity: count)
    let sealed = PresizedColumns.emptySealed(capacity: count)
    #expect(values.isEmpty && sealed.isEmpty)
    #expect(values.capacity >= count && sealed.capacity >= count)
  }

  @Test func fillingACopyLeavesTheKeptEmptyEmpty() {
    var first = PresizedColumns.empty(capacity: 10)
    var firstSealed = PresizedColumns.emptySealed(capacity: 10)
    for index in 0..<10 {
      first["name\(index)"] = .integer(Int64(index))
      firstSealed["name\(index)"] = Data([UInt8(index)])
    }
    #expect(first.count == 10 && firstSealed.count == 10)
    #expect(first["name7"] == .integer(7) && firstSealed["name7"] == Data([7]))
    #expect(PresizedColumns.empty(capacity: 10).isEmpty)
    #expect(PresizedColumns.emptySealed(capacity: 10).isEmpty)
  }
}
