import Foundation
internal import Keychain
internal import LocalAuthentication

/// Turns the Foundation objects a client passes into the engine's `SecValue`s, and the
/// engine's results back into the objects Apple returns. Types only: every keychain rule
/// (which key takes which type, what a class accepts) is the engine's.
enum ValueTranslator {
  /// A value this layer cannot express as a CF type: the call answers errSecParam with this
  /// reason, as Security answers for a value of no CF type.
  struct Untranslatable: Error {
    var reason: String
  }

  // MARK: - Into the engine

  static func query(_ dictionary: CFDictionary, role: String) throws(Untranslatable) -> SecQuery {
    var query = SecQuery(minimumCapacity: dictionary.count)
    for (key, value) in dictionary {
      guard let name = key as? String else {
        throw Untranslatable(
          reason: "a key of the \(role) dictionary is a \(type(of: key)), not a CFString")
      }
      query[name] = try secValue(value, key: name)
    }
    return query
  }

  /// Decided once: a `Bool`, or an NSNumber of Objective-C type `c`/`B` (what `true as
  /// NSNumber` and `kCFBooleanTrue` are on Linux), is a CFBoolean; every other number is a
  /// CFNumber. An integral floating-point number is that integer; others are refused, as the
  /// simulator stores numbers as integers.
  static func secValue(_ value: Any, key: String) throws(Untranslatable) -> SecValue {
    switch value {
    case let text as String:
      return .string(text)
    case let data as Data:
      return .data(data)
    case let flag as Bool where type(of: value) == Bool.self:
      return .bool(flag)
    case let integer as any BinaryInteger:
      guard let number = Int64(exactly: integer) else {
        throw Untranslatable(reason: "\(key): \(integer) does not fit a 64-bit CFNumber")
      }
      return .number(number)
    case let number as NSNumber:
      return try secValue(number, key: key)
    case let date as Date:
      return .date(date)
    case let control as Security.SecAccessControl:
      return .accessControl(control.engineValue)
    case let context as LocalAuthentication.LAContext:
      return .authenticationContext(context.engineContext)
    case is NSNull:
      return .null
    case let array as [Any]:
      var values: [SecValue] = []
      for element in array { values.append(try secValue(element, key: key)) }
      return .array(values)
    case let dictionary as NSDictionary:
      return .dictionary(try query(dictionary, role: "\(key) value"))
    default:
      throw Untranslatable(
        reason: "the value of \(SecConstants.name(forKey: key) ?? key) is a \(type(of: value)), "
          + "which is no CoreFoundation type")
    }
  }

  private static func secValue(_ number: NSNumber, key: String) throws(Untranslatable)
    -> SecValue
  {
    switch String(cString: number.objCType) {
    case "c", "B":
      return .bool(number.boolValue)
    case "f", "d":
      let real = number.doubleValue
      guard let integer = Int64(exactly: real) else {
        throw Untranslatable(
          reason: "\(SecConstants.name(forKey: key) ?? key): \(real) is not an integer; the "
            + "simulator stores CFNumbers as 64-bit integers (docs/fidelity.md)")
      }
      return .number(integer)
    case "Q":
      guard let integer = Int64(exactly: number.uint64Value) else {
        throw Untranslatable(reason: "\(key): \(number) does not fit a 64-bit CFNumber")
      }
      return .number(integer)
    default:
      return .number(number.int64Value)
    }
  }

  // MARK: - Out of the engine

  /// The object Apple stores through `result`: NSData, NSString, NSNumber, NSDate, NSArray,
  /// NSDictionary keyed by NSString.
  static func object(_ value: SecValue) -> AnyObject {
    switch value {
    case .string(let text): NSString(string: text)
    case .data(let data): NSData(data: data)
    case .number(let number): NSNumber(value: number)
    case .bool(let flag): NSNumber(value: flag)
    case .date(let date):
      NSDate(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)
    case .array(let values): NSArray(array: values.map(object))
    case .dictionary(let dictionary):
      NSDictionary(
        objects: Array(dictionary.values.map(object)),
        forKeys: dictionary.keys.map { NSString(string: $0) })
    case .accessControl(let control): Security.SecAccessControl(control)
    // Results never carry a context (the engine returns attributes and data only); a context
    // is an opaque object either way.
    case .authenticationContext(let context): NSString(string: context.description)
    case .null: NSNull()
    }
  }
}
