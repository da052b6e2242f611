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

  /// Reads a plain `NSDictionary` or `NSMutableDictionary` in place
  /// (`RuntimeSeams.Selected.forEachEntry`); any other subclass, or a query that fails,
  /// through its iterator.
  static func query(_ dictionary: CFDictionary, role: String) throws(Untranslatable)
    -> SecQuery
  {
    var keyRef: SecKey? = nil
    var mayNameAccessGroup = true
    let query = try query(
      dictionary, role: role, keyRef: &keyRef, mayNameAccessGroup: &mayNameAccessGroup)
    if keyRef != nil {
      throw Untranslatable(reason: "kSecValueRef (a SecKey) is taken by SecItemAdd only")
    }
    return query
  }

  /// The query, with a `kSecValueRef` holding a `SecKey` taken out into `keyRef` (the client
  /// expands it into the key's attributes, which is SecItemAdd's job). `mayNameAccessGroup`
  /// is set false when the query's shape (``QueryShape``) tells it names no access group, so
  /// that the pitfall detector need not look for one; it is left as it is otherwise.
  static func query(
    _ dictionary: CFDictionary, role: String, keyRef: inout SecKey?,
    mayNameAccessGroup: inout Bool
  ) throws(Untranslatable) -> SecQuery {
    let dictionaryType = type(of: dictionary)
    if dictionaryType == NSDictionary.self || dictionaryType == NSMutableDictionary.self,
      let (query, shapeMayNameAccessGroup) = plainQuery(dictionary)
    {
      if !shapeMayNameAccessGroup { mayNameAccessGroup = false }
      return query
    }
    var query = SecQuery(minimumCapacity: dictionary.count)
    for (key, value) in dictionary {
      if let secKey = value as? SecKey, string(key) == SecQueryKey.valueRef.rawValue {
        keyRef = secKey
        continue
      }
      try add(key, value, to: &query, role: role)
    }
    return query
  }

  /// The query of a plain dictionary, its entries read in the storage's order (the order of
  /// `allKeys`); `nil` when a key or value is refused. Values of no Foundation type are stored
  /// boxed; the caller then reads the dictionary again through its iterator, which unboxes
  /// them, so that the refusal names the client's own type.
  ///
  /// A query's keys and values are nearly always `NSString`s and `NSNumber`s, which are read
  /// by their exact class, without a dynamic cast (slow, and its code evicts the engine's from
  /// the instruction cache); anything else takes the general path. A query of up to
  /// ``QueryShape/largest`` keys is built by its ``QueryShape``, without hashing its keys, and
  /// the shape tells whether it may name an access group (always true for a larger query).
  private static func plainQuery(_ dictionary: NSDictionary) -> (SecQuery, Bool)? {
    let count = RuntimeSeams.Selected.count(of: dictionary)
    guard count <= QueryShape.largest else {
      return insertedQuery(dictionary, count: count).map { ($0, true) }
    }
    let strings = PlainStrings()
    return withUnsafeTemporaryAllocation(of: String.self, capacity: count) { names in
      withUnsafeTemporaryAllocation(of: SecValue.self, capacity: count) { values in
        var read = 0
        let translated = RuntimeSeams.Selected.forEachEntry(of: dictionary, count: count) {
          key, value in
          guard let name = strings.text(key) ?? string(key) else { return false }
          do throws(Untranslatable) {
            (values.baseAddress! + read).initialize(
              to: try secValue(object: value, key: name, strings: strings))
          } catch {
            return false  // reported by the caller's second reading
          }
          (names.baseAddress! + read).initialize(to: name)
          read += 1
          return true
        }
        // Each moved out and released: `deinitialize(count:)` is the runtime's generic
        // array destroy.
        defer { for entry in 0..<read { _ = (names.baseAddress! + entry).move() } }
        guard translated else {
          values.baseAddress!.deinitialize(count: read)
          return nil
        }
        return QueryShape.query(
          names: UnsafeMutableBufferPointer(rebasing: names[..<read]),
          values: UnsafeMutableBufferPointer(rebasing: values[..<read]), empty: smallQuery)
      }
    }
  }

  /// The query of a plain dictionary of more than ``QueryShape/largest`` keys, each key
  /// inserted (hashed) in turn; `nil` as for ``plainQuery(_:)``.
  private static func insertedQuery(_ dictionary: NSDictionary, count: Int) -> SecQuery? {
    var query = SecQuery(minimumCapacity: count)
    let strings = PlainStrings()
    let translated = RuntimeSeams.Selected.forEachEntry(of: dictionary, count: count) {
      key, value in
      guard let name = strings.text(key) ?? string(key) else { return false }
      do throws(Untranslatable) {
        query[name] = try secValue(object: value, key: name, strings: strings)
      } catch {
        return false  // reported by the caller's second reading
      }
      return true
    }
    return translated ? query : nil
  }

  /// The empty query every shape's template is a copy of: copying it runs code specialised
  /// for `SecQuery`, where `SecQuery(minimumCapacity:)` runs the standard library's generic
  /// code, which looks its storage type up again at every call. Eight buckets.
  private static let smallQuery = SecQuery(minimumCapacity: QueryShape.largest)

  /// An object of a plain dictionary as ``secValue(_:key:)`` translates it; strings and
  /// numbers by their class.
  private static func secValue(object: AnyObject, key: String, strings: PlainStrings)
    throws(Untranslatable) -> SecValue
  {
    if let text = strings.text(object) { return .string(text) }
    // kCFBooleanTrue / kCFBooleanFalse, the commonest numbers of a query, by identity.
    if object === kCFBooleanTrue { return .bool(true) }
    if object === kCFBooleanFalse { return .bool(false) }
    if let number = object as? NSNumber { return try secValue(number, key: key) }
    return try secValue(object as Any, key: key)
  }

  /// What reading a plain dictionary's strings looks up (the two classes, where an `NSString`
  /// keeps its text), looked up once per dictionary rather than at each of its strings.
  private struct PlainStrings {
    let constantClass = ObjectIdentifier(SecConstantString.self)
    let stringClass = ObjectIdentifier(NSString.self)
    let reader = RuntimeSeams.Selected.PlainTextReader()

    /// The text of a `kSec*` constant or a plain `NSString` (what a `String` of a
    /// `[String: Any]` becomes in an `NSDictionary`), by their exact class; `nil` otherwise.
    @inline(__always)
    func text(_ object: AnyObject) -> String? {
      let objectClass = ObjectIdentifier(type(of: object))
      if objectClass == constantClass {
        return unsafeDowncast(object, to: SecConstantString.self).text
      }
      if objectClass == stringClass {
        return reader.text(of: unsafeDowncast(object, to: NSString.self))
      }
      return nil
    }
  }

  /// A plain `NSString`'s text (`RuntimeSeams.Selected.text(of:)`).
  @inline(__always)
  private static func text(of string: NSString) -> String {
    RuntimeSeams.Selected.text(of: string)
  }

  private static func add(_ key: Any, _ value: Any, to query: inout SecQuery, role: String)
    throws(Untranslatable)
  {
    guard let name = string(key) else {
      throw Untranslatable(
        reason: "a key of the \(role) dictionary is a \(type(of: key)), not a CFString")
    }
    query[name] = try secValue(value, key: name)
  }

  /// A key or value as a Swift string: a `kSec*` constant without bridging, a plain
  /// `NSString` (what a `String` key of `[String: Any] as CFDictionary` comes out as) by its
  /// direct bridge, else any string through a dynamic cast (several times slower).
  private static func string(_ value: Any) -> String? {
    let valueType = type(of: value)
    if valueType == SecConstantString.self {
      return unsafeDowncast(value as AnyObject, to: SecConstantString.self).text
    }
    if valueType == NSString.self {
      return text(of: unsafeDowncast(value as AnyObject, to: NSString.self))
    }
    return value as? String
  }

  /// Decided once: a `Bool`, or an NSNumber of Objective-C type `c`/`B` (what `true as
  /// NSNumber` and `kCFBooleanTrue` are on Linux), is a CFBoolean; every other number is a
  /// CFNumber. An integral floating-point number is that integer; others are refused, as the
  /// simulator stores numbers as integers.
  static func secValue(_ value: Any, key: String) throws(Untranslatable) -> SecValue {
    // The common shapes first, by exact type: dynamic casts to protocols are slow.
    let valueType = type(of: value)
    if valueType == SecConstantString.self || valueType == NSString.self,
      let text = string(value)
    {
      return .string(text)
    }
    if valueType == Bool.self, let flag = value as? Bool { return .bool(flag) }
    if valueType is NSNumber.Type {
      // kCFBooleanTrue / kCFBooleanFalse, the commonest numbers of a query, by identity.
      let object = value as AnyObject
      if object === kCFBooleanTrue { return .bool(true) }
      if object === kCFBooleanFalse { return .bool(false) }
      return try secValue(unsafeDowncast(object, to: NSNumber.self), key: key)
    }
    if valueType is NSData.Type {
      // Not `as Data`, which copies byte by byte here (``NSData/contents``).
      return .data(unsafeDowncast(value as AnyObject, to: NSData.self).contents)
    }
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
    switch UInt8(bitPattern: number.objCType.pointee) {
    case UInt8(ascii: "c"), UInt8(ascii: "B"):
      return .bool(number.boolValue)
    case UInt8(ascii: "f"), UInt8(ascii: "d"):
      let real = number.doubleValue
      guard let integer = Int64(exactly: real) else {
        throw Untranslatable(
          reason: "\(SecConstants.name(forKey: key) ?? key): \(real) is not an integer; the "
            + "simulator stores CFNumbers as 64-bit integers")
      }
      return .number(integer)
    case UInt8(ascii: "Q"):
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
  /// NSDictionary keyed by NSString. Data is a ``SecResultData`` (through `RuntimeSeams`),
  /// which the client's `as? Data` unboxes or copies in one move (a plain NSData is copied back
  /// byte by byte on Linux).
  static func object(_ value: SecValue) -> AnyObject {
    switch value {
    case .string(let text): text as NSString
    case .data(let data): RuntimeSeams.Selected.resultData(data)
    case .number(let number): NSNumber(value: number)
    case .bool(let flag): NSNumber(value: flag)
    case .date(let date): date as NSDate
    case .array(let values): values.map(object) as NSArray
    case .dictionary(let dictionary):
      dictionary.mapValues(object) as NSDictionary
    case .accessControl(let control): Security.SecAccessControl(control)
    // Results never carry a context (the engine returns attributes and data only); a context
    // is an opaque object either way.
    case .authenticationContext(let context): NSString(string: context.description)
    // Only a Mac's file-based keychain returns one; the phone behind this module is an iPhone.
    case .keychainItemReference(let reference):
      RuntimeSeams.Selected.resultData(reference.persistentReference)
    case .null: NSNull()
    }
  }

  /// As ``object(_:)``, for a value the caller is done with (a call's result): its `Data`
  /// moves into the returned object, rather than being retained for the object here and
  /// released with the value by the caller.
  static func resultObject(taking value: consuming SecValue) -> AnyObject {
    switch consume value {
    case .data(let data): RuntimeSeams.Selected.resultData(data)
    case let other: object(other)
    }
  }
}
