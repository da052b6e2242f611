// swift-format-ignore-file: AlwaysUseLowerCamelCase

// Apple's C names, spelled as Apple spells them.
import Foundation
internal import Keychain
internal import KeyEngine
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
    var keyRef: SecKey? = nil
    var query: SecQuery
    var mayNameAccessGroup = true
    do throws(ValueTranslator.Untranslatable) {
      query = try ValueTranslator.query(
        dictionary, role: "query", keyRef: &keyRef, mayNameAccessGroup: &mayNameAccessGroup)
    } catch {
      return refuse(function, error, on: phone)
    }
    if let key = keyRef {
      // kSecValueRef with a SecKey: the client adds the key's attributes and data
      // (SecItemAttributesPrepare), the caller's own attributes winning.
      do throws(KeyFailure) {
        query = try key.engineKey.itemAttributes(given: query)
      } catch {
        return refuseKey(function, error, on: phone)
      }
      mayNameAccessGroup = true  // the key's attributes are the query's now
    }
    var outcome = phone.recordingSecItemCall(
      function, query: query, queryMayNameAccessGroup: mayNameAccessGroup
    ) { device in
      call(device, query)
    }
    if outcome.status == .errSecSuccess, let result {
      // The engine's value taken out of the outcome, not copied (no retain of it here, no
      // release with the outcome); one binding, since a pattern with a `where` copies.
      guard let value = outcome.result.take() else {
        result.pointee = nil
        return outcome.status.rawValue
      }
      if KeyReferences.asked(in: query, for: value) {
        do throws(KeyFailure) {
          result.pointee = try KeyReferences.object(value, query: query, on: phone)
        } catch {
          return refuseKey(function, error, on: phone)
        }
      } else {
        result.pointee = ValueTranslator.resultObject(taking: value)
      }
    }
    return outcome.status.rawValue
  }

  /// The status of a key ref that could not be made or expanded, recorded with the reason.
  private static func refuseKey(
    _ function: StaticString, _ failure: KeyFailure, on phone: SimulatedPhone
  ) -> OSStatus {
    phone.record(
      PhoneCall(
        function: function.description, arguments: "(kSecValueRef / kSecReturnRef on a key)",
        status: failure.status.rawValue, statusName: failure.status.name, why: failure.message))
    return failure.status.rawValue
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

/// `kSecReturnRef` on key items: the rows the engine returns become `SecKey`s, shaped as
/// `SecItemResultCopyPrepared` shapes them (KeyEngine's `KeyItemReference`).
enum KeyReferences {
  /// Whether the query asks for refs to key items and `value` holds rows that could become
  /// keys. Any other value (the data of nearly every call) is returned as it is either way
  /// (``object(_:query:on:)`` shapes rows only), so it is decided without a look-up; then
  /// kSecReturnRef is looked at first: nearly no query has it, and that one look-up is half
  /// the cost of reading the whole request.
  static func asked(in query: SecQuery, for value: SecValue) -> Bool {
    switch value {
    case .dictionary, .array: break
    default: return false
    }
    return query["r_Ref"] == .bool(true) && KeyReferenceRequest(query: query)?.returnsRef == true
  }

  static func object(_ value: SecValue, query: SecQuery, on phone: SimulatedPhone)
    throws(KeyFailure) -> AnyObject
  {
    guard let request = KeyReferenceRequest(query: query) else {
      return ValueTranslator.object(value)
    }
    return try phone.withDevice { device throws(KeyFailure) -> AnyObject in
      func shape(_ row: SecValue) throws(KeyFailure) -> AnyObject {
        guard case .dictionary(let row) = row else { return ValueTranslator.object(row) }
        let key = SecKey(try request.key(fromRow: row, enclave: device.secureEnclave))
        guard let companion = request.companion(of: row) else { return key }
        let dictionary = NSMutableDictionary()
        for (name, value) in companion { dictionary[name] = ValueTranslator.object(value) }
        dictionary["v_Ref"] = key
        return dictionary
      }
      if case .array(let rows) = value {
        var objects: [AnyObject] = []
        for row in rows { objects.append(try shape(row)) }
        return objects as NSArray
      }
      return try shape(value)
    }
  }
}
