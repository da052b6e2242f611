// keychain-bench --memory SIDE SIZE: one run of one side alone, and what it held (issue 11:
// "peak memory at 1M items ≤ 1.1× what SQLite itself needs for the same rows, report both").
//
// Two measures, both from inside the process:
// - what SQLite itself held: its heap in use (`sqlite3_status64(SQLITE_STATUS_MEMORY_USED)`)
//   right after the adds, when the in-memory database is largest, and its high-water mark
//   over the whole run; its page cache (the database's pages, for an in-memory store) apart;
// - what the process held: its resident set after the adds (/proc/self/status: anonymous
//   pages apart from the binary's and libraries' file pages), glibc malloc's account then
//   (what it took from the system, how much of it is free chunks), and its peak resident set
//   (`getrusage`'s `ru_maxrss`), which counts the binary, the Swift runtime, Foundation and
//   whatever the side keeps besides SQLite.
// The SQLite counters are process-wide, so the side runs alone in its process.

import CSQLite
import Foundation

/// SQLite's process-wide heap counters, in bytes.
struct SQLiteMemory {
  /// Bytes of SQLite's heap in use now.
  let used: Int64
  /// The most SQLite's heap has held since the last ``resetHighWater()``.
  let highWater: Int64
  /// Bytes of the page cache (the database's pages and their headers), now and at most.
  let pageCache: Int64
  let pageCacheHighWater: Int64

  /// Reads the counters; SQLite's default build keeps them (`SQLITE_DEFAULT_MEMSTATUS`).
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/c_status_malloc_count.html>
  static func now() -> SQLiteMemory {
    let memory = status(SQLITE_STATUS_MEMORY_USED)
    let pages = status(SQLITE_STATUS_PAGECACHE_OVERFLOW)
    return SQLiteMemory(
      used: memory.current, highWater: memory.highWater, pageCache: pages.current,
      pageCacheHighWater: pages.highWater)
  }

  /// Starts the high-water marks again from what is in use now.
  static func resetHighWater() {
    _ = status(SQLITE_STATUS_MEMORY_USED, reset: true)
    _ = status(SQLITE_STATUS_PAGECACHE_OVERFLOW, reset: true)
  }

  private static func status(_ operation: Int32, reset: Bool = false) -> (
    current: Int64, highWater: Int64
  ) {
    var current: Int64 = 0
    var highWater: Int64 = 0
    _ = sqlite3_status64(operation, &current, &highWater, reset ? 1 : 0)
    return (current, highWater)
  }
}

/// The process's resident set now, in bytes: all of it, and its anonymous part (the heap,
/// stacks) apart from the file-backed one (the binary and the shared libraries' pages), from
/// /proc/self/status; `nil` where that file cannot be read.
struct ResidentSet {
  let total: Int64
  let anonymous: Int64
  let fileBacked: Int64

  static func now() -> ResidentSet? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return nil
    }
    var fields: [String: Int64] = [:]
    for line in text.split(separator: "\n") where line.hasPrefix("Rss") {
      let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard parts.count >= 2, let kilobytes = Int64(parts[1]) else { continue }
      fields[String(parts[0].dropLast())] = kilobytes * 1_024
    }
    guard let anonymous = fields["RssAnon"], let file = fields["RssFile"] else { return nil }
    return ResidentSet(
      total: anonymous + file + (fields["RssShmem"] ?? 0), anonymous: anonymous,
      fileBacked: file)
  }
}

/// glibc malloc's own account (`malloc_info`): what its heaps took from the system and how
/// much of that is free chunks it keeps (fragmentation, or room for the next allocations).
/// `malloc_info` is looked up at run time: Swift's Glibc module does not carry malloc.h.
struct MallocState {
  /// Bytes malloc's arenas hold from the system, mmapped blocks included.
  let fromSystem: Int64
  /// Bytes of free chunks inside them (the per-thread caches count as in use).
  let freeInside: Int64

