import Devices
import KeychainEngine

/// A name the parser looks up at nearly every identifier: an Apple key or value constant, or a
/// name a `let` may not bind. The lexer finds it once, from the identifier's bytes, and the token
/// keeps its index (``Token/knownName``).
///
/// The words that start a statement are known names too (no key, no value): their `String`,
/// `SecItemCopyMatching` among them, is made once rather than for every statement. So are the
/// status names `expect` takes (`errSecSuccess`), each with its status, found here rather than
/// by name in `OSStatus`'s table at every expectation (issue 29). (Every word
/// of the language was tried: more names pass the first-byte test, and hashing them cost more
/// than making their short strings.)
///
/// Why: the parser asked `SecConstants.keys`, `SecConstants.values` and the reserved names about
/// the same identifier several times, hashing it as a `String` each time, and the lexer made a
/// new `String` of every identifier (issue 29). A known name's `String` is made once, here.
package struct KnownName: Sendable {
  /// The name, made once: every identifier that is this name shares it.
  let text: String
  /// The raw key, when the name is a key constant (`kSecAttrAccount`: `"acct"`).
  let key: String?
  /// The value, when the name is a value constant (`kSecClassGenericPassword`).
  let value: SecValue?
  /// Whether it is one of ``Vocabulary/reservedNames``.
  let isReserved: Bool
  /// The status, when the name is an `errSec...` status name `expect` takes as found:
  /// `OSStatus(nameOrNumber:)` of it, and no package error code's name.
  let status: OSStatus?

  /// Every known name, and the index that finds one by its bytes.
  static let table = Table()

  /// The known names and an open-addressing hash index over their UTF-8.
  struct Table: Sendable {
    let names: [KnownName]
    /// Each name's parts in an array of their own, which is what the lexer and the parser read
    /// at nearly every identifier: reading one part of a `KnownName` in `names` copied the
    /// whole of it (three references retained and released; issue 29).
    let texts: [String]
    let keys: [String?]
    let values: [SecValue?]
    let statuses: [OSStatus?]
    /// Whether the name is an Apple key or value constant's (which a `let` may not bind).
    let isConstant: [Bool]
    let isReserved: [Bool]
    /// The statement word the name is, if any: what ``Vocabulary/StatementWord/init(word:)``
    /// finds for its text, asked of every statement's first word (issue 29).
    let statementWords: [Vocabulary.StatementWord?]
    /// Whether the name is one of ``Vocabulary/secItemFunctions`` (`SecItemAdd`), which start
    /// a statement too.
    let isSecItemFunction: [Bool]
    /// The index that finds a name from its ASCII bytes.
    let asciiIndex: ASCIIIndex
    /// For text that is not ASCII, where equal strings need not have equal bytes (the Kelvin
    /// sign is canonically `K`): found as a `String`, as the dictionaries found it.
    private let byText: [String: Int32]

    /// Every name once, in the order first found, each attribute then given to the names that
    /// have one by looking those up, rather than every name looked up in every table, and
    /// nothing sorted (building the table was 6.9M instructions, paid by a process's first
    /// parse; 3.9M, then 2.7M; issue 29). Which index a name has says nothing.
    init() {
      let reserved = Vocabulary.reservedNames
      // Each status with its name: the status found by its name (`OSStatus(nameOrNumber:)`)
      // without looking its name up (that look-up was a sixth of the table's making).
      let statuses = OSStatus.known.map { (name: $0.name, status: $0) }.filter {
        $0.name.hasPrefix("errSec") && PackageError.Code(rawValue: $0.name) == nil
      }
      let statusNames = statuses.map(\.name)
      var texts: [String] = []
      let sources = [
        SecConstants.orderedKeys.map(\.name), Array(SecConstants.values.keys), Array(reserved),
        Vocabulary.statementWords, statusNames,
      ]
      var byText: [String: Int32] = [:]
      // Room for every candidate: growing the dictionary was a tenth of the table's making.
      byText.reserveCapacity(sources.reduce(0) { $0 + $1.count })
      let candidates = sources.joined()
      // `true` and `false` are booleans, which the lexer tells apart from names it does not know.
      for name in candidates where name != "true" && name != "false" && byText[name] == nil {
        byText[name] = Int32(texts.count)
        texts.append(name)
      }
      let asciiIndex = ASCIIIndex(texts)
      /// Where `name` is among the names, if it is one: found from its bytes as the lexer finds
      /// names when it is ASCII (hashing each as a `String` was a third of the table's making).
      func position(of name: String) -> Int? {
        let ascii = name.utf8.withContiguousStorageIfAvailable { bytes in
          bytes.allSatisfy { $0 < 0x80 } ? asciiIndex.index(of: bytes) : nil
        }
        guard let found = ascii.flatMap({ $0 }) else { return byText[name].map(Int.init) }
        return found < 0 ? nil : Int(found)
      }
      var keys = [String?](repeating: nil, count: texts.count)
      for (name, key) in SecConstants.keys { keys[position(of: name)!] = key }
      var values = [SecValue?](repeating: nil, count: texts.count)
      for (name, value) in SecConstants.values { values[position(of: name)!] = value }
      var isReserved = [Bool](repeating: false, count: texts.count)
      for name in reserved { if let index = position(of: name) { isReserved[index] = true } }
      var statusByName = [OSStatus?](repeating: nil, count: texts.count)
      for (name, status) in statuses {
        if let index = position(of: name) { statusByName[index] = status }
      }
      var statementWords = [Vocabulary.StatementWord?](repeating: nil, count: texts.count)
      for word in Vocabulary.StatementWord.allCases {
        if let index = position(of: word.rawValue) { statementWords[index] = word }
      }
      var isSecItemFunction = [Bool](repeating: false, count: texts.count)
      for name in Vocabulary.secItemFunctions {
        if let index = position(of: name) { isSecItemFunction[index] = true }
      }
      names = texts.indices.map {
        KnownName(
          text: texts[$0], key: keys[$0], value: values[$0], isReserved: isReserved[$0],
          status: statusByName[$0])
      }
      self.texts = texts
      self.keys = keys
      self.values = values
      self.statuses = statusByName
      isConstant = texts.indices.map { keys[$0] != nil || values[$0] != nil }
      self.isReserved = isReserved
      self.statementWords = statementWords
      self.isSecItemFunction = isSecItemFunction
      self.asciiIndex = asciiIndex
      self.byText = byText
    }

    /// The index of the name whose UTF-8 is `word`, ASCII text; -1 for any other.
    func index(ofASCII word: UnsafeBufferPointer<UInt8>) -> Int32 { asciiIndex.index(of: word) }

    /// The index of the name `text`, compared as strings are; -1 for any other.
    func index(of text: String) -> Int32 { byText[text] ?? -1 }

    /// Whether `text` is a status's name (`errSecSuccess`): found from its bytes when it is
    /// ASCII, as the lexer finds names (hashing the `String` was most of the cost of a `let`'s
    /// look-up; issue 29).
    func isStatusName(_ text: String) -> Bool {
      let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in
        bytes.allSatisfy { $0 < 0x80 } ? asciiIndex.index(of: bytes) : nil
      }
      let found = ascii.flatMap { $0 } ?? index(of: text)
      return found >= 0 && statuses[Int(found)] != nil
    }
  }
}

