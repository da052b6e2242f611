import Foundation
import Testing

@testable import Devices
@testable import Fleet
@testable import Keychain
@testable import KeychainEngine

/// Result shapes (§4), defaults (§3, §6.3), updates and persistent references.
@Suite struct SecItemBehaviourTests {
  @Test func defaultLimitIsOneAndReturnsASingleObject() throws {
    let device = try makeDevice()
    mustAdd(device, genp("a").adding(["v_Data": secret("1")]))
    mustAdd(device, genp("b").adding(["v_Data": secret("2")]))
    let query: SecQuery = ["class": passwordClass, "r_Data": .bool(true)]
    #expect(device.secItemCopyMatching(query).result == secret("1"))
    #expect(device.secItemCopyMatching(query.adding(["m_Limit": .number(1)])).result == secret("1"))
    #expect(
      device.secItemCopyMatching(query.adding(["m_Limit": .number(2)])).result
        == .array([secret("1"), secret("2")]))
  }

  @Test func noReturnKeyIsAnExistenceCheck() throws {
    let device = try makeDevice()
    mustAdd(device, genp().adding(["v_Data": secret()]))
    let single = device.secItemCopyMatching(genp())
    #expect(single.status == .errSecSuccess)
    #expect(single.result == nil)
    let all = device.secItemCopyMatching(genp().adding(["m_Limit": .string("m_LimitAll")]))
    #expect(all.result == .array([]))
  }

  @Test func attributesCarryDefaultsAndNeverTheSecret() throws {
    let device = try makeDevice()
    _ = device.advanceClock(by: .seconds(90))
    let added = device.secItemAdd(genp().adding(["v_Data": secret(), "r_Attributes": .bool(true)]))
    guard case .dictionary(let attributes)? = added.result else {
      Issue.record("no attributes")
      return
    }
    #expect(attributes["pdmn"] == .string("ak"))
    #expect(attributes["sync"] == .bool(false))
    #expect(attributes["agrp"] == .string("ABCDE12345.com.example.app"))
    #expect(attributes["cdat"] == .date(SimulatedDevice.epochDate.addingTimeInterval(90)))
    #expect(attributes["v_Data"] == nil)
    #expect(attributes["class"] == nil)
  }

  @Test func certificatesDefaultToAlways() throws {
    let device = try makeDevice()
    let added = device.secItemAdd([
      "class": .string("cert"), "issr": .data(Data([1])), "slnr": .data(Data([2])),
      "r_Attributes": .bool(true),
    ])
    guard case .dictionary(let attributes)? = added.result else {
      Issue.record("no attributes")
      return
    }
    #expect(attributes["pdmn"] == .string("dk"))
  }

  @Test func twoItemsWithNoAccountOrServiceCollide() throws {
    let device = try makeDevice()
    mustAdd(device, ["class": passwordClass, "v_Data": secret()])
    #expect(device.secItemAdd(["class": passwordClass]).status == .errSecDuplicateItem)
  }

  /// securityd searches a blob attribute by the SHA-1 of its bytes (`SecDbQuery.c`
  /// `query_add_attribute_with_desc`, flag `S`): a string and the same bytes as data are one
  /// value, found and duplicated either way; the item keeps the type it was added with.
  @Test func aStringAndTheSameBytesAsDataAreOneValue() throws {
    let device = try makeDevice()
    mustAdd(device, genp().adding(["v_Data": secret()]))
    let asData = genp().adding(["acct": .data(Data("alice".utf8)), "r_Attributes": .bool(true)])
    let found = device.secItemCopyMatching(asData)
    #expect(found.status == .errSecSuccess)
    guard case .dictionary(let attributes)? = found.result else {
      Issue.record("expected attributes, got \(String(describing: found.result))")
      return
    }
    #expect(attributes["acct"] == .string("alice"))
    let duplicate = genp().adding(["acct": .data(Data("alice".utf8))])
    #expect(device.secItemAdd(duplicate).status == .errSecDuplicateItem)
  }

  /// A number for a blob attribute is kept as a number (`copyBlob`) and searched by its
  /// 32-bit little-endian bytes (`copyData`), which the same bytes as data also find.
  @Test func aNumberForABlobAttributeIsConvertedAsAppleDoes() throws {
    let device = try makeDevice()
    mustAdd(device, genp().adding(["labl": .number(7), "v_Data": secret()]))
    let byNumber = genp().adding(["labl": .number(7), "r_Attributes": .bool(true)])
    let found = device.secItemCopyMatching(byNumber)
    #expect(found.status == .errSecSuccess)
    if case .dictionary(let attributes)? = found.result {
      #expect(attributes["labl"] == .number(7))
    } else {
      Issue.record("expected attributes, got \(String(describing: found.result))")
    }
    let byBytes = genp().adding(["labl": .data(Data([7, 0, 0, 0]))])
    #expect(device.secItemCopyMatching(byBytes).status == .errSecSuccess)
    #expect(
      device.secItemCopyMatching(genp().adding(["labl": .number(8)])).status
        == .errSecItemNotFound)
  }

  @Test func updateChangesEveryMatchAndBumpsTheModificationDate() throws {
    let device = try makeDevice()
    mustAdd(device, genp("a").adding(["v_Data": secret()]))
    mustAdd(device, genp("b").adding(["v_Data": secret()]))
    _ = device.advanceClock(by: .minutes(5))
    let service: SecQuery = ["class": passwordClass, "svce": .string("com.example.auth")]
    #expect(device.secItemUpdate(service, ["labl": .string("L")]).status == .errSecSuccess)
    let found = device.secItemCopyMatching(
      service.adding([
        "labl": .string("L"), "m_Limit": .string("m_LimitAll"), "r_Attributes": .bool(true),
      ]))
    guard case .array(let items)? = found.result else {
      Issue.record("expected an array")
      return
    }
    #expect(items.count == 2)
    for case .dictionary(let item) in items {
      #expect(item["mdat"] == .date(SimulatedDevice.epochDate.addingTimeInterval(300)))
      #expect(item["cdat"] == .date(SimulatedDevice.epochDate))
    }
  }

  @Test func collidingUpdateRollsEverythingBack() throws {
    let device = try makeDevice()
    mustAdd(device, genp("a", service: "s1").adding(["v_Data": secret()]))
    mustAdd(device, genp("b", service: "s1").adding(["v_Data": secret()]))
    mustAdd(device, genp("b", service: "s2").adding(["v_Data": secret()]))
    // Moving both s1 items to s2: `a` would succeed, `b` collides; nothing may change.
    let outcome = device.secItemUpdate(
      ["class": passwordClass, "svce": .string("s1")], ["svce": .string("s2")])
    #expect(outcome.status == .errSecDuplicateItem)
    #expect(device.secItemCopyMatching(genp("a", service: "s1")).status == .errSecSuccess)
    #expect(device.secItemCopyMatching(genp("a", service: "s2")).status == .errSecItemNotFound)
  }

  @Test func updateCanChangeTheProtectionClass() throws {
    let device = try makeDeviceWithPasscode()
    mustAdd(device, genp().adding(["v_Data": secret()]))
    #expect(device.secItemUpdate(genp(), ["pdmn": .string("ck")]).status == .errSecSuccess)
    _ = device.lock()
    _ = device.advanceClock(by: .hours(1))
    let read = device.secItemCopyMatching(genp().adding(["r_Data": .bool(true)]))
    #expect(read.result == secret())
  }

  @Test func persistentReferenceFindsTheItem() throws {
    let device = try makeDevice()
    let added = device.secItemAdd(
      genp().adding(["v_Data": secret(), "r_PersistentRef": .bool(true)]))
    guard case .data(let reference)? = added.result else {
      Issue.record("no persistent reference")
      return
    }
    let found = device.secItemCopyMatching([
      "v_PersistentRef": .data(reference), "r_Data": .bool(true),
    ])
    #expect(found.result == secret())
    #expect(device.secItemDelete(["v_PersistentRef": .data(reference)]).status == .errSecSuccess)
    #expect(device.secItemCopyMatching(genp()).status == .errSecItemNotFound)
  }

  @Test func accessControlWithoutFlagsBehavesLikeAPlainItem() throws {
    let device = try makeDeviceWithPasscode()
    let control = try SecAccessControl.create(protection: "ck", flags: [])
    mustAdd(device, genp().adding(["accc": .accessControl(control), "v_Data": secret()]))
    let read = device.secItemCopyMatching(
      genp().adding(["r_Data": .bool(true), "r_Attributes": .bool(true)]))
    guard case .dictionary(let item)? = read.result else {
      Issue.record("expected a dictionary")
      return
    }
    #expect(item["v_Data"] == secret())
    #expect(item["pdmn"] == .string("ck"))
    #expect(item["accc"] == .accessControl(control))
    #expect(device.secItemUpdate(genp(), ["v_Data": secret("2")]).status == .errSecSuccess)
  }

  @Test func userAuthenticationItemsAreNotSilentlyRead() throws {
    // Nobody answers the prompt (the default user agent): the read fails, never succeeds.
    let device = try makeDeviceWithPasscode()
    #expect(device.enrollBiometry("alice").succeeded)
    let control = try SecAccessControl.create(protection: "akpu", flags: .biometryAny)
    mustAdd(device, genp().adding(["accc": .accessControl(control), "v_Data": secret()]))
    let read = device.secItemCopyMatching(genp().adding(["r_Data": .bool(true)]))
    #expect(read.status == .errSecAuthFailed)
    #expect(read.result == nil)
    let update = device.secItemUpdate(genp(), ["v_Data": secret("2")])
    #expect(update.status == .errSecAuthFailed)
    // Deleting needs no authentication (docs/evidence.md §7.1, case 30).
    #expect(device.secItemDelete(genp().adding(["r_Data": .bool(true)])).status == .errSecSuccess)
  }

  @Test func explanationsNeverContainSecrets() throws {
    let device = try makeDeviceWithPasscode()
    let secretText = "TOPSECRET-4711"
    mustAdd(device, genp().adding(["v_Data": secret(secretText)]))
    var outcomes = [device.secItemAdd(genp().adding(["v_Data": secret(secretText)]))]
    _ = device.lock()
    _ = device.advanceClock(by: .hours(3))
    outcomes.append(device.secItemCopyMatching(genp().adding(["r_Data": .bool(true)])))
    outcomes.append(device.secItemUpdate(genp(), ["v_Data": secret(secretText)]))
    let wrong = device.unlock(passcode: "999999")
    #expect(!wrong.succeeded)
    for outcome in outcomes {
      let text = try #require(outcome.explanation).description
      #expect(!text.contains(secretText))
    }
    #expect(!wrong.description.contains("999999"))
    #expect(try !device.listItems().description.contains(secretText))
  }

  @Test func listItemsShowsAttributesAndSaysWhenLocked() throws {
    let device = try makeDeviceWithPasscode()
    mustAdd(device, genp("a").adding(["labl": .string("Label"), "v_Data": secret()]))
    mustAdd(device, genp("b").adding(["pdmn": .string("dk"), "v_Data": secret()]))
    let unlocked = try device.listItems()
    #expect(unlocked.count == 2)
    #expect(unlocked[0].attributes["labl"] == .string("Label"))
    #expect(unlocked[0].hasData)
    _ = device.lock()
    _ = device.advanceClock(by: .hours(3))
    let locked = try device.listItems()
    guard case .locked(let reason) = locked[0].readability else {
      Issue.record("expected the class A item to be listed as locked")
      return
    }
    #expect(reason.contains("locked for 3h"))
    // Its values are sealed: only its class, protection and (known) group are shown.
    #expect(locked[0].keyAttributes.isEmpty)
    #expect(locked[0].accessGroup == unlocked[0].accessGroup)
    #expect(locked[0].protection == .ak)
    #expect(locked[0].attributes.isEmpty)
    #expect(locked[1].readability == .readable)
  }
}
