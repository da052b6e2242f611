import Foundation

/// A spool in an anonymous temporary file (`tmpfile(3)`: unlinked at once, so nothing is left
/// behind even if the process dies), read back in 64 KiB pieces: memory stays flat however
/// long the text is.
public final class FileSpool: TextSpool {
  private let file: UnsafeMutablePointer<FILE>
  public private(set) var isEmpty = true

  /// - Throws: ``FileSpoolError`` with the system's reason when no temporary file can be made.
  public init() throws(FileSpoolError) {
    guard let file = tmpfile() else {
      throw FileSpoolError(reason: String(cString: strerror(errno)))
    }
    self.file = file
  }

  deinit { fclose(file) }

  public func append(_ text: String) {
    guard !text.isEmpty else { return }
    var text = text
    text.withUTF8 { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, file) }
    isEmpty = false
  }

  public func drain(into write: (String) -> Void) {
    fflush(file)
    rewind(file)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var carry: [UInt8] = []
    while true {
      let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      if count == 0 { break }
      var bytes = carry + buffer[0..<count]
      // Hand on whole UTF-8 characters only: keep a cut multi-byte sequence for the next piece.
      let cut = Self.incompleteTail(of: bytes)
      carry = Array(bytes[(bytes.count - cut)...])
      bytes.removeLast(cut)
      write(String(decoding: bytes, as: UTF8.self))
    }
    if !carry.isEmpty { write(String(decoding: carry, as: UTF8.self)) }
    rewind(file)
    _ = ftruncate(fileno(file), 0)
    isEmpty = true
  }

  /// How many bytes at the end of `bytes` begin a UTF-8 sequence that is not complete.
  static func incompleteTail(of bytes: [UInt8]) -> Int {
    var index = bytes.count - 1
    var continuation = 0
    while index >= 0, bytes[index] & 0xC0 == 0x80, continuation < 3 {
      continuation += 1
      index -= 1
    }
    guard index >= 0 else { return 0 }
    let lead = bytes[index]
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    return continuation + 1 < length ? continuation + 1 : 0
  }
}

/// Why a temporary file for a report could not be made.
public struct FileSpoolError: Error, CustomStringConvertible {
  public let reason: String
  public var description: String { "no temporary file for the report: \(reason)" }
}