  static func now() -> MallocState? {
    typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_info") else {
      return nil
    }
    let mallocInfo = unsafeBitCast(symbol, to: MallocInfo.self)
    var buffer: UnsafeMutablePointer<CChar>?
    var length = 0
    guard let stream = open_memstream(&buffer, &length) else { return nil }
    let status = mallocInfo(0, stream)
    fclose(stream)
    defer { free(buffer) }
    guard status == 0, let buffer else { return nil }
    // The totals follow the last </heap>: <total type="fast|rest|mmap" … size="N"/>,
    // <system type="current" size="N"/>.
    let xml = String(cString: buffer)
    guard let totals = xml.range(of: "</heap>", options: .backwards) else { return nil }
    var sizes: [String: Int64] = [:]
    for line in xml[totals.upperBound...].split(separator: "\n") {
      guard let type = value(of: "type", in: line), let size = value(of: "size", in: line),
        let bytes = Int64(size)
      else { continue }
      sizes[(line.contains("<system") ? "system-" : "") + type] = bytes
    }
    guard let current = sizes["system-current"] else { return nil }
    return MallocState(
      fromSystem: current + (sizes["mmap"] ?? 0),
      freeInside: (sizes["fast"] ?? 0) + (sizes["rest"] ?? 0))
  }

  /// The value of XML attribute `name` in `line`.
  private static func value(of name: String, in line: Substring) -> Substring? {
    guard let start = line.range(of: name + "=\"") else { return nil }
    let rest = line[start.upperBound...]
    return rest.firstIndex(of: "\"").map { rest[..<$0] }
  }
}

/// The process's peak resident set so far, in bytes (`ru_maxrss` is in kilobytes on Linux).
func peakResidentBytes() -> Int64 {
  var usage = rusage()
  guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return -1 }
  return Int64(usage.ru_maxrss) * 1_024
}

/// What one side held at its largest, measured by ``memoryRun(side:size:failures:)``.
struct MemoryReport {
  let side: String
  let size: Int
  /// The resident set before the side's store was made (runtime, libraries).
  let residentBefore: ResidentSet?
  /// After the adds: SQLite's counters and the resident set.
  let afterAdds: SQLiteMemory
  let residentAfterAdds: ResidentSet?
  let mallocAfterAdds: MallocState?
  /// At the end of the run: SQLite's high-water marks and the process's peak.
  let atEnd: SQLiteMemory
  let peakResident: Int64

  func printed() {
    func megabytes(_ bytes: Int64?) -> String {
      guard let bytes else { return "–" }
      return String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
    print("\(side), \(size) items:")
    func resident(_ set: ResidentSet?) -> String {
      guard let set else { return "–" }
      return "\(megabytes(set.total)) (anonymous \(megabytes(set.anonymous)), files "
        + "\(megabytes(set.fileBacked)))"
    }
    print("  resident set before the store           \(resident(residentBefore))")
    print("  after the adds: SQLite heap in use      \(megabytes(afterAdds.used))")
    print("                  of which the page cache \(megabytes(afterAdds.pageCache))")
    print("                  resident set            \(resident(residentAfterAdds))")
    if let heap = mallocAfterAdds {
      print(
        "                  malloc from the system  \(megabytes(heap.fromSystem)), of which free "
          + "\(megabytes(heap.freeInside))")
    }
    print("  whole run: SQLite heap high-water       \(megabytes(atEnd.highWater))")
    print("             page cache high-water        \(megabytes(atEnd.pageCacheHighWater))")
    print("             peak resident set            \(megabytes(peakResident))")
    if atEnd.highWater > 0 {
      let ratio = Double(peakResident) / Double(atEnd.highWater)
      print("  peak resident set ÷ SQLite high-water   " + String(format: "%.2f", ratio))
    }
    if let before = residentBefore, atEnd.highWater > 0 {
      let ratio = Double(peakResident - before.total) / Double(atEnd.highWater)
      print("  (peak − resident before) ÷ high-water   " + String(format: "%.2f", ratio))
    }
  }
}

/// One run of `side` ("simulator", "minimal" or "own") at `size` items, with its memory.
func memoryRun(side: String, size: Int, failures: inout Int) throws -> MemoryReport {
  let before = ResidentSet.now()
  SQLiteMemory.resetHighWater()
  var afterAdds = SQLiteMemory.now()
  var residentAfterAdds: ResidentSet?
  var mallocAfterAdds: MallocState?
  let measure = {
    afterAdds = SQLiteMemory.now()
    residentAfterAdds = ResidentSet.now()
    mallocAfterAdds = MallocState.now()
  }
  switch side {
  case "simulator": _ = try secItemRun(size: size, failures: &failures, afterAdds: measure)
  case "minimal": _ = try rawRun(.minimal, size: size, failures: &failures, afterAdds: measure)
  default: _ = try rawRun(.own, size: size, failures: &failures, afterAdds: measure)
  }
  return MemoryReport(
    side: side, size: size, residentBefore: before, afterAdds: afterAdds,
    residentAfterAdds: residentAfterAdds, mallocAfterAdds: mallocAfterAdds,
    atEnd: SQLiteMemory.now(), peakResident: peakResidentBytes())
}
