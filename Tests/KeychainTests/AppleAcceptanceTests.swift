import Foundation
import Testing

@testable import Devices
@testable import Fleet
@testable import Keychain
@testable import KeychainEngine

/// docs/evidence.md §9: the statuses Apple's own regression tests assert, case by case.
@Suite struct AppleAcceptanceTests {
  static let inet: SecQuery = [
    "class": .string("inet"), "srvr": .string("members.spamcop.net"), "acct": .string("smith"),
    "port": .number(80), "ptcl": .string("http"), "atyp": .string("dflt"),
  ]

  @Test("§9 case 1: CopyMatching on an empty keychain → errSecItemNotFound, no result")
  func case1() throws {
    let outcome = try makeDevice().secItemCopyMatching(genp().adding(["r_Data": .bool(true)]))
    #expect(outcome.status == .errSecItemNotFound)
    #expect(outcome.result == nil)
  }

  @Test("§9 case 2: certificate added twice → duplicate; delete; add without return key → nil")
  func case2() throws {
    // Apple adds by kSecValueRef; the simulator has no SecCertificateRef, so by attributes.
    let device = try makeDevice()
    let cert: SecQuery = [
      "class": .string("cert"), "ctyp": .number(1), "issr": .data(Data([1, 2, 3])),
      "slnr": .data(Data([9])), "v_Data": .data(Data([0x30, 0x82])),
    ]
    mustAdd(device, cert)
    #expect(device.secItemAdd(cert).status == .errSecDuplicateItem)
    #expect(device.secItemDelete(cert.removing("v_Data")).status == .errSecSuccess)
    let again = device.secItemAdd(cert)
    #expect(again.status == .errSecSuccess)
    #expect(again.result == nil)
  }

