import DeviceState
import Foundation
import Testing

@testable import Keybag

@Suite struct PersistenceTests {
  @Test func restoredKeybagWithPasscodeComesBackBeforeFirstUnlock() throws {
    let keybag = try keybagWithPasscode()
    let items = try Dictionary(
      uniqueKeysWithValues: ProtectionClass.allCases.map {
        ($0, try keybag.seal(secret, in: $0, context: identity))
      })
    let restored = try Keybag(restoring: keybag.persisted, profile: .fast)
    #expect(restored.hasPasscode)
    #expect(restored.loadedClasses == classesD)
    for (protectionClass, sealed) in items {
      if classesD.contains(protectionClass) {
        #expect(try restored.open(sealed, in: protectionClass, context: identity) == secret)
      } else {
        #expect(throws: KeybagError.classUnavailable(protectionClass)) {
          try restored.open(sealed, in: protectionClass, context: identity)
        }
      }
    }
    #expect(throws: KeybagError.wrongPasscode) { try restored.unlock(passcode: "000000") }
    try restored.unlock(passcode: passcode)
    for (protectionClass, sealed) in items {
      #expect(try restored.open(sealed, in: protectionClass, context: identity) == secret)
    }
  }

  @Test func restoredKeybagWithoutPasscodeLoadsEverything() throws {
    let keybag = Keybag(profile: .fast)
    let sealed = try keybag.seal(secret, in: .ak, context: identity)
    let restored = try Keybag(restoring: keybag.persisted, profile: .fast)
    #expect(restored.loadedClasses == Set(ProtectionClass.allCases).subtracting([.akpu]))
    #expect(try restored.open(sealed, in: .ak, context: identity) == secret)
  }

  @Test func persistingIsStable() throws {
    let keybag = try keybagWithPasscode()
    let restored = try Keybag(restoring: keybag.persisted, profile: .fast)
    #expect(restored.persisted == keybag.persisted)
  }

  @Test func destroyedKeysStayDestroyedAcrossARestore() throws {
    let keybag = try keybagWithPasscode()
    let sealed = try keybag.seal(secret, in: .akpu, context: identity)
    try keybag.removePasscode(current: passcode)
    let restored = try Keybag(restoring: keybag.persisted, profile: .fast)
    #expect(throws: KeybagError.keyDestroyed) {
      try restored.open(sealed, in: .akpu, context: identity)
    }
  }

  @Test func storedKDFParametersOutliveTheProfile() throws {
    let keybag = try keybagWithPasscode()
    let restored = try Keybag(restoring: keybag.persisted, profile: .realistic)
    #expect(restored.kdfParameters == KDFProfile.fast.parameters)
    try restored.unlock(passcode: passcode)
    #expect(restored.profile == .realistic)
  }

  @Test func noPlaintextKeyMaterialInTheBlob() throws {
    let keybag = try keybagWithPasscode()
    let blob = keybag.persisted.bytes
    for protectionClass in ProtectionClass.allCases {
      let key = try #require(keybag.loaded[protectionClass])
      #expect(blob.range(of: Data(key.bytesForTesting)) == nil)
    }
  }

  // MARK: - Corrupt blobs

  @Test func everyTruncationIsCorrupt() throws {
    let blob = try keybagWithPasscode().persisted.bytes
    for length in 0..<blob.count {
      do {
        _ = try Keybag(restoring: PersistedKeybag(bytes: blob.prefix(length)), profile: .fast)
        Issue.record("a blob truncated to \(length) bytes was accepted")
      } catch {
        guard case .corrupt(let message) = error else {
          Issue.record("truncated to \(length): \(error)")
          continue
        }
        #expect(message.contains("truncated") || message.contains("not a keybag"), "\(message)")
      }
    }
  }

  static let corruptions: [(name: String, edit: @Sendable (inout [UInt8]) -> Void, says: String)] =
    [
      ("empty", { $0 = [] }, "truncated at byte 0 reading magic"),
      ("bad magic", { $0[0] = UInt8(ascii: "X") }, "not a keybag"),
      ("future version", { $0[4] = 3 }, "unsupported version 3; this build reads version 2"),
      ("version zero", { $0[4] = 0 }, "unsupported version 0"),
      ("huge memLimit", { $0[13] = 0xff }, "KDF parameters out of range"),
      (
        "zero opsLimit", { $0.replaceSubrange(5..<13, with: [UInt8](repeating: 0, count: 8)) },
        "KDF parameters out of range"
      ),
      ("garbled UID", { $0[21] ^= 0x01 }, "does not unwrap under the UID"),
      ("bad passcode flag", { $0[53] = 7 }, "passcode flag is 7, expected 0 or 1"),
      ("trailing byte", { $0.append(0) }, "1 unexpected bytes after the end"),
      (
        "unknown class", { $0[72] = UInt8(ascii: "z") },
        "unknown protection class in class key entry 0"
      ),
    ]

  @Test(arguments: corruptions.indices)
  func corruptBlobSaysWhy(_ index: Int) throws {
    let corruption = Self.corruptions[index]
    var bytes = Array(try keybagWithPasscode().persisted.bytes)
    // Offsets: magic 0..<4, version 4, opsLimit 5..<13, memLimit 13..<21, UID 21..<53,
    // flag 53, salt 54..<70, class count 70, first entry: length 71, name "ak" 72...
    corruption.edit(&bytes)
    do {
      _ = try Keybag(restoring: PersistedKeybag(bytes: Data(bytes)), profile: .fast)
      Issue.record("\(corruption.name) was accepted")
    } catch {
      guard case .corrupt(let message) = error else {
        Issue.record("\(corruption.name): expected .corrupt, got \(error)")
        return
      }
      #expect(message.contains(corruption.says), "\(corruption.name): \(message)")
    }
  }

  @Test func duplicateOrMissingClassesAreCorrupt() throws {
    let keybag = Keybag(profile: .fast)
    var bytes = Array(keybag.persisted.bytes)
    // No passcode: flag at 53, class count at 54, entries of 1 + 2 + 16 + 72 = 91 bytes ("ak").
    #expect(bytes[54] == 6)
    let first = Array(bytes[55..<146])
    bytes.replaceSubrange(146..<(146 + 91), with: first)  // "ck" entry replaced by "ak" again
    #expect(throws: KeybagError.corrupt("the ak class key appears twice")) {
      try Keybag(restoring: PersistedKeybag(bytes: Data(bytes)), profile: .fast)
    }
    var missing = Array(keybag.persisted.bytes)
    missing[54] = 5
    missing.removeSubrange(55..<146)
    #expect(throws: KeybagError.corrupt("the ak class key is missing")) {
      try Keybag(restoring: PersistedKeybag(bytes: Data(missing)), profile: .fast)
    }
  }

  @Test func corruptMessagesNeverLeakKeyBytes() throws {
    let keybag = try keybagWithPasscode()
    var bytes = Array(keybag.persisted.bytes)
    bytes[21] ^= 1
    #expect(throws: KeybagError.self) {
      try Keybag(restoring: PersistedKeybag(bytes: Data(bytes)), profile: .fast)
    }
    #expect("\(keybag.uid)" == "<redacted>")
  }
}
