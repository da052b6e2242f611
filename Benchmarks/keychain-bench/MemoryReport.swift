// keychain-bench --memory SIDE SIZE: one run of one side alone, and what it held (issue 11:
// "peak memory at 1M items ≤ 1.1× what SQLite itself needs for the same rows, report both").
//
// Two measures, both from inside the process:
// - what SQLite itself held: its heap in use (`sqlite3_status64(SQLITE_STATUS_MEMORY_USED)`)
//   right after the adds, when the in-memory database is largest, and its high-water mark
//   over the whole run; its page cache (the database's pages, for an in-memory store) apart;
// - what the process held: its resident set after the adds (/proc/self/statm) and its peak
//   resident set (`getrusage`'s `ru_maxrss`), which counts the binary, the Swift runtime,
//   Foundation and whatever the side keeps besides SQLite.
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

/// The process's resident set now, in bytes (the second field of /proc/self/statm, in pages);
/// `nil` where that file cannot be read.
func residentBytes() -> Int64? {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return nil
  }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int64(fields[1]) else { return nil }
  return pages * Int64(sysconf(Int32(_SC_PAGESIZE)))
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
  let residentBefore: Int64?
  /// After the adds: SQLite's counters and the resident set.
  let afterAdds: SQLiteMemory
  let residentAfterAdds: Int64?
  /// At the end of the run: SQLite's high-water marks and the process's peak.
  let atEnd: SQLiteMemory
  let peakResident: Int64

  func printed() {
    func megabytes(_ bytes: Int64?) -> String {
      guard let bytes else { return "–" }
      return String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
    print("\(side), \(size) items:")
    print("  resident set before the store           \(megabytes(residentBefore))")
    print("  after the adds: SQLite heap in use      \(megabytes(afterAdds.used))")
    print("                  of which the page cache \(megabytes(afterAdds.pageCache))")
    print("                  resident set            \(megabytes(residentAfterAdds))")
    print("  whole run: SQLite heap high-water       \(megabytes(atEnd.highWater))")
    print("             page cache high-water        \(megabytes(atEnd.pageCacheHighWater))")
    print("             peak resident set            \(megabytes(peakResident))")
    if atEnd.highWater > 0 {
      let ratio = Double(peakResident) / Double(atEnd.highWater)
      print("  peak resident set ÷ SQLite high-water   " + String(format: "%.2f", ratio))
    }
    if let before = residentBefore, atEnd.highWater > 0 {
      let ratio = Double(peakResident - before) / Double(atEnd.highWater)
      print("  (peak − resident before) ÷ high-water   " + String(format: "%.2f", ratio))
    }
  }
}

/// One run of `side` ("simulator", "minimal" or "own") at `size` items, with its memory.
func memoryRun(side: String, size: Int, failures: inout Int) throws -> MemoryReport {
  let before = residentBytes()
  SQLiteMemory.resetHighWater()
  var afterAdds = SQLiteMemory.now()
  var residentAfterAdds: Int64?
  let measure = {
    afterAdds = SQLiteMemory.now()
    residentAfterAdds = residentBytes()
  }
  switch side {
  case "simulator": _ = try secItemRun(size: size, failures: &failures, afterAdds: measure)
  case "minimal": _ = try rawRun(.minimal, size: size, failures: &failures, afterAdds: measure)
  default: _ = try rawRun(.own, size: size, failures: &failures, afterAdds: measure)
  }
  return MemoryReport(
    side: side, size: size, residentBefore: before, afterAdds: afterAdds,
    residentAfterAdds: residentAfterAdds, atEnd: SQLiteMemory.now(),
    peakResident: peakResidentBytes())
}