  @Test("§9 case 3: internet password added twice → errSecDuplicateItem")
  func case3() throws {
    let device = try makeDevice()
    mustAdd(device, Self.inet.adding(["v_Data": secret()]))
    #expect(
      device.secItemAdd(Self.inet.adding(["v_Data": secret()])).status == .errSecDuplicateItem)
  }

  @Test("§9 case 4: CopyMatching with every attribute but the data → success")
  func case4() throws {
    let device = try makeDevice()
    mustAdd(device, Self.inet.adding(["v_Data": secret()]))
    #expect(device.secItemCopyMatching(Self.inet).status == .errSecSuccess)
  }

  @Test("§9 case 5: update server → 0; again → -25300; delete original → -25300")
  func case5() throws {
    let device = try makeDevice()
    mustAdd(device, Self.inet.adding(["v_Data": secret()]))
    let change: SecQuery = ["srvr": .string("www.spamcop.net")]
    #expect(device.secItemUpdate(Self.inet, change).status == .errSecSuccess)
    #expect(device.secItemUpdate(Self.inet, change).status == .errSecItemNotFound)
    #expect(device.secItemDelete(Self.inet).status == .errSecItemNotFound)
    #expect(device.secItemCopyMatching(Self.inet.adding(change)).status == .errSecSuccess)
  }

  @Test("§9 case 6: update causing a duplicate primary key → errSecDuplicateItem")
  func case6() throws {
    let device = try makeDevice()
    mustAdd(device, Self.inet.adding(["v_Data": secret()]))
    let change: SecQuery = ["srvr": .string("www.spamcop.net")]
    #expect(device.secItemUpdate(Self.inet, change).status == .errSecSuccess)
    mustAdd(device, Self.inet.adding(["v_Data": secret()]))
    let collision = device.secItemUpdate(Self.inet, change)
    #expect(collision.status == .errSecDuplicateItem)
    // The explanation names the item as the update would have made it.
    #expect(collision.explanation?.cause.contains("www.spamcop.net") == true)
    #expect(device.secItemCopyMatching(Self.inet).status == .errSecSuccess)
  }

  @Test("§9 case 7: update kSecValueData → 0; NULL → -50; CFString → -50")
  func case7() throws {
    let device = try makeDevice()
    mustAdd(device, genp().adding(["v_Data": secret("old")]))
    #expect(device.secItemUpdate(genp(), ["v_Data": secret("new")]).status == .errSecSuccess)
    #expect(device.secItemUpdate(genp(), ["v_Data": .null]).status == .errSecParam)
    #expect(device.secItemUpdate(genp(), ["v_Data": .string("new")]).status == .errSecParam)
    let read = device.secItemCopyMatching(genp().adding(["r_Data": .bool(true)]))
    #expect(read.result == secret("new"))
  }

  @Test("§9 case 8: synchronizable item: add, find (true / any), update, delete")
  func case8() throws {
    let device = try makeDevice()
    let sync = genp().adding(["sync": .bool(true)])
    let added = device.secItemAdd(sync.adding(["v_Data": secret(), "r_Attributes": .bool(true)]))
    #expect(added.status == .errSecSuccess)
    guard case .dictionary(let attributes)? = added.result else {
      Issue.record("expected attributes, got \(String(describing: added.result))")
      return
    }
    #expect(attributes["sync"] == .bool(true))
    #expect(device.secItemCopyMatching(sync).status == .errSecSuccess)
    #expect(
      device.secItemCopyMatching(genp().adding(["sync": .string("syna")])).status == .errSecSuccess)
    #expect(device.secItemUpdate(sync, ["labl": .string("x")]).status == .errSecSuccess)
    #expect(device.secItemDelete(sync).status == .errSecSuccess)
  }

  @Test("§9 case 9: kSecMatchLimitAll + kSecReturnData (+ PersistentRef) → arrays")
  func case9() throws {
    let device = try makeDevice()
    mustAdd(device, genp().adding(["v_Data": secret()]))
    let all: SecQuery = genp().adding(["m_Limit": .string("m_LimitAll")])
    let data = device.secItemCopyMatching(all.adding(["r_Data": .bool(true)]))
    #expect(data.status == .errSecSuccess)
    #expect(data.result == .array([secret()]))
    let both = device.secItemCopyMatching(
      all.adding(["r_Data": .bool(true), "r_PersistentRef": .bool(true)]))
    guard case .array(let items)? = both.result, items.count == 1,
      case .dictionary(let item) = items[0]
    else {
      Issue.record("expected an array of one dictionary, got \(String(describing: both.result))")
      return
    }
    #expect(item["v_Data"] == secret())
    #expect(item["v_PersistentRef"] != nil)
    let references = device.secItemCopyMatching(all.adding(["r_PersistentRef": .bool(true)]))
    guard case .array(let refs)? = references.result, case .data? = refs.first else {
      Issue.record("expected an array of data, got \(String(describing: references.result))")
      return
    }
    #expect(refs.count == 1)
  }

  @Test("§9 case 10: item without data: LimitAll + Data + Attributes → dict without v_Data")
  func case10() throws {
    let device = try makeDevice()
    mustAdd(device, genp())
    let outcome = device.secItemCopyMatching(
      genp().adding([
        "m_Limit": .string("m_LimitAll"), "r_Data": .bool(true), "r_Attributes": .bool(true),
      ]))
    #expect(outcome.status == .errSecSuccess)
    guard case .array(let items)? = outcome.result, case .dictionary(let item)? = items.first else {
      Issue.record("expected an array of one dictionary, got \(String(describing: outcome.result))")
      return
    }
    #expect(items.count == 1)
    #expect(item["v_Data"] == nil)
    #expect(item["svce"] == .string("com.example.auth"))
    #expect(item["acct"] == .string("alice"))
  }

  @Test(
    "§9 case 17: update query with a return key → errSecParam",
    arguments: ["r_Attributes", "r_Data", "r_Ref", "r_PersistentRef"])
  func case17(returnKey: String) throws {
    let device = try makeDevice()
    mustAdd(device, genp().adding(["v_Data": secret()]))
    let outcome = device.secItemUpdate(
      genp().adding([returnKey: .bool(true)]), ["labl": .string("x")])
    #expect(outcome.status == .errSecParam)
  }

  @Test("§9 case 18: kSecAttrAccessControl given as a string → -50 on add and delete")
  func case18() throws {
    let device = try makeDevice()
    #expect(device.secItemAdd(genp().adding(["accc": .string("x")])).status == .errSecParam)
    #expect(device.secItemDelete(genp().adding(["accc": .string("x")])).status == .errSecParam)
  }

  @Test("§9 case 19: kSecAttrAppClipItem → -50 in every call and dictionary")
  func case19() throws {
    let device = try makeDevice()
    let clip: SecQuery = ["clip": .bool(true)]
    #expect(device.secItemAdd(genp().adding(clip)).status == .errSecParam)
    #expect(device.secItemCopyMatching(genp().adding(clip)).status == .errSecParam)
    #expect(
      device.secItemUpdate(genp().adding(clip), ["labl": .string("x")]).status == .errSecParam)
    #expect(device.secItemUpdate(genp(), clip).status == .errSecParam)
    #expect(device.secItemDelete(genp().adding(clip)).status == .errSecParam)
  }

  @Test("§9 case 20: kSecReturnRef on a generic password → success and nil")
  func case20() throws {
    let device = try makeDevice()
    let added = device.secItemAdd(genp().adding(["v_Data": secret(), "r_Ref": .bool(true)]))
    #expect(added.status == .errSecSuccess)
    #expect(added.result == nil)
    let found = device.secItemCopyMatching(genp().adding(["r_Ref": .bool(true)]))
    #expect(found.status == .errSecSuccess)
    #expect(found.result == nil)
    #expect(device.secItemDelete(genp()).status == .errSecSuccess)
  }

  @Test("§9 case 21: class A item while locked → -25308 and no result; after unlock → 0")
  func case21() throws {
    let device = try makeDeviceWithPasscode()
    mustAdd(device, genp().adding(["v_Data": secret(), "pdmn": .string("ak")]))
    _ = device.lock()
    _ = device.advanceClock(by: .seconds(11))
    let read = genp().adding(["r_Data": .bool(true)])
    let locked = device.secItemCopyMatching(read)
    #expect(locked.status == .errSecInteractionNotAllowed)
    #expect(locked.result == nil)
    #expect(device.unlock(passcode: "123456").succeeded)
    #expect(device.secItemCopyMatching(read).result == secret())
  }

  @Test("§9 case 22: adding a class A item while locked → -25308; first item readable after")
  func case22() throws {
    let device = try makeDeviceWithPasscode()
    mustAdd(device, genp("first").adding(["v_Data": secret()]))
    _ = device.lock()
    _ = device.advanceClock(by: .seconds(11))
    #expect(
      device.secItemAdd(genp("second").adding(["v_Data": secret()])).status
        == .errSecInteractionNotAllowed)
    _ = device.unlock(passcode: "123456")
    #expect(device.secItemCopyMatching(genp("first")).status == .errSecSuccess)
    #expect(device.secItemCopyMatching(genp("second")).status == .errSecItemNotFound)
  }

  @Test("§9 case 24: akpu items vanish with the passcode; add needs one")
  func case24() throws {
    let device = try makeDeviceWithPasscode()
    let akpu = genp().adding(["pdmn": .string("akpu"), "v_Data": secret()])
    mustAdd(device, akpu)
    #expect(device.secItemCopyMatching(genp()).status == .errSecSuccess)
    #expect(device.removePasscode(current: "123456").succeeded)
    #expect(device.secItemCopyMatching(genp()).status == .errSecItemNotFound)
    let refused = device.secItemAdd(akpu)
    #expect(refused.status == .errSecNotAvailable)
    guard case .akpuWithoutPasscode? = refused.failure else {
      Issue.record("not refused for want of a passcode: \(String(describing: refused.failure))")
      return
    }
    #expect(device.setPasscode("654321").succeeded)
    #expect(device.secItemCopyMatching(genp()).status == .errSecItemNotFound)
    #expect(device.secItemAdd(akpu).status == .errSecSuccess)
  }

  @Test("§9 case 25: kSecUseAuthenticationUISkip on add and delete → -50")
  func case25() throws {
    let device = try makeDeviceWithPasscode()
    let control = try SecAccessControl.create(protection: "akpu", flags: .devicePasscode)
    let query = genp().adding([
      "accc": .accessControl(control), "u_AuthUI": .string("u_AuthUIS"), "v_Data": secret(),
    ])
    #expect(device.secItemAdd(query).status == .errSecParam)
    #expect(device.secItemDelete(query.removing("v_Data")).status == .errSecParam)
  }

  @Test("§9 case 31: deleting by service removes all 50 items")
  func case31() throws {
    let device = try makeDevice()
    for index in 0..<50 { mustAdd(device, genp("account-\(index)").adding(["v_Data": secret()])) }
    let byService: SecQuery = ["class": passwordClass, "svce": .string("com.example.auth")]
    #expect(device.secItemDelete(byService).status == .errSecSuccess)
    for index in 0..<50 {
      #expect(device.secItemCopyMatching(genp("account-\(index)")).status == .errSecItemNotFound)
    }
  }

  @Test("§9 case 32: SecAccessControlCreateWithFlags rejects Apple's invalid combinations")
  func case32() {
    #expect(throws: SecAccessControlError.self) {
      try SecAccessControl.create(protection: "dk", flags: [.userPresence, .biometryAny])
    }
    #expect(throws: SecAccessControlError.self) {
      try SecAccessControl.create(protection: nil, flags: .userPresence)
    }
  }
}