extension KnownName {
  /// The index the lexer finds a known name by from its ASCII bytes: an open-addressing hash
  /// table over the names' UTF-8.
  ///
  /// Plain pointers into storage made once, for the process's one table (``KnownName/table``),
  /// and never freed: the lexer copies the index once per line it lexes, and a copy retains
  /// nothing; a probe has no bounds check, and reaches no global (through a `swift_once`) at
  /// every name (issue 29). The storage is written only here, before the index is shared.
  struct ASCIIIndex: @unchecked Sendable {
    /// Every name's UTF-8, one after the other; name `i`'s is `starts[i]..<starts[i + 1]`.
    private let bytes: UnsafePointer<UInt8>
    private let starts: UnsafePointer<Int>
    /// A power of two of slots, each -1 or an index into the names.
    private let slots: UnsafePointer<Int32>
    private let mask: Int
    /// Which ASCII bytes start a known name (bit `b` of word `b >> 6`): an identifier whose
    /// first byte starts none is told apart without hashing it.
    private let firstBytes: (UInt64, UInt64)

    fileprivate init(_ names: [String]) {
      var bytes: [UInt8] = []
      var starts: [Int] = []
      var firstBytes: (UInt64, UInt64) = (0, 0)
      for name in names {
        starts.append(bytes.count)
        bytes += name.utf8
        guard let first = name.utf8.first, first < 0x80 else { continue }
        if first < 64 {
          firstBytes.0 |= 1 << UInt64(first)
        } else {
          firstBytes.1 |= 1 << UInt64(first - 64)
        }
      }
      starts.append(bytes.count)
      var size = 1
      while size < names.count * 4 { size *= 2 }
      var slots = [Int32](repeating: -1, count: size)
      for index in names.indices {
        var slot = bytes.withUnsafeBufferPointer {
          Self.hash(UnsafeBufferPointer(rebasing: $0[starts[index]..<starts[index + 1]]))
        } & (size - 1)
        while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
        slots[slot] = Int32(index)
      }
      self.bytes = Self.kept(bytes)
      self.starts = Self.kept(starts)
      self.slots = Self.kept(slots)
      mask = size - 1
      self.firstBytes = firstBytes
    }

