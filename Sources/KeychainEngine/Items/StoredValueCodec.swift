import DeviceState
import Foundation
import ItemStore

/// Bytes for the values the engine seals: one attribute per sealed column, and the
/// identity that binds each ciphertext to its item (the AEAD's associated data).
///
/// Layout: a tag byte (0 null, 1 text, 2 blob, 3 integer, 4 real), then for text and blob a
/// 4-byte big-endian length and the bytes, for numbers 8 big-endian bytes.
///
/// Bytes are built in a `[UInt8]` and turned into `Data` once: appending to `Data` piece by
/// piece was a measurable share of every SecItem call (docs/benchmarks-history.md).
package enum StoredValueCodec {
  /// Appends `value`'s bytes to `bytes`: an array, or the buffer of an item's identity, which
  /// ``encodedCount(_:)`` sizes beforehand (``ItemSealer/identity(_:search:)``).
  static func encode<Bytes: ByteFormSink>(_ value: StoredValue, into bytes: inout Bytes) {
    switch value {
    case .null:
      bytes.append(0)
    case .text(let text):
      bytes.append(1)
      var text = text
      text.withUTF8 { appendLengthPrefixed($0, to: &bytes) }
    case .blob(let blob):
      bytes.append(2)
      blob.withUnsafeBytes { appendLengthPrefixed($0.bindMemory(to: UInt8.self), to: &bytes) }
    case .hash(let hash):
      // The BLOB of its bytes, as a `.blob` of them encodes.
      appendBlob(of: hash, to: &bytes)
    case .integer(let number):
      bytes.append(3)
      append(UInt64(bitPattern: number), to: &bytes)
    case .real(let number):
      bytes.append(4)
      append(number.bitPattern, to: &bytes)
    }
  }

  static func encode(_ value: StoredValue) -> Data {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(encodedCount(value))
    encode(value, into: &bytes)
    return Data(bytes)
  }

  /// The exact size ``encode(_:)`` produces, so its buffer is allocated once.
  static func encodedCount(_ value: StoredValue) -> Int {
    switch value {
    case .null: 1
    case .text(let text): 5 + text.utf8.count
    case .blob(let blob): 5 + blob.count
    case .hash: 5 + SearchHash.byteCount
    case .integer, .real: 9
    }
  }

  /// Decodes one value that fills `bytes` exactly, or `nil` for malformed bytes.
  static func decode(_ bytes: Data) -> StoredValue? {
    bytes.withUnsafeBytes { raw in decode(raw.bindMemory(to: UInt8.self)) }
  }

  private static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> StoredValue? {
    guard let tag = bytes.first else { return nil }
    let body = UnsafeBufferPointer(rebasing: bytes[1...])
    switch tag {
    case 0: return body.isEmpty ? .null : nil
    case 1, 2:
      guard body.count >= 4 else { return nil }
      let length = body.prefix(4).reduce(0) { ($0 << 8) | Int($1) }
      guard body.count == 4 + length else { return nil }
      let payload = UnsafeBufferPointer(rebasing: body[4...])
      if tag == 2 { return .blob(Data(buffer: payload)) }
      return text(payload).map(StoredValue.text)
    case 3, 4:
      guard body.count == 8 else { return nil }
      let raw = body.reduce(UInt64(0)) { ($0 << 8) | UInt64($1) }
      return tag == 3 ? .integer(Int64(bitPattern: raw)) : .real(Double(bitPattern: raw))
    default:
      return nil
    }
  }

  /// `bytes` as a string, or `nil` when they are not UTF-8. ASCII, which nearly every
  /// attribute name and value is, skips the standard library's generic validation, a tenth of
  /// a look-up's cost (docs/benchmarks-history.md): ASCII bytes are valid UTF-8 as they are.
  static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
    return String(validating: bytes, as: UTF8.self)
  }

  /// Every attribute of an item, as one sealed value: a 4-byte count, then per attribute (by
  /// name order) its length-prefixed name and its encoded value.
  package static func encode(attributes: [String: StoredValue]) -> Data {
    Data(attributeBytes(attributes))
  }

  /// ``encode(attributes:)`` in the array it is built in, for the sealer, which seals it from
  /// there: no `Data` is made of it (docs/benchmarks.md). `skippingNulls`: without the
  /// attributes that hold `.null`, as an item is sealed.
  static func attributeBytes(
    _ attributes: [String: StoredValue], skippingNulls: Bool = false
  ) -> [UInt8] {
    attributeBytes(sorted: sortedByName(attributes, skippingNulls: skippingNulls))
  }

  /// ``attributeBytes(_:skippingNulls:)`` of `attributes` without their NULLs and with `more`,
  /// attributes it lacks or holds NULL for (the sealer's key defaults,
  /// ``SearchHasher/columns(_:attributes:keyDefaults:)``): the bytes of `attributes` with
  /// `more` written into it, without a copy of the dictionary to write them in.
  static func attributeBytes(
    skippingNullsOf attributes: [String: StoredValue],
    adding more: [(name: String, value: StoredValue)]
  ) -> [UInt8] {
    attributeBytes(sorted: sortedByName(attributes, skippingNulls: true, adding: more))
  }

  private static func attributeBytes(
    sorted: [(prefix: UInt64, key: String, value: StoredValue)]
  ) -> [UInt8] {
    // Sized exactly, then written in place, as an identity is (``ItemSealer``): no capacity
    // or uniqueness check per piece.
    var count = 4
    for (_, name, value) in sorted { count += 4 + name.utf8.count + encodedCount(value) }
    return bytes(count: count) { bytes in
      append(UInt32(truncatingIfNeeded: sorted.count), to: &bytes)
      for (_, name, value) in sorted {
        appendLengthPrefixed(name.utf8, to: &bytes)
        encode(value, into: &bytes)
      }
    }
  }

  /// The `count` bytes `write` writes, written on the stack and returned in an array made at
  /// their size. `[UInt8](unsafeUninitializedCapacity:)` allocates through the standard
  /// library's unspecialized `Array._allocateBufferUninitialized(minimumCapacity:)`, which
  /// looks the array's storage type up in the run time's generic metadata cache at every call
  /// (about 0.5k instructions, issue 29); an array copied from a buffer is allocated by
  /// specialized code.
  static func bytes(count: Int, _ write: (inout MessageBytes) -> Void) -> [UInt8] {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
      var bytes = MessageBytes(buffer)
      write(&bytes)
      return [UInt8](bytes.written)
    }
  }

  /// `attributes` in the order of their names (`String`'s `<`), the order they are encoded in.
  ///
  /// Names are compared by their first eight UTF-8 bytes as one integer, and by the whole
  /// `String` only when those are the same: for ASCII, which every attribute name is, the
  /// order of the bytes is `String`'s, and sorting an item's attributes by `String`
  /// comparisons was about a twentieth of an add (issue 29). With a name that is not ASCII,
  /// they are sorted by `String` alone.
  private static func sortedByName(
    _ attributes: [String: StoredValue], skippingNulls: Bool,
    adding more: [(name: String, value: StoredValue)] = []
  ) -> [(prefix: UInt64, key: String, value: StoredValue)] {
    var entries: [(prefix: UInt64, key: String, value: StoredValue)] = []
    entries.reserveCapacity(attributes.count + more.count)
    var allASCII = true
    func add(_ name: String, _ value: StoredValue) {
      guard !(skippingNulls && value == .null) else { return }
      var name = name
      let prefix = name.withUTF8 { bytes -> UInt64 in
        if allASCII { allASCII = bytes.allSatisfy { $0 < 0x80 } }
        return namePrefix(bytes)
      }
      entries.append((prefix, name, value))
    }
    for (name, value) in attributes { add(name, value) }
    for (name, value) in more { add(name, value) }
    if allASCII {
      entries.sort { $0.prefix != $1.prefix ? $0.prefix < $1.prefix : $0.key < $1.key }
    } else {
      entries.sort { $0.key < $1.key }
    }
    return entries
  }

  /// Decodes what ``encode(attributes:)`` made, or `nil` for malformed bytes.
  package static func decodeAttributes(_ data: Data) -> [String: StoredValue]? {
    data.withUnsafeBytes { decodeAttributes($0) }
  }

  /// ``decodeAttributes(_:)`` of bytes read in place (an opened plaintext).
  static func decodeAttributes(_ raw: UnsafeRawBufferPointer) -> [String: StoredValue]? {
    let bytes = raw.bindMemory(to: UInt8.self)
    var attributes: [String: StoredValue] = [:]
    // Sized at creation (``PresizedColumns``).
    let wellFormed = forEachAttribute(
      in: bytes, reserving: { attributes = PresizedColumns.empty(capacity: $0) },
      { name, value in
        guard let name = text(name), let value = decode(value) else { return false }
        attributes[name] = value
        return true
      })
    return wellFormed ? attributes : nil
  }

  /// The value of attribute `name` in what ``encode(attributes:)`` made, decoding nothing
  /// else: `.some(nil)` when the item lacks it, `nil` when the bytes are malformed as far as
  /// they were read (``decodeAttributes(_:)`` checks every value).
  static func attribute(_ name: String, in data: Data) -> StoredValue?? {
    data.withUnsafeBytes { attribute(name, in: $0) }
  }

  /// ``attribute(_:in:)`` of bytes read in place (an opened plaintext).
  static func attribute(_ name: String, in raw: UnsafeRawBufferPointer) -> StoredValue?? {
    var wanted = name
    return wanted.withUTF8 { wantedBytes -> StoredValue?? in
      var found: StoredValue??
      let wellFormed = forEachAttribute(in: raw.bindMemory(to: UInt8.self)) {
        candidate, value in
        guard sameBytes(candidate, wantedBytes) else { return true }
        found = .some(decode(value))
        return false
      }
      if let found {
        guard let value = found else { return nil }
        return .some(value)
      }
      return wellFormed ? .some(nil) : nil
    }
  }

  /// Whether `data` is attributes ``encode(attributes:)`` made, well formed to the end, whose
  /// `name` holds `expected` (`nil`: absent), decoding no other value: what a read that returns
  /// only the secret needs of them. (Every value is decoded by ``decodeAttributes(_:)``;
  /// the caller has authenticated the bytes, so they are the encoder's.)
  static func attributes(_ data: Data, hold name: String, _ expected: StoredValue?) -> Bool {
    data.withUnsafeBytes { attributes($0, hold: name, expected) }
  }

  /// ``attributes(_:hold:_:)`` of bytes read in place (an opened plaintext).
  static func attributes(
    _ raw: UnsafeRawBufferPointer, hold name: String, _ expected: StoredValue?
  ) -> Bool {
    var wanted = name
    return wanted.withUTF8 { wantedBytes -> Bool in
      var found: StoredValue?
      var decodable = true
      let wellFormed = forEachAttribute(in: raw.bindMemory(to: UInt8.self)) {
        candidate, value in
        guard sameBytes(candidate, wantedBytes) else { return true }
        found = decode(value)
        decodable = found != nil
        return decodable
      }
      return wellFormed && decodable && found == expected
    }
  }

  /// An attribute an update sets: its name packed (``AttributeCodes/code(of:)``) and as it
  /// is, and its value.
  typealias Setting = (code: UInt64, name: String, value: StoredValue)

  /// The values of the attributes whose names pack (``AttributeCodes/code(of:)``) as
  /// `keeping`, at the same positions (missing: ``KeptValues/value(at:)`` is `nil`), still
  /// encoded, in what ``encode(attributes:)`` made, when every attribute of `settled` holds
  /// its value there (a missing attribute holds `.null`); `nil` when one does not, or the
  /// bytes are malformed. Decodes only the settled values: what an update that may leave an
  /// item's attributes as they are needs of them
  /// (``ItemSealer/openForUpdate(_:sealed:identity:settled:)``), where decoding them all into
  /// a dictionary was a sixth of the call, and decoding the kept ones, which name the item
  /// only if the update fails, and tearing them down, a hundredth (issue 29). Names are
  /// compared packed, as integers. The bytes are authenticated, so the encoder's (as for
  /// ``attributes(_:hold:_:)``).
  static func attributes(
    _ raw: UnsafeRawBufferPointer, holding settled: [Setting], keeping: [UInt64]
  ) -> KeptValues? {
    // A missing attribute holds `.null`, so only the others must be found (each name is
    // encoded once).
    var unfound = 0
    for each in settled where each.value != .null { unfound += 1 }
    var differs = false
    return KeptValues.collect(keeping) { keep in
      let wellFormed = forEachAttribute(in: raw.bindMemory(to: UInt8.self)) { name, value in
        guard let code = AttributeCodes.code(of: name) else { return true }
        for each in settled where each.code == code {
          guard let stored = decode(value), stored == each.value else {
            differs = true
            return false
          }
          if stored != .null { unfound -= 1 }
        }
        return keep(code, value)
      }
      return wellFormed && !differs && unfound == 0
    }
  }

  /// Values of an item's attributes copied as they are encoded (``encode(_:)``), at the
  /// positions of the names asked for, in one array of bytes: decoded only when asked
  /// (``value(at:)``), and freed without the run time's generic teardown of an array of
  /// values (issue 29).
  struct KeptValues {
    /// Per position: ``missing``, or the value's encoding.
    private let bytes: [UInt8]

    /// The tag of no value, which no encoding starts with.
    private static let missing: UInt8 = 0xFF

    /// The value at `position`, `nil` where the item has none.
    func value(at position: Int) -> StoredValue? {
      bytes.withUnsafeBufferPointer { bytes -> StoredValue? in
        var offset = 0
        for _ in 0..<position { offset += StoredValueCodec.encodedLength(bytes, at: offset) }
        guard bytes[offset] != Self.missing else { return nil }
        let length = StoredValueCodec.encodedLength(bytes, at: offset)
        // Checked well formed when it was kept (``collect(_:_:)``).
        guard
          let value = StoredValueCodec.decode(
            UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]))
        else { preconditionFailure("a kept value does not decode") }
        return value
      }
    }

    /// The values `walk` keeps of bytes it walks, for the names packed as `keeping`: `walk`
    /// calls the function it is given with each name's code and encoded value, which keeps
    /// the value if `keeping` names it and returns whether it is well formed; `nil` when
    /// `walk` returns `false`. Each kept value is found in place and copied once, when the
    /// walk is over.
    @inline(__always)
    static func collect(
      _ keeping: [UInt64],
      _ walk: ((UInt64?, UnsafeBufferPointer<UInt8>) -> Bool) -> Bool
    ) -> KeptValues? {
      withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<UInt8>.self, capacity: keeping.count) {
        found -> KeptValues? in
        found.initialize(repeating: UnsafeBufferPointer(start: nil, count: 0))
        let complete = walk { code, value in
          guard let code, let index = keeping.firstIndex(of: code) else { return true }
          guard StoredValueCodec.isWellFormed(value) else { return false }
          found[index] = value
          return true
        }
        guard complete else { return nil }
        var count = 0
        for value in found { count += max(value.count, 1) }
        return KeptValues(
          bytes: StoredValueCodec.bytes(count: count) { bytes in
            for value in found {
              if value.isEmpty { bytes.append(missing) } else { bytes.append(contentsOf: value) }
            }
          })
      }
    }
  }

  /// The length of the encoding (or ``KeptValues``' missing tag) that starts at `offset`.
  private static func encodedLength(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
    switch bytes[offset] {
    case 1, 2:
      Int(
        UInt32(
          bigEndian: UnsafeRawPointer(bytes.baseAddress! + offset + 1).loadUnaligned(
            as: UInt32.self))) + 5
    case 3, 4: 9
    default: 1
    }
  }

  /// Whether ``decode(_:)`` decodes `value`, one encoding the attributes' walk delimited
  /// (``forEachAttribute(in:reserving:_:)``): a null is a lone tag; a text is UTF-8.
  private static func isWellFormed(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
    guard value[0] == 1 else { return true }
    let payload = UnsafeBufferPointer(rebasing: value[5...])
    return payload.allSatisfy { $0 < 0x80 } || String(validating: payload, as: UTF8.self) != nil
  }

  /// What ``attributeBytes(_:skippingNulls:)`` makes, nulls skipped, of the attributes `raw`
  /// encodes (``encode(attributes:)``) once each attribute of `setting` holds its value
  /// (`.null`: the attribute removed), and the stored values of the attributes whose names
  /// pack as `keeping`, still encoded (as ``attributes(_:holding:keeping:)`` returns them): an update's new
  /// attributes, patched from the stored bytes without decoding their values into a
  /// dictionary, changing it and encoding it whole again, most of an update whose clock moved
  /// (issue 29). `nil` for malformed bytes, or a name that is not ASCII (whose place the
  /// encoder finds by `String` order): the caller decodes them whole. The bytes are
  /// authenticated, so the encoder's (each name once).
  ///
  /// `last`, when given, is one more change after `changes`: an update's own settings and the
  /// row's tombstone, without an array joining them per item (issue 29).
  static func patchedAttributes(
    _ raw: UnsafeRawBufferPointer, setting changes: [Setting], then last: Setting? = nil,
    keeping: [UInt64]
  ) -> (bytes: [UInt8], kept: KeptValues)? {
    // Each name once (a list of changes may name one twice, with the same value), packed
    // from the name itself when it packs (``AttributeCodes/code(of:)``).
    var names: [(packed: UInt64?, name: String, value: StoredValue)] = []
    names.reserveCapacity(changes.count + 1)
    func add(_ name: String, _ value: StoredValue) -> Bool {
      guard !names.contains(where: { $0.name == name }) else { return true }
      guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
      names.append((AttributeCodes.code(of: name), name, value))
      return true
    }
    for index in changes.indices {
      guard add(changes[index].name, changes[index].value) else { return nil }
    }
    if let last, !add(last.name, last.value) { return nil }
    if let inOrder = patchedInOrder(raw, names: names, keeping: keeping) { return inOrder }
    // The new values' names and encodings, one after another, for the entries below.
    var added: [UInt8] = []
    for index in names.indices where names[index].value != .null {
      added.append(contentsOf: names[index].name.utf8)
      encode(names[index].value, into: &added)
    }
    // Apart, so that comparing a name does not copy a value.
    let packed = names.map(\.packed)
    var bytes: [UInt8]?
    let kept = KeptValues.collect(keeping) { keep in
      bytes = added.withUnsafeBufferPointer { added -> [UInt8]? in
        typealias Entry = (
          prefix: UInt64, name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>
        )
        var entries: [Entry] = []
        entries.reserveCapacity(names.count + 16)
        var offset = 0
        for index in names.indices where names[index].value != .null {
          let nameCount = names[index].name.utf8.count
          let valueCount = encodedCount(names[index].value)
          let nameBytes = UnsafeBufferPointer(rebasing: added[offset..<offset + nameCount])
          let valueBytes = UnsafeBufferPointer(
            rebasing: added[offset + nameCount..<offset + nameCount + valueCount])
          entries.append((namePrefix(nameBytes), nameBytes, valueBytes))
          offset += nameCount + valueCount
        }
        var ascii = true
        let wellFormed = forEachAttribute(in: raw.bindMemory(to: UInt8.self)) { name, value in
          guard name.allSatisfy({ $0 < 0x80 }) else {
            ascii = false
            return false
          }
          let code = AttributeCodes.code(of: name)
          guard keep(code, value) else { return false }
          // A stored null is skipped, as sealing skips it; a changed name takes its new value.
          guard value.first != 0 else { return true }
          for index in packed.indices {
            // Packed names compare as integers; a name too long to pack, byte by byte.
            if let code {
              if packed[index] == code { return true }
            } else if packed[index] == nil && names[index].name.utf8.elementsEqual(name) {
              return true
            }
          }
          entries.append((namePrefix(name), name, value))
          return true
        }
        guard wellFormed, ascii else { return nil }
        // The encoder's order (``sortedByName(_:skippingNulls:)``) for ASCII names: the first
        // eight bytes as one integer, then the bytes, which order ASCII as `String` does.
        entries.sort {
          $0.prefix != $1.prefix
            ? $0.prefix < $1.prefix : $0.name.lexicographicallyPrecedes($1.name)
        }
        var count = 4
        for entry in entries { count += 4 + entry.name.count + entry.value.count }
        return Self.bytes(count: count) { bytes in
          append(UInt32(truncatingIfNeeded: entries.count), to: &bytes)
          for entry in entries {
            appendLengthPrefixed(entry.name, to: &bytes)
            bytes.append(contentsOf: entry.value)
          }
        }
      }
      return bytes != nil
    }
    guard let kept, let bytes else { return nil }
    return (bytes, kept)
  }

  /// ``patchedAttributes(_:setting:then:keeping:)`` of stored attributes `raw` in the
  /// encoder's order that already name every attribute `names` gives a value (an update whose
  /// clock moved: `mdat` and `tomb`): the stored entries copied in their order, a changed one
  /// with its new value (left out when that is `.null`), a stored null left out. Those are
  /// the bytes sorting the entries afresh makes, without an entry list, its sort and the new
  /// values' own array (most of the patch, issue 29). `nil` when that does not hold, or the
  /// bytes are malformed or hold a name that is not ASCII: the caller then takes the general
  /// path, which sorts, or refuses the bytes. `names`: each changed name once, ASCII, with
  /// its packed form (``AttributeCodes/code(of:)``).
  private static func patchedInOrder(
    _ raw: UnsafeRawBufferPointer, names: [(packed: UInt64?, name: String, value: StoredValue)],
    keeping: [UInt64]
  ) -> (bytes: [UInt8], kept: KeptValues)? {
    // At most the stored bytes and each new entry: written on the stack, copied out once.
    var capacity = raw.count
    var expected = 0
    for index in names.indices where names[index].value != .null {
      capacity += 4 + names[index].name.utf8.count + encodedCount(names[index].value)
      expected += 1
    }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
      // The packed names apart, so that comparing one does not copy a name and a value.
      withUnsafeTemporaryAllocation(of: UInt64?.self, capacity: names.count) { packed in
        for index in names.indices { packed.initializeElement(at: index, to: names[index].packed) }
        defer { packed.deinitialize() }
        var bytes = MessageBytes(buffer)
        // The count of entries, written once they are counted.
        for _ in 0..<4 { bytes.append(0) }
        var count = 0
        var found = 0
        var previous: (prefix: UInt64, name: UnsafeBufferPointer<UInt8>)?
        let kept = KeptValues.collect(keeping) { keep in
          forEachAttribute(in: raw.bindMemory(to: UInt8.self)) { name, value in
            guard name.allSatisfy({ $0 < 0x80 }) else { return false }
            // Strictly after the entry before, as the encoder sorts them (``sortedByName``).
            let prefix = namePrefix(name)
            if let previous,
              previous.prefix > prefix
                || (previous.prefix == prefix && !previous.name.lexicographicallyPrecedes(name))
            {
              return false
            }
            previous = (prefix, name)
            let code = AttributeCodes.code(of: name)
            guard keep(code, value) else { return false }
            // Packed names compare as integers; a name too long to pack, byte by byte.
            var changed: Int?
            for index in 0..<names.count {
              if let code {
                if packed[index] == code { changed = index }
              } else if packed[index] == nil && names[index].name.utf8.elementsEqual(name) {
                changed = index
              }
              if changed != nil { break }
            }
            if let changed {
              guard names[changed].value != .null else { return true }
              found += 1
              appendLengthPrefixed(name, to: &bytes)
              encode(names[changed].value, into: &bytes)
            } else {
              // A stored null is skipped, as sealing skips it.
              guard value.first != 0 else { return true }
              appendLengthPrefixed(name, to: &bytes)
              bytes.append(contentsOf: value)
            }
            count += 1
            return true
          }
        }
        guard let kept, found == expected else { return nil }
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: count).bigEndian) { header in
          for index in 0..<4 { buffer[index] = header[index] }
        }
        return ([UInt8](bytes.written), kept)
      }
    }
  }

  /// A name's first eight bytes as one big-endian integer (zeros past its end): the first key
  /// of the encoder's order.
  private static func namePrefix(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var prefix: UInt64 = 0
    for index in 0..<8 {
      prefix = prefix << 8 | UInt64(index < bytes.count ? bytes[index] : 0)
    }
    return prefix
  }

  /// Whether `bytes` and `other` hold the same bytes: one comparison of memory, where the
  /// generic `elementsEqual` walked a name byte by byte for every attribute passed over. A
  /// name of up to eight bytes (every attribute's) is compared in place, not through a call
  /// to `memcmp`, once per attribute passed over.
  private static func sameBytes(
    _ bytes: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard bytes.count == other.count else { return false }
    if bytes.count <= 8 {
      for index in bytes.indices where bytes[index] != other[index] { return false }
      return true
    }
    return memcmp(bytes.baseAddress!, other.baseAddress!, bytes.count) == 0
  }

  /// Walks the attributes ``encode(attributes:)`` made: `body` gets each name's and value's
  /// bytes and returns whether to go on. `false` when the bytes are malformed or `body`
  /// stopped; `reserving` learns the count first. Inlined, so that `body` is too: a call
  /// through its closure per attribute was half the walk (issue 29).
  @inline(__always)
  private static func forEachAttribute(
    in bytes: UnsafeBufferPointer<UInt8>, reserving: (Int) -> Void = { _ in },
    _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool
  ) -> Bool {
    // Every length is checked against the end before the bytes it covers are read, and each
    // 4-byte length is read in one load, not byte by byte through a slice: the walk is most of
    // reading an item's attributes (issue 29).
    guard let base = bytes.baseAddress else { return false }
    let end = bytes.count
    /// The big-endian 4-byte length at `position`, which the caller checked is in the bytes.
    func length(at position: Int) -> Int {
      Int(UInt32(bigEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt32.self)))
    }
    guard end >= 4 else { return false }
    let count = length(at: 0)
    var offset = 4
    guard count <= end else { return false }
    reserving(count)
    for _ in 0..<count {
      guard offset + 4 <= end else { return false }
      let nameLength = length(at: offset)
      offset += 4
      guard offset + nameLength <= end else { return false }
      let name = UnsafeBufferPointer(start: base + offset, count: nameLength)
      offset += nameLength
      guard offset < end else { return false }
      let valueLength: Int
      switch base[offset] {
      case 0: valueLength = 1
      case 1, 2:
        guard offset + 5 <= end else { return false }
        valueLength = 5 + length(at: offset + 1)
      case 3, 4: valueLength = 9
      default: return false
      }
      guard offset + valueLength <= end else { return false }
      let value = UnsafeBufferPointer(start: base + offset, count: valueLength)
      offset += valueLength
      guard body(name, value) else { return false }
    }
    return offset == end
  }

  /// A `.blob` of `hash`'s bytes, encoded (tag 2, the length, the bytes), appended in one
  /// piece: an identity is mostly search hashes, and appending the tag, the length and the
  /// bytes one after the other was most of its cost (issue 29).
  private static func appendBlob<Bytes: ByteFormSink>(
    of hash: SearchHash, to bytes: inout Bytes
  ) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 5 + SearchHash.byteCount) { form in
      let raw = UnsafeMutableRawBufferPointer(form)
      raw.storeBytes(of: 2, toByteOffset: 0, as: UInt8.self)
      raw.storeBytes(
        of: UInt32(SearchHash.byteCount).bigEndian, toByteOffset: 1, as: UInt32.self)
      hash.withUnsafeBytes { hashBytes in
        UnsafeMutableRawBufferPointer(rebasing: raw[5...]).copyMemory(from: hashBytes)
      }
      bytes.append(contentsOf: UnsafeBufferPointer(form))
    }
  }

  static func appendLengthPrefixed<Bytes: ByteFormSink>(
    _ payload: some Collection<UInt8>, to bytes: inout Bytes
  ) {
    append(UInt32(truncatingIfNeeded: payload.count), to: &bytes)
    bytes.append(contentsOf: payload)
  }

  private static func append<T: FixedWidthInteger, Bytes: ByteFormSink>(
    _ number: T, to bytes: inout Bytes
  ) {
    withUnsafeBytes(of: number.bigEndian) { bytes.append(contentsOf: $0) }
  }
}
