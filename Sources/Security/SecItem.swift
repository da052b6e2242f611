// swift-format-ignore-file: AlwaysUseLowerCamelCase

// Apple's C names, spelled as Apple spells them.
import Foundation
internal import Keychain
internal import KeychainSimulatorPhone

// The four SecItem calls with Apple's Swift signatures, answered by the simulated phone of the
// calling task (SimulatedPhone.current). Each call: translate the dictionaries, hand them to
// the engine and record the call with the engine's why and fix under one hold of the phone's
// lock, translate the result.

@discardableResult
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?)
  -> OSStatus
{
  SecItemCall.run("SecItemAdd", [attributes], result: result) { device, queries in
    device.secItemAdd(queries[0])
  }
}

@discardableResult
public func SecItemCopyMatching(
  _ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?
) -> OSStatus {
  SecItemCall.run("SecItemCopyMatching", [query], result: result) { device, queries in
    device.secItemCopyMatching(queries[0])
  }
}

@discardableResult
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus {
  SecItemCall.run("SecItemUpdate", [query, attributesToUpdate], result: nil) { device, queries in
    device.secItemUpdate(queries[0], queries[1])
  }
}

@discardableResult
public func SecItemDelete(_ query: CFDictionary) -> OSStatus {
  SecItemCall.run("SecItemDelete", [query], result: nil) { device, queries in
    device.secItemDelete(queries[0])
  }
}

/// One SecItem call through the translation layer.
enum SecItemCall {
  static func run(
    _ function: String, _ dictionaries: [CFDictionary],
    result: UnsafeMutablePointer<CFTypeRef?>?,
    _ call: (SimulatedDevice, [SecQuery]) -> SecItemOutcome
  ) -> OSStatus {
    guard let phone = SimulatedPhone.current else {
      // Only when the phone itself could not be created: nothing to record it on.
      return errSecNotAvailable
    }
    var queries: [SecQuery] = []
    queries.reserveCapacity(dictionaries.count)
    do throws(ValueTranslator.Untranslatable) {
      for dictionary in dictionaries {
        let role = queries.isEmpty ? "query" : "attributesToUpdate"
        queries.append(try ValueTranslator.query(dictionary, role: role))
      }
    } catch {
      phone.record(
        PhoneCall(
          function: function, arguments: "(not translatable)", status: errSecParam,
          statusName: "errSecParam", why: error.reason,
          fix: "pass CF types: CFString, CFData, CFNumber, CFBoolean, CFDate, CFArray, "
            + "CFDictionary, SecAccessControl, LAContext"))
      return errSecParam
    }
    let outcome = phone.withDeviceRecording { device in
      let outcome = call(device, queries)
      let record = PhoneCall(
        function: function, queries: queries, status: outcome.status,
        explanation: outcome.explanation)
      return (outcome, record)
    }
    if outcome.status == .errSecSuccess, let result {
      result.pointee = outcome.result.map(ValueTranslator.object)
    }
    return outcome.status.rawValue
  }
}
