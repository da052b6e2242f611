import Foundation
import KeychainSimulatorTesting
import Testing
import TokenStoreExample

/// The pitfall warnings `keychain-sim run` prints, on real code: the phone's transcript
/// carries them, `phone.pitfalls` lists them, and `use(strict: true)` fails on them as
/// `run --strict` does.
@Suite struct PitfallWarningTests {
  let app = PhoneApp(bundleID: "com.acme.bank", teamID: "ACME123456")
  let exchange: SessionRefresher.Exchange = { old in old + "+1" }

  func night(on phone: SimulatedPhone) throws {
    try phone.lock()
    try phone.wait(.seconds(4 * 3600))
    phone.moveToBackground()
  }

  @Test func version1ShowsItsThreeMistakes() throws {
    let phone = try SimulatedPhone(app: app)
    try phone.use {
      let store = LegacyTokenStore()
      store.save("r1")  // call 1 SecItemDelete, call 2 SecItemAdd
      try night(on: phone)
      // call 3 SecItemCopyMatching (-25308), call 4 SecItemDelete
      #expect(SessionRefresher.refreshLegacy(store, exchange: exchange) == .signedOut)
    }
    let found = phone.pitfalls
    #expect(
      found.map(\.kind) == [.deleteThenAdd, .backgroundReadOfWhenUnlockedItem, .deleteAfterFailedRead])
    #expect(found.map(\.line) == [2, 3, 4])
    #expect(found[0].earlierLine == 1)
    #expect(found[2].earlierLine == 3)
    // The words are run's, with calls for lines, and the lesson to play.
    let text = phone.transcriptText
    #expect(
      text.contains(
        "warning: pitfall at call 2: SecItemDelete at call 1 then SecItemAdd of the same item: "
          + "use SecItemUpdate"))
    #expect(text.contains("play `keychain-sim lessons secitem/update-then-add`"))
    #expect(
      text.contains(
        "warning: pitfall at call 4: the item is deleted or overwritten right after reading it "
          + "failed with errSecInteractionNotAllowed (-25308) at call 3"))
    #expect(text.contains("a background read of an item stored kSecAttrAccessibleWhenUnlocked"))
    // The warning sits right after the call that showed it.
    let entries = phone.transcriptEntries
    let deleteIndex = try #require(
      entries.lastIndex {
        if case .call(let call) = $0 { return call.function == "SecItemDelete" }
        return false
      })
    #expect(entries[deleteIndex + 1].description.hasPrefix("warning: pitfall at call 4"))
  }

  @Test func theFixedStoreShowsNone() throws {
    let phone = try SimulatedPhone(app: app)
    try phone.use(strict: true) {
      let store = TokenStore()
      try store.save("r1")
      try night(on: phone)
      #expect(try SessionRefresher.refresh(store, exchange: exchange) == .refreshed)
      try phone.reboot()
      #expect(try SessionRefresher.refresh(store, exchange: exchange) == .deferred)
    }
    #expect(phone.pitfalls.isEmpty)
    try phone.requireNoPitfalls()
  }

  @Test func strictFailsTheTestOnAPitfall() throws {
    let phone = try SimulatedPhone(app: app)
    let error = #expect(throws: PhoneError.self) {
      try phone.use(strict: true) {
        let store = LegacyTokenStore()
        store.save("r1")
        store.save("r2")
      }
    }
    #expect(error?.operation == "use(strict: true)")
    #expect(error?.reason.contains("pitfall at call 2: SecItemDelete at call 1") == true)
    #expect(throws: PhoneError.self) { try phone.requireNoPitfalls() }
    // Clearing the transcript forgets them, and what the detector knew of the calls.
    phone.clearTranscript()
    #expect(phone.pitfalls.isEmpty)
    try phone.requireNoPitfalls()
  }

  @Test func aStrictUseCountsOnlyItsOwnCalls() throws {
    let phone = try SimulatedPhone(app: app)
    phone.use { LegacyTokenStore().save("r1") }
    #expect(phone.pitfalls.count == 1)
    try phone.use(strict: true) {
      let store = TokenStore()
      try store.save("r2")
    }
  }
}
