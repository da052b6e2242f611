import CSodium
import Foundation
import ItemStore
import Testing

@testable import Devices
@testable import Keychain
@testable import KeychainEngine

/// No attribute value, and no unkeyed hash of one, is in the device file: every attribute of
/// every class, the primary-key ones included (they used to be plaintext columns), is only a
/// keyed hash in its searchable column and a ciphertext in the sealed ones (issue 10 §1).
@Suite struct AtRestTests {
  /// A distinctive value for each attribute a caller can set: a string for blob and string
  /// kinds, bytes for data kinds, a large number, a date with many significant bits.
  private static func values(of itemClass: ItemClass) -> [String: SecValue] {
    var values: [String: SecValue] = [:]
    for (index, attribute) in itemClass.attributes.enumerated() {
      // pdmn stays plain by design, sync and tomb are flags, accc is tested by its own
      // sealing, agrp is checked below (the entitlements in the file hold group names),
      // and the internal attributes are not the caller's to set.
      guard attribute.storage == .keyedHash, !attribute.isInternal,
        !["agrp", "sync"].contains(attribute.name)
      else { continue }
      let tag = "\(itemClass.rawValue)-\(attribute.name)-7Q\(index)Z"
      values[attribute.name] =
        switch attribute.kind {
        case .blob, .string: .string("VALUE-" + tag)
        case .data: .data(Data(("BYTES-" + tag).utf8))
        case .number, .bool: .number(0x5A17_C3E9 + Int64(index))
        case .date: .date(Date(timeIntervalSinceReferenceDate: 712_345_678.123_456 + Double(index)))
        }
    }
    return values
  }

  /// Every byte form a value could leave in the file: its bytes, and their SHA-1 (what
  /// securityd stores), SHA-256 and unkeyed BLAKE2b; numbers and dates in both byte orders.
  private static func forbidden(_ value: SecValue) -> [Data] {
    var forms: [Data] = []
    switch value {
    case .string(let text): forms.append(Data(text.utf8))
    case .data(let bytes): forms.append(bytes)
    case .number(let number):
      forms += [
        withUnsafeBytes(of: number.bigEndian) { Data($0) },
        withUnsafeBytes(of: number.littleEndian) { Data($0) },
        withUnsafeBytes(of: Int32(truncatingIfNeeded: number).bigEndian) { Data($0) },
        withUnsafeBytes(of: Int32(truncatingIfNeeded: number).littleEndian) { Data($0) },
      ]
    case .date(let date):
      let bits = date.timeIntervalSinceReferenceDate.bitPattern
      forms += [
        withUnsafeBytes(of: bits.bigEndian) { Data($0) },
        withUnsafeBytes(of: bits.littleEndian) { Data($0) },
      ]
    default: break
    }
    return forms.flatMap { [$0, sha1($0), sha256($0), blake2b($0)] }
  }

  @Test(arguments: ItemClass.allCases)
  func noAttributeValueNorItsUnkeyedHashIsInTheFile(itemClass: ItemClass) throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("keychain-sim-at-rest-\(UUID().uuidString).device").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let values = Self.values(of: itemClass)
    var group = ""
    do {
      let device = try SimulatedDevice(options: .init(kdfProfile: .fast, path: path))
      var query: SecQuery = ["class": .string(itemClass.rawValue), "v_Data": secret()]
      query.merge(values) { _, new in new }
      let added = device.secItemAdd(query)
      #expect(added.status == .errSecSuccess, "\(added.explanation?.description ?? "-")")
      group = try #require(device.caller.accessGroups.first)
      // The values are all there to be found, by every attribute.
      for (name, value) in values {
        let found = device.secItemCopyMatching(["class": .string(itemClass.rawValue), name: value])
        #expect(found.status == .errSecSuccess, "\(itemClass.rawValue).\(name)")
      }
    }
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    for (name, value) in values.sorted(by: { $0.key < $1.key }) {
      for form in Self.forbidden(value) {
        #expect(bytes.range(of: form) == nil, "\(itemClass.rawValue).\(name) is in the file")
      }
    }
    // The group's name is in the device record (the caller's entitlements); its item columns
    // hold neither it nor an unkeyed hash of it.
    let row = try #require(try ItemDatabase(path: path).rows(in: itemClass).first)
    var columns = Data()
    for value in row.searchColumns.values {
      if case .blob(let hash) = value { columns.append(hash) }
      if case .hash(let hash) = value { columns.append(hash.data) }
      if case .text(let text) = value { columns.append(Data(text.utf8)) }
    }
    for sealed in row.sealedColumns.values { columns.append(sealed) }
    for form in Self.forbidden(.string(group)) {
      #expect(columns.range(of: form) == nil, "agrp is in the item's columns")
    }
  }

  // MARK: - Hashes

  private static func sha256(_ data: Data) -> Data {
    var out = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
    let bytes = [UInt8](data)
    _ = crypto_hash_sha256(&out, bytes, UInt64(bytes.count))
    return Data(out)
  }

  private static func blake2b(_ data: Data) -> Data {
    var out = [UInt8](repeating: 0, count: Int(crypto_generichash_BYTES))
    let bytes = [UInt8](data)
    _ = crypto_generichash(&out, out.count, bytes, UInt64(bytes.count), nil, 0)
    return Data(out)
  }

  /// SHA-1 (FIPS 180-4), which securityd keeps of most attributes; libsodium has none.
  static func sha1(_ data: Data) -> Data {
    var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
    var message = [UInt8](data)
    let bitLength = UInt64(message.count) * 8
    message.append(0x80)
    while message.count % 64 != 56 { message.append(0) }
    withUnsafeBytes(of: bitLength.bigEndian) { message.append(contentsOf: $0) }
    for chunk in stride(from: 0, to: message.count, by: 64) {
      var w = [UInt32](repeating: 0, count: 80)
      for i in 0..<16 {
        w[i] = message[chunk + 4 * i..<chunk + 4 * i + 4].reduce(0) { $0 << 8 | UInt32($1) }
      }
      for i in 16..<80 {
        let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
        w[i] = x << 1 | x >> 31
      }
      var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
      for i in 0..<80 {
        let (f, k): (UInt32, UInt32) =
          switch i {
          case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
          case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
          case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
          default: (b ^ c ^ d, 0xCA62_C1D6)
          }
        let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[i]
        (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, temp)
      }
      h[0] &+= a
      h[1] &+= b
      h[2] &+= c
      h[3] &+= d
      h[4] &+= e
    }
    var digest = Data()
    for word in h { withUnsafeBytes(of: word.bigEndian) { digest.append(contentsOf: $0) } }
    return digest
  }

  @Test func sha1MatchesTheStandardVector() {
    let digest = Self.sha1(Data("abc".utf8)).map { String(format: "%02x", $0) }.joined()
    #expect(digest == "a9993e364706816aba3e25717850c26c9cd0d89d")
  }
}
