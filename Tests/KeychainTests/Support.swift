import Foundation
import Testing

@testable import Keychain

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
