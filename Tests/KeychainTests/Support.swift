import Foundation
import Testing

@testable import Devices
@testable import Keychain
@testable import KeychainEngine

/// A fresh in-memory device with the fast KDF, as every test starts.
func makeDevice(caller: Caller = .default) throws -> SimulatedDevice {
  try SimulatedDevice(options: .init(kdfProfile: .fast, caller: caller))
}

/// A device with passcode 123456, unlocked.
func makeDeviceWithPasscode() throws -> SimulatedDevice {
  let device = try makeDevice()
  #expect(device.setPasscode("123456").succeeded)
  return device
}

let passwordClass: SecValue = .string("genp")

/// `[kSecClass: kSecClassGenericPassword, kSecAttrAccount: account, kSecAttrService: service]`
/// plus `extra`.
func genp(
  _ account: String = "alice", service: String = "com.example.auth", _ extra: SecQuery = [:]
) -> SecQuery {
  var query: SecQuery = [
    "class": passwordClass, "acct": .string(account), "svce": .string(service),
  ]
  query.merge(extra) { _, new in new }
  return query
}

func secret(_ text: String = "s3cret-value") -> SecValue { .data(Data(text.utf8)) }

extension SecQuery {
  func adding(_ extra: SecQuery) -> SecQuery { merging(extra) { _, new in new } }
  func removing(_ key: String) -> SecQuery {
    var copy = self
    copy[key] = nil
    return copy
  }
}

/// Adds `query` and requires success.
func mustAdd(_ device: SimulatedDevice, _ query: SecQuery) {
  let outcome = device.secItemAdd(query)
  #expect(outcome.status == .errSecSuccess, "add failed: \(outcome.explanation?.description ?? "")")
}

/// The data of a failed call, for tests that assert why it failed rather than its wording.
extension SecItemOutcome {
  var notFound: SecItemFailure.NotFound? {
    if case .itemNotFound(let notFound)? = failure { return notFound }
    return nil
  }

  var groupRefusal: SecItemFailure.GroupRefusal? {
    if case .groupNotEntitled(let refusal)? = failure { return refusal }
    return nil
  }

  var authenticationDenial: SecItemFailure.AuthenticationDenial? {
    if case .authenticationDenied(let denial)? = failure { return denial }
    return nil
  }

  var lockedItem: (item: SecItemFailure.ItemName, protection: ProtectionClass)? {
    if case .classLocked(let item, let protection, _, _)? = failure { return (item, protection) }
    return nil
  }
}
