import Foundation
import Testing

@testable import ItemStore

/// A search hash held inline (`.hash`) is the BLOB of its 16 bytes: stored, bound, compared
/// and hashed as a `.blob` of them, and read back inline from a hashed column.
@Suite struct SearchHashTests {
  static let bytes: [UInt8] = Array(0..<16)
  static let hash = SearchHash { $0.copyBytes(from: bytes) }

  @Test func equalsAndHashesAsTheBlobOfItsBytes() {
    let inline = StoredValue.hash(Self.hash)
    let blob = StoredValue.blob(Data(Self.bytes))
    #expect(inline == blob)
    #expect(blob == inline)
    #expect(inline.hashValue == blob.hashValue)
    #expect(Set([inline, blob]).count == 1)
    #expect(inline.description == blob.description)
    #expect(inline != .blob(Data(Self.bytes.dropLast())))
    #expect(inline != .blob(Data(Self.bytes.reversed())))
    #expect(inline != .text(String(decoding: Self.bytes, as: UTF8.self)))
    #expect(inline != .null)
    let other = SearchHash { $0.copyBytes(from: Self.bytes.reversed()) }
    #expect(inline != .hash(other))
    // `==` takes a `.hash` for the `.blob` of its bytes, so only the case shows `asBlob` converted.
    guard case .blob(let data) = inline.asBlob else {
      Issue.record("asBlob kept the inline form: \(inline.asBlob)")
      return
    }
    #expect(data == Data(Self.bytes))
  }

  @Test func bytesOfAnyOtherCountAreNoHash() {
    let fifteen = Array(Self.bytes.dropLast())
    #expect(fifteen.withUnsafeBytes { SearchHash($0) } == nil)
    #expect(Self.bytes.withUnsafeBytes { SearchHash($0) } == Self.hash)
  }

  /// Stored from a `.hash`, the column holds the same BLOB a `.blob` of its bytes stores: a
  /// search by either finds the row, and the row reads the hashed column back inline.
  @Test func storesTheSameBlobAndReadsItBackInline() throws {
    let database = try ItemDatabase(path: nil)
    let id = try database.insert(
      ItemRow(
        itemClass: .genp,
        searchColumns: ["acct": .hash(Self.hash), "svce": .blob(Data(Self.bytes))]))
    for value in [StoredValue.hash(Self.hash), .blob(Data(Self.bytes))] {
      let found = try database.rows(in: .genp, matching: ["acct": value, "svce": value])
      #expect(found.map(\.rowID) == [id])
    }
    let row = try #require(try database.row(id: id, in: .genp))
    for name in ["acct", "svce"] {
      guard case .hash(let read)? = row.searchColumns[name] else {
        Issue.record("\(name) was not read inline: \(String(describing: row.searchColumns[name]))")
        continue
      }
      #expect(read == Self.hash)
    }
    let selected = try database.rows(in: .genp, searchColumns: ["svce"], sealedColumns: [])
    guard case .hash? = selected.first?.searchColumns["svce"] else {
      Issue.record("a chosen hashed column was not read inline")
      return
    }
  }
}
