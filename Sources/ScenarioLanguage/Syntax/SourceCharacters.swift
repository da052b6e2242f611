/// A source's characters over its UTF-8: the lexer, the splitter and the diagnostics index
/// characters (columns count them), and any run of them becomes a `String` by copying its bytes.
///
/// Why two forms: nearly every line of a scenario is ASCII, where each character is one byte,
/// so such a source keeps its bytes alone and a character offset is a byte offset. Splitting
/// text into `Character`s (grapheme breaking) and building strings from them was most of the
/// parser's time (issues 11 and 29); a source with any other character (`é`, an emoji, a
/// combining mark, `\r\n`) still keeps its `Character`s, so columns and texts come out as a
/// `Character` count says.
package struct SourceCharacters: Sendable {
  /// The source's UTF-8: bytes `start..<start + utf8Count` of `utf8`, which the lines and
  /// statements cut from one file share (``init(sharing:range:isByteWise:)``): a line is lexed
  /// and a statement joined without copying their bytes (issue 29).
  private let utf8: [UInt8]
  private let start: Int
  /// How many bytes of UTF-8 the source holds.
  let utf8Count: Int
  /// Whether every character is one byte (ASCII, no `\r\n`): then `utf8Offsets` is empty and
  /// offsets are byte offsets.
  let isByteWise: Bool
  /// Where the characters of a source that is not byte-wise start; nil for a byte-wise one.
  /// A reference rather than an array: a source is copied with every statement handed on, and
  /// each copy retained and released the arrays, empty as they nearly always are (issue 29).
  private let wide: Wide?

  /// Where a source's characters start in its UTF-8. Its `Character`s are made from their
  /// bytes only when asked (``subscript(_:)``): keeping them made every line past ASCII cost
  /// some 13,000 instructions (issue 29).
  private final class Wide: Sendable {
    /// Where character `i` starts in the source's UTF-8 (from its first byte), and the
    /// UTF-8's count last.
    let offsets: [Int]
    /// Whether every ASCII byte is a character of its own (no `\r\n`, no combining mark on an
    /// ASCII character) and no character past ASCII is a line break: then the lexer reads
    /// the source's bytes, as it reads a byte-wise one (``Lexer``).
    let asciiStandsAlone: Bool

    init(offsets: [Int], asciiStandsAlone: Bool) {
      self.offsets = offsets
      self.asciiStandsAlone = asciiStandsAlone
    }
  }

  /// Where character `i` starts in `utf8`, and `utf8.count` last, when it is not byte-wise.
  private var utf8Offsets: [Int] { wide?.offsets ?? [] }

  /// Whether the source is not byte-wise but its ASCII bytes are characters of their own and
  /// none of its other characters is a line break (``Wide/asciiStandsAlone``).
  var isASCIIStandingAlone: Bool { wide?.asciiStandsAlone ?? false }

  /// How many characters the source holds.
  var count: Int { isByteWise ? utf8Count : utf8Offsets.count - 1 }

  init(_ text: String) {
    var contiguous = text
    self = contiguous.withUTF8 { Self(bytes: $0) }
  }

  /// The source whose UTF-8 is `bytes`; `isByteWise` whether its characters are one byte each
  /// when the caller knows.
  init(bytes: UnsafeBufferPointer<UInt8>, isByteWise: Bool? = nil) {
    self.init(sharing: Array(bytes), range: 0..<bytes.count, isByteWise: isByteWise)
  }

  /// The source whose UTF-8 is bytes `range` of `storage`, which it shares (no copy);
  /// `isByteWise` as for ``init(bytes:isByteWise:)``. A source known to be byte-wise
  /// is made in line, without a call (the cutter makes one for nearly every statement; issue 29).
  @inline(__always)
  init(sharing storage: [UInt8], range: Range<Int>, isByteWise: Bool? = nil) {
    if isByteWise == true {
      self.init(byteWise: storage, range: range)
    } else {
      self.init(measuring: storage, range: range, isByteWise: isByteWise)
    }
  }

  /// The byte-wise source whose UTF-8 is bytes `range` of `storage`.
  @inline(__always)
  private init(byteWise storage: [UInt8], range: Range<Int>) {
    utf8 = storage
    start = range.lowerBound
    utf8Count = range.count
    isByteWise = true
    wide = nil
  }

  /// The source whose UTF-8 is bytes `range` of `storage`, where its characters start found
  /// unless `isByteWise` or the bytes say it is byte-wise.
  @inline(never)
  private init(measuring storage: [UInt8], range: Range<Int>, isByteWise: Bool?) {
    utf8 = storage
    start = range.lowerBound
    utf8Count = range.count
    self.isByteWise =
      isByteWise ?? storage.withUnsafeBufferPointer {
        Self.isByteWise(UnsafeBufferPointer(rebasing: $0[range]))
      }
    guard !self.isByteWise else {
      wide = nil
      return
    }
    wide = storage.withUnsafeBufferPointer {
      Self.wide(UnsafeBufferPointer(rebasing: $0[range]))
    }
  }

  /// Where the characters of `bytes`, UTF-8, start, and whether its ASCII bytes stand alone
  /// (``Wide/asciiStandsAlone``). Two ASCII bytes side by side (but `\r\n`) are two
  /// characters whatever comes around them (no grapheme rule joins them): only the runs around
  /// other bytes are made a `String` and split into `Character`s, each from a place where a
  /// character starts to one where one starts (splitting the whole text into characters cost
  /// some 13,000 instructions a line of the benchmark's; issue 29).
  private static func wide(_ bytes: UnsafeBufferPointer<UInt8>) -> Wide {
    var offsets: [Int] = []
    offsets.reserveCapacity(bytes.count + 1)
    var standsAlone = true
    var index = 0
    let count = bytes.count
    /// Whether the bytes at `index` and after it are two characters: both ASCII, not `\r\n`.
    func isASCIIPair(at index: Int) -> Bool {
      bytes[index] < 0x80 && bytes[index + 1] < 0x80
        && !(bytes[index] == 0x0D && bytes[index + 1] == 0x0A)
    }
    while index < count {
      if bytes[index] < 0x80, index + 1 == count || isASCIIPair(at: index) {
        offsets.append(index)
        index += 1
        continue
      }
      // A run to where two ASCII bytes meet (a character starts at the second) or the end,
      // split as a string.
      var end = index + 1
      while end < count, !isASCIIPair(at: end - 1) { end += 1 }
      let run = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
      for character in run {
        let size = character.utf8.count
        // An ASCII byte in a character of several (`e` and a mark, or a prepended mark and a
        // quote) is no character of its own.
        if size > 1,
          character.isNewline || bytes[index..<index + size].contains(where: { $0 < 0x80 })
        {
          standsAlone = false
        }
        offsets.append(index)
        index += size
      }
    }
    offsets.append(count)
    return Wide(offsets: offsets, asciiStandsAlone: standsAlone)
  }

  /// The source whose UTF-8 is `utf8`, its characters starting at `offsets` (nil: byte-wise).
  private init(utf8: [UInt8], offsets: [Int]?, asciiStandsAlone: Bool) {
    self.utf8 = utf8
    start = 0
    utf8Count = utf8.count
    isByteWise = offsets == nil
    wide = offsets.map { Wide(offsets: $0, asciiStandsAlone: asciiStandsAlone) }
  }

  /// Whether each byte is a character of its own: ASCII, and no `\r\n` (one character of two
  /// bytes).
  private static func isByteWise(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // One pass without branches first (nearly every line is ASCII without `\r`).
    var union: UInt8 = 0
    var carriageReturns = false
    for byte in bytes {
      union |= byte
      carriageReturns = carriageReturns || byte == 0x0D
    }
    guard union < 0x80 else { return false }
    guard carriageReturns else { return true }
    var previous: UInt8 = 0
    for byte in bytes {
      if byte >= 0x80 || (byte == 0x0A && previous == 0x0D) { return false }
      previous = byte
    }
    return true
  }

  /// The characters `range` of `source`, as a source of their own (offsets from their start).
  init(_ range: Range<Int>, of source: SourceCharacters) {
    guard !source.isByteWise else {
      self.init(
        sharing: source.utf8,
        range: source.start + range.lowerBound..<source.start + range.upperBound,
        isByteWise: true)
      return
    }
    let start = source.utf8Offsets[range.lowerBound]
    self.init(
      utf8: Array(source.utf8[source.byteRange(start..<source.utf8Offsets[range.upperBound])]),
      offsets: source.utf8Offsets[range.lowerBound...range.upperBound].map { $0 - start },
      asciiStandsAlone: source.isASCIIStandingAlone)
  }

  /// `parts` one after the other, `separators[i]` between part `i` and part `i + 1`: lines
  /// lexed one by one, joined into their statement's source without lexing them again. Each
  /// separator is a line break, before and after which a character always ends (Unicode's
  /// grapheme rules GB3–GB5): so each part keeps its characters, each separator is one, and a
  /// part whose ASCII stands alone still does once joined, which the offsets and
  /// ``isASCIIStandingAlone`` below rely on.
  init(joining parts: [SourceCharacters], separators: [Character]) {
    assert(separators.allSatisfy(\.isNewline), "parts are joined at line breaks only")
    var utf8: [UInt8] = []
    utf8.reserveCapacity(parts.reduce(separators.count * 2) { $0 + $1.utf8Count })
    let byteWise =
      parts.allSatisfy(\.isByteWise) && separators.allSatisfy { $0.utf8.count == 1 }
    guard !byteWise else {
      for (index, part) in parts.enumerated() {
        utf8 += part.utf8[part.byteRange(0..<part.utf8Count)]
        if index < separators.count { utf8 += separators[index].utf8 }
      }
      self.init(utf8: utf8, offsets: nil, asciiStandsAlone: true)
      return
    }
    var offsets: [Int] = []
    offsets.reserveCapacity(parts.reduce(separators.count) { $0 + $1.count } + 1)
    for (index, part) in parts.enumerated() {
      let base = utf8.count
      if part.isByteWise {
        offsets += (0..<part.utf8Count).lazy.map { $0 + base }
      } else {
        offsets += part.utf8Offsets.dropLast().lazy.map { $0 + base }
      }
      utf8 += part.utf8[part.byteRange(0..<part.utf8Count)]
      guard index < separators.count else { continue }
      offsets.append(utf8.count)
      utf8 += separators[index].utf8
    }
    offsets.append(utf8.count)
    self.init(
      utf8: utf8, offsets: offsets,
      asciiStandsAlone: parts.allSatisfy { $0.isByteWise || $0.isASCIIStandingAlone }
        && separators.allSatisfy { $0.utf8.count == 1 })
  }

  /// The source as characters (a copy for a byte-wise source): for diagnostics, which are
  /// made rarely.
  var characters: [Character] {
    isByteWise
      ? utf8[byteRange(0..<utf8Count)].map { Character(Unicode.Scalar($0)) }
      : (0..<count).map { self[$0] }
  }

  /// The character at `index`.
  subscript(index: Int) -> Character {
    if isByteWise { return Character(Unicode.Scalar(utf8[start + index])) }
    let offsets = utf8Offsets
    // The bytes from one character's start to the next are one character (``wide(_:)``).
    return Character(
      String(decoding: utf8[byteRange(offsets[index]..<offsets[index + 1])], as: UTF8.self))
  }

  /// How many characters from `index` on `isPart` holds for, asked of each one's byte, when
  /// the source is byte-wise; nil for another source. The lexer's runs of identifier
  /// characters, of comment text and of string text, read without asking per character which
  /// kind of source this is.
  @inline(__always)
  func byteWiseRun(from index: Int, while isPart: (UInt8) -> Bool) -> Int? {
    guard isByteWise else { return nil }
    return utf8.withUnsafeBufferPointer { bytes in
      var end = start + index
      let limit = start + utf8Count
      while end < limit, isPart(bytes[end]) { end += 1 }
      return end - start - index
    }
  }

  /// `body` of the bytes of the characters `range` when the source is byte-wise; nil for another
  /// source. An identifier is looked up from its bytes without making a `String` of them.
  @inline(__always)
  func withByteWiseUTF8<Result>(
    of range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result? {
    guard isByteWise else { return nil }
    return utf8.withUnsafeBufferPointer {
      body(UnsafeBufferPointer(rebasing: $0[byteRange(range)]))
    }
  }

  /// The character at `index` if it is one ASCII byte, else nil (`é`, `\r\n`).
  @inline(__always)
  func asciiByte(at index: Int) -> UInt8? {
    if isByteWise { return utf8[start + index] }
    // A character of one byte is ASCII.
    let offsets = utf8Offsets
    let offset = offsets[index]
    return offsets[index + 1] - offset == 1 ? utf8[start + offset] : nil
  }

  /// Whether the character at `index` is a blank or a line break (`Character.isWhitespace`).
  @inline(__always)
  func isWhitespace(at index: Int) -> Bool {
    guard let byte = asciiByte(at: index) else { return self[index].isWhitespace }
    return byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
  }

  /// Whether the character at `index` is a line break (`Character.isNewline`): `\n`, `\v`,
  /// `\f`, `\r`, `\r\n`, U+0085, U+2028, U+2029.
  @inline(__always)
  func isNewline(at index: Int) -> Bool {
    guard let byte = asciiByte(at: index) else { return self[index].isNewline }
    return byte >= 0x0A && byte <= 0x0D
  }

  /// Writes the UTF-8 of the characters `range` into `buffer` from `offset`, and says how many
  /// bytes it wrote: a text of several runs is written straight into the string made of it
  /// (gathering them in an array first cost another allocation and copy; issue 29).
  func writeUTF8(
    of range: Range<Int>, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int
  ) -> Int {
    withUTF8(of: range) { run in
      guard let base = run.baseAddress, let target = buffer.baseAddress else { return 0 }
      (target + offset).initialize(from: base, count: run.count)
      return run.count
    }
  }

  /// `body` of the UTF-8 of the characters `range`, whichever kind of source this is.
  func withUTF8<Result>(
    of range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    let bytes =
      isByteWise
      ? byteRange(range)
      : byteRange(utf8Offsets[range.lowerBound]..<utf8Offsets[range.upperBound])
    return utf8.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[bytes])) }
  }

  /// The index of the character that starts at byte `offset` of the source's UTF-8 (or its
  /// count, at its end): the lexer's places counted in characters (``Lexer``).
  func characterIndex(atUTF8Offset offset: Int) -> Int {
    if isByteWise { return offset }
    let offsets = utf8Offsets
    var low = 0
    var high = offsets.count - 1
    while low < high {
      let middle = (low + high) / 2
      if offsets[middle] < offset { low = middle + 1 } else { high = middle }
    }
    precondition(offsets[low] == offset, "no character starts at UTF-8 offset \(offset)")
    return low
  }

  /// The characters `range` as a string: one copy of their bytes.
  func text(_ range: Range<Int>) -> String {
    if isByteWise {
      return utf8.withUnsafeBufferPointer {
        Self.string(UnsafeBufferPointer(rebasing: $0[byteRange(range)]))
      }
    }
    return withUTF8(of: range) { Self.string($0) }
  }

  /// The string whose UTF-8 is `bytes` (repaired as `String(decoding:as:)` repairs it). Why: a
  /// string of at most 15 bytes, nearly every name, number and word, is made in place, and
  /// one of ASCII without checking its UTF-8 again, where `String(decoding:as:)` checked every
  /// one (some 170 instructions a string; issue 29).
  @inline(__always)
  static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    guard bytes.count > 0, bytes.count <= 15, let base = bytes.baseAddress else {
      return String(decoding: bytes, as: UTF8.self)
    }
    return String(unsafeUninitializedCapacity: bytes.count) { buffer in
      // Safe: the buffer has room for its capacity, `bytes.count`.
      buffer.baseAddress!.initialize(from: base, count: bytes.count)
      return bytes.count
    }
  }

  /// The bytes `range` of the source (from its first byte) in `utf8`.
  @inline(__always)
  private func byteRange(_ range: Range<Int>) -> Range<Int> {
    start + range.lowerBound..<start + range.upperBound
  }

  /// The source's lines as character ranges, cut at any line break (`\n`, `\r\n`, `\r`, ...);
  /// a final line break gives a final empty line.
  var lineRanges: [Range<Int>] {
    var lines: [Range<Int>] = []
    var start = 0
    if isByteWise {
      utf8.withUnsafeBufferPointer { storage in
        let bytes = UnsafeBufferPointer(rebasing: storage[byteRange(0..<utf8Count)])
        for (index, byte) in bytes.enumerated() where byte >= 0x0A && byte <= 0x0D {
          lines.append(start..<index)
          start = index + 1
        }
      }
    } else {
      for index in 0..<count where isNewline(at: index) {
        lines.append(start..<index)
        start = index + 1
      }
    }
    lines.append(start..<count)
    return lines
  }
}
