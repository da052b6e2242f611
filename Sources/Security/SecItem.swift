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
  SecItemCall.run("SecItemAdd", attributes, result: result) { device, attributes in
    device.secItemAdd(attributes)
  }
}

@discardableResult
public func SecItemCopyMatching(
  _ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?
) -> OSStatus {
  SecItemCall.run("SecItemCopyMatching", query, result: result) { device, query in
    device.secItemCopyMatching(query)
  }
}

@discardableResult
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus {
  SecItemCall.run("SecItemUpdate", query, attributesToUpdate) { device, query, attributes in
    device.secItemUpdate(query, attributes)
  }
}

@discardableResult
public func SecItemDelete(_ query: CFDictionary) -> OSStatus {
  SecItemCall.run("SecItemDelete", query, result: nil) { device, query in
    device.secItemDelete(query)
  }
}

/// One SecItem call through the translation layer. One dictionary or two, each passed on its
/// own (no array per call: a call allocates only what the engine needs).
enum SecItemCall {
  /// A call of one dictionary (add, copy, delete).
  static func run(
    _ function: StaticString, _ dictionary: CFDictionary, result: UnsafeMutablePointer<CFTypeRef?>?,
    _ call: (SimulatedDevice, SecQuery) -> SecItemOutcome
  ) -> OSStatus {
    guard let phone = SimulatedPhone.current else {
      // Only when the phone itself could not be created: nothing to record it on.
      return errSecNotAvailable
    }
    let query: SecQuery
    do throws(ValueTranslator.Untranslatable) {
      query = try ValueTranslator.query(dictionary, role: "query")
    } catch {
      return refuse(function, error, on: phone)
    }
    let outcome = phone.recordingSecItemCall(function, query: query) { device in
      call(device, query)
    }
    if outcome.status == .errSecSuccess, let result {
      result.pointee = outcome.result.map(ValueTranslator.object)
    }
    return outcome.status.rawValue
  }

  /// SecItemUpdate's call of two dictionaries, the query and the attributes to update.
  static func run(
    _ function: StaticString, _ dictionary: CFDictionary, _ attributesToUpdate: CFDictionary,
    _ call: (SimulatedDevice, SecQuery, SecQuery) -> SecItemOutcome
  ) -> OSStatus {
    guard let phone = SimulatedPhone.current else { return errSecNotAvailable }
    let query: SecQuery
    let attributes: SecQuery
    do throws(ValueTranslator.Untranslatable) {
      query = try ValueTranslator.query(dictionary, role: "query")
      attributes = try ValueTranslator.query(attributesToUpdate, role: "attributesToUpdate")
    } catch {
      return refuse(function, error, on: phone)
    }
    let outcome = phone.recordingSecItemCall(
      function, query: query, attributesToUpdate: attributes
    ) { device in
      call(device, query, attributes)
    }
    return outcome.status.rawValue
  }

  /// errSecParam for a dictionary this layer cannot translate, recorded with the reason.
  private static func refuse(
    _ function: StaticString, _ error: ValueTranslator.Untranslatable, on phone: SimulatedPhone
  ) -> OSStatus {
    phone.record(
      PhoneCall(
        function: function.description, arguments: "(not translatable)", status: errSecParam,
        statusName: "errSecParam", why: error.reason,
        fix: "pass CF types: CFString, CFData, CFNumber, CFBoolean, CFDate, CFArray, "
          + "CFDictionary, SecAccessControl, LAContext"))
    return errSecParam
  }
}
