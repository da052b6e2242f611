// The cost of Apple's API on Linux: SecItemCopyMatching through the Security module (type
// translation, the phone's lock, the transcript) against the engine's own call on the same
// phone and items. This file imports Security, not Keychain: the two declare the same names.

import Foundation
import KeychainSimulatorTesting
import Security

/// A phone in the documented default state, for the facade measurements.
func makeBenchPhone() throws -> SimulatedPhone {
  try SimulatedPhone(app: PhoneApp(bundleID: "com.example.bench", teamID: "BENCH12345"))
}

private func facadeQuery(_ index: Int) -> [String: Any] {
  [
    kSecClass as String: kSecClassGenericPassword,
    kSecAttrAccount as String: "account-\(index)",
    kSecAttrService as String: "com.example.bench",
  ]
}

/// Adds `size` items through SecItemAdd; returns how many failed.
func facadeFill(_ phone: SimulatedPhone, size: Int) -> Int {
  phone.use {
    var failed = 0
    for index in 0..<size {
      var add = facadeQuery(index)
      add[kSecValueData as String] = Data(repeating: 0x42, count: 32)
      if SecItemAdd(add as CFDictionary, nil) != errSecSuccess { failed += 1 }
    }
    return failed
  }
}

/// The queries of `count` copies by primary key (stride `stride` over the items), as client
/// code passes them.
func facadeQueries(count: Int, stride: Int) -> [CFDictionary] {
  (0..<count).map { index -> CFDictionary in
    var query = facadeQuery((index * stride) % 1_000)
    query[kSecReturnData as String] = kCFBooleanTrue!
    return query as CFDictionary
  }
}

/// One SecItemCopyMatching with the result cast to `Data` as client code does; true when it
/// succeeded.
@inline(never)
func facadeCopyLoop(_ query: CFDictionary) -> Bool {
  var result: AnyObject?
  return SecItemCopyMatching(query, &result) == errSecSuccess && result is Data
}

/// Calls per second of SecItemCopyMatching by primary key through the Security module, with
/// the result cast to `Data` as client code does.
func facadeCopyRate(_ phone: SimulatedPhone, count: Int, stride: Int, failures: inout Int)
  -> Double
{
  let queries = facadeQueries(count: count, stride: stride)
  var failed = 0
  let elapsed = phone.use {
    seconds {
      for query in queries where !facadeCopyLoop(query) { failed += 1 }
    }
  }
  failures += failed
  phone.clearTranscript()
  return Double(count) / elapsed
}
