import Testing

@testable import DeviceState

@Suite struct ProtectionClassTests {
  @Test(arguments: ProtectionClass.allCases)
  func appleNameRoundTrips(_ protectionClass: ProtectionClass) {
    #expect(ProtectionClass(appleName: protectionClass.appleName) == protectionClass)
    #expect(protectionClass.appleName.hasPrefix("kSecAttrAccessible"))
  }

  @Test(arguments: ProtectionClass.allCases)
  func tierAndDeviceOnlyMatchApple(_ protectionClass: ProtectionClass) {
    // docs/evidence.md §6.1; written as an exhaustive switch so a new class must be classified
    // here.
    let (tier, deviceOnly, rawValue, appleName): (ProtectionTier, Bool, String, String) =
      switch protectionClass {
      case .ak: (.a, false, "ak", "kSecAttrAccessibleWhenUnlocked")
      case .ck: (.c, false, "ck", "kSecAttrAccessibleAfterFirstUnlock")
      case .dk: (.d, false, "dk", "kSecAttrAccessibleAlways")
      case .aku: (.a, true, "aku", "kSecAttrAccessibleWhenUnlockedThisDeviceOnly")
      case .cku: (.c, true, "cku", "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly")
      case .dku: (.d, true, "dku", "kSecAttrAccessibleAlwaysThisDeviceOnly")
      case .akpu: (.a, true, "akpu", "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly")
      }
    #expect(protectionClass.tier == tier)
    #expect(protectionClass.isThisDeviceOnly == deviceOnly)
    #expect(protectionClass.rawValue == rawValue)
    #expect(protectionClass.appleName == appleName)
  }

  @Test func unknownAppleNameIsNil() {
    #expect(ProtectionClass(appleName: "kSecAttrAccessibleSometimes") == nil)
    #expect(ProtectionClass(appleName: "ak") == nil)
  }

  @Test func tiersPartitionTheClasses() {
    #expect(ProtectionTier.a.classes == [.ak, .aku, .akpu])
    #expect(ProtectionTier.c.classes == [.ck, .cku])
    #expect(ProtectionTier.d.classes == [.dk, .dku])
  }
}