    /// A copy of `elements` that is never freed (the index lives as long as the process).
    private static func kept<Element>(_ elements: [Element]) -> UnsafePointer<Element> {
      let storage = UnsafeMutablePointer<Element>.allocate(capacity: max(elements.count, 1))
      elements.withUnsafeBufferPointer {
        if let base = $0.baseAddress { storage.initialize(from: base, count: elements.count) }
      }
      return UnsafePointer(storage)
    }

    /// The index of the name whose UTF-8 is `word`, ASCII text; -1 for any other.
    @inline(__always)
    func index(of word: UnsafeBufferPointer<UInt8>) -> Int32 {
      guard let first = word.first, let base = word.baseAddress, first < 0x80,
        (first < 64 ? firstBytes.0 >> UInt64(first) : firstBytes.1 >> UInt64(first - 64)) & 1 != 0
      else { return -1 }
      var slot = Self.hash(word) & mask
      while true {
        let candidate = slots[slot]
        guard candidate >= 0 else { return -1 }
        let start = starts[Int(candidate)]
        if starts[Int(candidate) + 1] - start == word.count,
          Self.equal(bytes + start, base, count: word.count)
        {
          return candidate
        }
        slot = (slot + 1) & mask
      }
    }

    /// Whether the `count` bytes at `a` and at `b` are equal: eight at a time, the last eight
    /// overlapping the ones before if need be; one by one when fewer than eight (a call to
    /// `memcmp` cost as much as comparing a name).
    @inline(__always)
    private static func equal(
      _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int
    ) -> Bool {
      @inline(__always)
      func word(_ pointer: UnsafePointer<UInt8>, at offset: Int) -> UInt64 {
        UnsafeRawPointer(pointer + offset).loadUnaligned(as: UInt64.self)
      }
      guard count >= 8 else {
        for offset in 0..<count where a[offset] != b[offset] { return false }
        return true
      }
      var offset = 0
      while offset < count - 8 {
        guard word(a, at: offset) == word(b, at: offset) else { return false }
        offset += 8
      }
      return word(a, at: count - 8) == word(b, at: count - 8)
    }

    /// The length and four bytes (the first, the middle one and the last two), mixed: a
    /// fixed handful of instructions whatever the length, where hashing every byte cost more
    /// than the look-up saved. Names that share all five (`kSecAttrAccessible...`) are told
    /// apart by the byte comparison after.
    @inline(__always)
    private static func hash(_ word: UnsafeBufferPointer<UInt8>) -> Int {
      let count = word.count
      guard count > 0 else { return 0 }
      var hash = UInt64(count)
      hash = hash << 8 | UInt64(word[0])
      hash = hash << 8 | UInt64(word[count / 2])
      hash = hash << 8 | UInt64(word[count - 1])
      hash = hash << 8 | UInt64(word[count > 1 ? count - 2 : 0])
      hash = (hash ^ (hash >> 31)) &* 0xBF58_476D_1CE4_E5B9
      return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
  }
}
