import Foundation
import KeychainEngine
import Testing

@testable import KeyEngine

@Suite struct KeyGenerationTests {
  @Test func softwareKeysAreNotStoredUnlessAskedAndTheSubDictionaryWins() throws {
    let ephemeral = try KeyGeneration(parameters: ["type": .string("73"), "bsiz": .number(256)])
    #expect(ephemeral.itemsToAdd.isEmpty)
    #expect(ephemeral.privateKey.keyClass == .private && ephemeral.publicKey.keyClass == .public)

    // Apple's usual sample: kSecAttrIsPermanent inside kSecPrivateKeyAttrs stores only the
    // private key, with the sub-dictionary's tag.
    let privateOnly = try KeyGeneration(parameters: [
      "type": .string("73"), "bsiz": .string("256"), "atag": .data(Data("top".utf8)),
      "private": .dictionary(["perm": .bool(true), "atag": .data(Data("mine".utf8))]),
    ])
    #expect(privateOnly.itemsToAdd.count == 1)
    let item = try #require(privateOnly.itemsToAdd.first)
    #expect(item["kcls"] == .string("1"))
    #expect(item["atag"] == .data(Data("mine".utf8)))
    #expect(item["class"] == .string("keys"))
    #expect(item["private"] == nil && item["type"] == .string("73"))

    // At the top level both keys are stored, public first.
    let both = try KeyGeneration(parameters: [
      "type": .string("73"), "bsiz": .number(256), "perm": .bool(true),
    ])
    #expect(both.itemsToAdd.map { $0["kcls"] } == [.string("0"), .string("1")])
  }

  @Test func aPermanentFlagThatIsNotABooleanIsIgnoredAsApplesGetBoolForKeyDoes() throws {
    let generation = try KeyGeneration(parameters: [
      "type": .string("73"), "bsiz": .number(256), "perm": .number(1),
    ])
    #expect(generation.itemsToAdd.isEmpty)
  }

  @Test func missingTypesAndDisallowedSizesFailWithApplesCodes() {
    #expect(throws: KeyFailure(.errSecParam, "incorrect or missing kSecAttrKeyType in key generation request")) {
      try KeyGeneration(parameters: ["bsiz": .number(256)])
    }
    // The type must be the CFString constant: a number is not equal to kSecAttrKeyTypeEC.
    #expect(throws: KeyFailure.self) {
      try KeyGeneration(parameters: ["type": .number(73), "bsiz": .number(256)])
    }
    for (type, bits) in [("73", 255), ("73", 192), ("42", 256), ("42", 16384)] {
      do {
        _ = try KeyGeneration(parameters: ["type": .string(type), "bsiz": .number(Int64(bits))])
        Issue.record("\(type)/\(bits) should be refused")
      } catch {
        #expect(error.status.rawValue == -25311)  // errSecKeySizeNotAllowed
      }
    }
    do {
      _ = try KeyGeneration(parameters: [
        "type": .string("73"), "bsiz": .number(256), "tkid": .string("com.apple.setoken"),
      ])
      Issue.record("a Secure Enclave key should be refused on a device without one")
    } catch {
      #expect(error.status == .errSecUnimplemented)
    }
  }

  @Test func attributesFollowSecKeyCopyAttributes() throws {
    let key = try KeyGeneration(parameters: ["type": .string("42"), "bsiz": .number(1024)])
    let privateAttributes = try key.privateKey.attributes()
    let publicAttributes = try key.publicKey.attributes()
    #expect(privateAttributes["kcls"] == .string("1") && publicAttributes["kcls"] == .string("0"))
    #expect(privateAttributes["bsiz"] == .number(1024))
    #expect(privateAttributes["perm"] == .bool(true))
    // Apple's quirks: an RSA private key cannot derive, an RSA public key "can decrypt".
    #expect(privateAttributes["drve"] == .bool(false) && privateAttributes["sign"] == .bool(true))
    #expect(publicAttributes["decr"] == .bool(true) && publicAttributes["vrfy"] == .bool(true))
    // Both halves share the application label: SHA-1 of the PKCS#1 public key.
    #expect(privateAttributes["klbl"] == publicAttributes["klbl"])
    guard case .data(let label)? = privateAttributes["klbl"] else {
      Issue.record("no klbl")
      return
    }
    #expect(label.count == 20)
  }

  @Test func importTakesStringsOrNumbersAndNamesWhatIsWrong() throws {
    let generated = try KeyGeneration(parameters: ["type": .string("73"), "bsiz": .number(384)])
    let bytes = try generated.publicKey.externalRepresentation()
    let imported = try KeyImport.key(
      data: bytes, attributes: ["type": .number(73), "kcls": .string("0")])
    #expect(imported.sizeInBits == 384 && imported.keyClass == .public)
    #expect(try imported.applicationLabel() == generated.privateKey.applicationLabel())
    #expect(throws: KeyFailure(.errSecParam, "Unsupported key class: (null)")) {
      try KeyImport.key(data: bytes, attributes: ["type": .string("73")])
    }
    #expect(throws: KeyFailure(.errSecParam, "Failed to provide key data to SecKeyCreateWithData")) {
      try KeyImport.key(data: nil, attributes: ["type": .string("73"), "kcls": .string("0")])
    }
    do {
      _ = try KeyImport.key(
        data: Data(bytes.dropLast()), attributes: ["type": .string("73"), "kcls": .string("0")])
      Issue.record("truncated key data should be refused")
    } catch {
      #expect(error.status == .errSecParam)
      #expect(error.message.hasPrefix("EC public key creation from data failed"))
    }
  }
}
