import Foundation
import TestSupport
import Testing

@testable import Keychain
@testable import KeychainEngine

/// Property: whatever dictionaries the four SecItem calls get, they return one of the statuses
/// Security documents for them (never crash), failures carry an explanation, and a call that
/// fails changes nothing. Deterministic: a fixed seed per run.
@Suite struct RandomQueryPropertyTests {
  /// Every status a SecItem call may return in this simulator.
  static let allowed: Set<OSStatus> = [
    .errSecSuccess, .errSecUnimplemented, .errSecParam, .errSecUserCanceled,
    .errSecMissingEntitlement, .errSecNotAvailable, .errSecAuthFailed, .errSecDuplicateItem,
    .errSecItemNotFound, .errSecNoSuchAttr, .errSecNoSuchClass, .errSecInteractionNotAllowed,
  ]

  static let keys = [
    "class", "acct", "svce", "agrp", "pdmn", "sync", "labl", "gena", "accc", "srvr", "port",
    "ptcl", "atag", "klbl", "cdat", "clip", "nleg", "tomb", "musr", "m_Limit",
    "m_CaseInsensitive", "r_Data", "r_Attributes", "r_Ref", "r_PersistentRef", "v_Data",
    "v_Ref", "v_PersistentRef", "u_AuthUI", "u_AuthCtx", "u_OpPrompt", "u_NoAuthUI",
    "u_CredRef", "u_Bogus", "bogus", "", "fIgnored", "🔑", "a\u{0}cc", "acc",
  ]

  static let strings = [
    "genp", "inet", "cert", "keys", "idnt", "bogus", "", "ak", "akpu", "dk", "syna",
    "m_LimitAll", "m_LimitOne", "u_AuthUIS", "u_AuthUIF", "u_AuthUIA",
    "ABCDE12345.com.example.app", "com.apple.token", "a\u{0}b", "🔑🗝️",
    "$(AppIdentifierPrefix)x",
    String(repeating: "x", count: 10_000),
  ]

  struct Generator {
    var random: SplitMix64

    mutating func value(depth: Int = 0) -> SecValue {
      switch Int.random(in: 0..<13, using: &random) {
      case 0, 1, 2: return .string(Self.pick(RandomQueryPropertyTests.strings, &random))
      case 3: return .data(Data((0..<Int.random(in: 0..<40, using: &random)).map { UInt8($0) }))
      case 4: return .number([0, 1, -1, 2, -7, .max, .min].randomElement(using: &random)!)
      case 5, 6: return .bool(Bool.random(using: &random))
      case 7: return .date(Date(timeIntervalSinceReferenceDate: 1000))
      case 8: return depth > 1 ? .null : .array([value(depth: depth + 1)])
      case 9: return depth > 1 ? .null : .dictionary(["acct": value(depth: depth + 1)])
      case 10:
        let control = try? SecAccessControl.create(
          protection: Self.pick(["ak", "akpu", "dk", "bogus"], &random),
          flags: Self.pick([[], .userPresence, .biometryAny, .devicePasscode], &random))
        return control.map(SecValue.accessControl) ?? .null
      case 11: return .authenticationContext(LAContext())
      default: return .null
      }
    }

    mutating func query() -> SecQuery {
      var query: SecQuery = [:]
      if Int.random(in: 0..<4, using: &random) > 0 {
        query["class"] = .string(Self.pick(["genp", "inet", "cert", "keys"], &random))
      }
      for _ in 0..<Int.random(in: 0..<7, using: &random) {
        query[Self.pick(RandomQueryPropertyTests.keys, &random)] = value()
      }
      return query
    }

    static func pick<T>(_ values: [T], _ random: inout SplitMix64) -> T {
      values[Int.random(in: 0..<values.count, using: &random)]
    }
  }

  @Test(arguments: [UInt64(1), 2, 3, 4])
  func randomDictionariesNeverCrashAndGetKnownStatuses(seed: UInt64) throws {
    let device = try makeDeviceWithPasscode()
    mustAdd(device, genp("anchor").adding(["v_Data": secret()]))
    var generator = Generator(random: SplitMix64(seed: seed))
    var seen: Set<OSStatus> = []
    for round in 0..<150 {
      if round == 50 { _ = device.lock() }
      if round == 60 { _ = device.advanceClock(by: .seconds(30)) }
      if round == 100 { _ = device.unlock(passcode: "123456") }
      let query = generator.query()
      let before = try device.listItems().count
      let outcome: SecItemOutcome
      let call = round % 4
      switch call {
      case 0: outcome = device.secItemAdd(query)
      case 1: outcome = device.secItemCopyMatching(query)
      case 2: outcome = device.secItemUpdate(query, generator.query().removing("class"))
      default: outcome = device.secItemDelete(query)
      }
      #expect(Self.allowed.contains(outcome.status), "round \(round): \(outcome.status)")
      seen.insert(outcome.status)
      if outcome.status != .errSecSuccess {
        #expect(outcome.explanation != nil, "round \(round): \(outcome.status) unexplained")
        #expect(
          try device.listItems().count == before, "round \(round): a failed call changed items")
        #expect(outcome.result == nil)
      }
    }
    // The generator reaches the parser's errors, the engine's and successes alike.
    #expect(seen.isSuperset(of: [.errSecSuccess, .errSecParam, .errSecItemNotFound]), "\(seen)")
    #expect(seen.count >= 5, "\(seen)")
    // Whatever happened, the store is still consistent and readable.
    _ = device.unlock(passcode: "123456")
    let all = device.secItemCopyMatching([
      "class": passwordClass, "m_Limit": .string("m_LimitAll"),
      "sync": .string("syna"), "r_Attributes": .bool(true),
    ])
    #expect([.errSecSuccess, .errSecItemNotFound].contains(all.status))
  }

  /// Mutations of one valid query (one key replaced by a random value) for every call.
  @Test func mutatedValidQueries() throws {
    let device = try makeDevice()
    var generator = Generator(random: SplitMix64(seed: 99))
    let valid = genp("m").adding(["v_Data": secret(), "r_Attributes": .bool(true)])
    for key in valid.keys.sorted() {
      for _ in 0..<20 {
        var query = valid
        query[key] = generator.value()
        for outcome in [
          device.secItemAdd(query), device.secItemCopyMatching(query.removing("v_Data")),
          device.secItemUpdate(query.removing("r_Attributes"), ["labl": generator.value()]),
          device.secItemDelete(query.removing("r_Attributes")),
        ] {
          #expect(Self.allowed.contains(outcome.status), "\(key): \(outcome.status)")
        }
      }
    }
  }
}
