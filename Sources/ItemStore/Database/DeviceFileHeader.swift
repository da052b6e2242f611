import Foundation

/// The first 100 bytes of an SQLite file, read before SQLite itself touches the file.
///
/// SQLite quietly treats some damaged files as empty databases (a file cut inside its
/// header reads as a fresh, empty one), which would turn "your device file is truncated"
/// into "this is someone else's database". Reading the header ourselves keeps the message
/// true, and it only ever reads.
/// Related SQLite documentation: <https://www.sqlite.org/fileformat2.html#the_database_header>
struct DeviceFileHeader {
  static let length = 100
  static let magic = Data("SQLite format 3\u{0}".utf8)

  let pageSize: Int
  /// The page count the header claims, when SQLite's rules say the field is trustworthy.
  let claimedPageCount: Int?

  /// Checks the file at `path` (of `fileSize` bytes, more than zero) looks like an intact
  /// SQLite file.
  static func check(path: String, fileSize: Int) throws(ItemStoreError) {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw .cannotOpen(path: path, reason: "the file cannot be read")
    }
    // Closing a handle only read from cannot lose anything; a failure there changes nothing.
    defer { try? handle.close() }
    let bytes: Data
    do {
      bytes = try handle.read(upToCount: length) ?? Data()
    } catch {
      throw .cannotOpen(path: path, reason: "the file cannot be read")
    }
    guard bytes.starts(with: magic.prefix(min(bytes.count, magic.count))) else {
      throw .notADatabase(path: path)
    }
    guard bytes.count == length else {
      throw .corruptDatabase(
        path: path, detail: "only \(bytes.count) bytes, shorter than the 100-byte SQLite header")
    }
    let header = DeviceFileHeader(bytes)
    guard let header else {
      throw .corruptDatabase(path: path, detail: "the header's page size is invalid")
    }
    guard fileSize % header.pageSize == 0 else {
      throw .corruptDatabase(
        path: path,
        detail: "\(fileSize) bytes is not a whole number of \(header.pageSize)-byte pages")
    }
    let pages = fileSize / header.pageSize
    if let claimed = header.claimedPageCount, claimed > pages, !hasJournal(path) {
      throw .corruptDatabase(
        path: path, detail: "the header promises \(claimed) pages but the file has \(pages)")
    }
  }

  /// Parses a full 100-byte header; `nil` if the page size is not a power of two in
  /// 512...65536.
  init?(_ bytes: Data) {
    let bytes = [UInt8](bytes)
    func uint32(at offset: Int) -> Int {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    let raw = Int(bytes[16]) << 8 | Int(bytes[17])
    let pageSize = raw == 1 ? 65_536 : raw
    guard (512...65_536).contains(pageSize), pageSize & (pageSize - 1) == 0 else { return nil }
    self.pageSize = pageSize
    // The in-header size is valid only if "version-valid-for" equals the change counter.
    let count = uint32(at: 28)
    self.claimedPageCount = count > 0 && uint32(at: 92) == uint32(at: 24) ? count : nil
  }

  /// A rollback journal or WAL next to the file means SQLite may legitimately have to
  /// replay it; leave size judgements to SQLite then.
  private static func hasJournal(_ path: String) -> Bool {
    ["-journal", "-wal"].contains { FileManager.default.fileExists(atPath: path + $0) }
  }
}
