import Foundation
import KeychainSimulatorTesting
import Testing
import TokenStoreExample

/// The 3 a.m. background refresh, reproduced on the simulated phone, and the fix proven.
@Suite struct TokenStoreTests {
  let app = PhoneApp(bundleID: "com.acme.bank", teamID: "ACME123456")
  let exchange: SessionRefresher.Exchange = { old in old + "+1" }

  /// The user signs in at 11 p.m., locks the phone and goes to sleep; iOS runs the refresh
  /// task at 3 a.m.
  func night(on phone: SimulatedPhone) throws {
    try phone.lock()
    try phone.wait(.seconds(4 * 3600))
    phone.moveToBackground()
  }

  @Test func version1SignsTheUserOutAt3AM() throws {
    let phone = try SimulatedPhone(app: app)
    try phone.use {
      let store = LegacyTokenStore()
      store.save("r1")
      try night(on: phone)
      #expect(SessionRefresher.refreshLegacy(store, exchange: exchange) == .signedOut)
      // The phone says why: the item is class A and the phone is locked.
      let read = try #require(phone.transcript.first { $0.function == "SecItemCopyMatching" })
      #expect(read.statusName == "errSecInteractionNotAllowed")
      #expect(read.why?.contains("kSecAttrAccessibleWhenUnlocked") == true)
      // In the morning the token is gone: the delete at 3 a.m. worked, locked or not.
      phone.moveToForeground()
      try phone.unlock()
      #expect(store.load() == nil)
    }
  }

  @Test func theFixedStoreRefreshesWhileLocked() throws {
    let phone = try SimulatedPhone(app: app)
    try phone.use {
      let store = TokenStore()
      try store.save("r1")
      try night(on: phone)
      #expect(try SessionRefresher.refresh(store, exchange: exchange) == .refreshed)
      #expect(try store.load() == "r1+1")
    }
  }

  @Test func theFixedRefreshDefersBeforeTheFirstUnlockInsteadOfSigningOut() throws {
    let phone = try SimulatedPhone(app: app)
    try phone.use {
      let store = TokenStore()
      try store.save("r1")
      try phone.reboot()  // an update installed overnight: no unlock since boot
      phone.moveToBackground()
      #expect(try SessionRefresher.refresh(store, exchange: exchange) == .deferred)
      phone.moveToForeground()
      try phone.unlock()
      #expect(try store.load() == "r1")
    }
  }

  @Test func migratingA1_0TokenMakesTheNextNightWork() throws {
    let phone = try SimulatedPhone(app: app)
    try phone.use {
      LegacyTokenStore().save("r1")
      let store = TokenStore()
      try store.migrateAccessibility()  // at the first foreground launch of 1.1
      try night(on: phone)
      #expect(try SessionRefresher.refresh(store, exchange: exchange) == .refreshed)
      #expect(try store.load() == "r1+1")
    }
  }

  @Test func withoutMigrationA1_0TokenIsDeferredNotLost() throws {
    let phone = try SimulatedPhone(app: app)
    try phone.use {
      LegacyTokenStore().save("r1")
      try night(on: phone)
      #expect(try SessionRefresher.refresh(TokenStore(), exchange: exchange) == .deferred)
      phone.moveToForeground()
      try phone.unlock()
      #expect(try TokenStore().load() == "r1")
    }
  }
}
