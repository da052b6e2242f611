import KeychainSimulatorTesting
import Testing
import TokenStoreExample

/// The "your first test" recipe of the README and docs/facade.md, kept here so that it stays
/// true: it must pass on the first try, as written there.
@Suite struct FirstTestTests {
  @Test func aWhenUnlockedTokenIsRefusedOnceTheLockGraceEnds() throws {
    let phone = try SimulatedPhone()  // 1. a phone of its own (the documented default)
    try phone.use {  // 2. every call inside goes to this phone
      let store = LegacyTokenStore()  // saves kSecAttrAccessibleWhenUnlocked (class A)
      store.save("r1")
      try phone.lock()
      #expect(store.load() == "r1")  // 3. still readable: the 10 s class A grace period
      try phone.wait(.seconds(11))  // 4. past the grace: class A keys are gone
      #expect(store.load() == nil)  // errSecInteractionNotAllowed
      try phone.unlock()
      #expect(store.load() == "r1")
      print(phone.transcriptText)  // 5. every call and device event, with its why
    }
    // What the recipe promises the transcript explains.
    #expect(phone.transcriptText.contains("phone.lock → device locked"))
    #expect(phone.transcriptText.contains("grace period"))
    #expect(phone.transcriptText.contains("errSecInteractionNotAllowed (-25308)"))
  }

  @Test func anAfterFirstUnlockTokenIsRefusedOnlyBeforeTheFirstUnlock() throws {
    let phone = try SimulatedPhone()
    try phone.use {
      let store = TokenStore()  // saves kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
      try store.save("r1")
      try phone.lock()
      try phone.wait(.seconds(3600))
      #expect(try store.load() == "r1")  // locked, but unlocked once since boot
      try phone.reboot()
      #expect(throws: TokenStore.Failure.unavailableWhileLocked) { try store.load() }
      try phone.unlock()
      #expect(try store.load() == "r1")
    }
  }
}
