import Foundation

#if canImport(CoreFoundation) && !KEYCHAIN_SIM_PUBLIC_API_ONLY
  internal import CoreFoundation
#endif
#if !KEYCHAIN_SIM_PUBLIC_API_ONLY
  @_spi(Reflection) import Swift
#endif

/// The Security module's only uses of private features of the Swift runtime and of
/// swift-corelibs-foundation, each beside a path through public API that gives the same
/// answers.
///
/// Why: the private paths keep the translation layer cheap (what each saves:
/// docs/benchmarks-history.md, "Runtime seams"), but they are not API, and a toolchain may change or
/// drop them. Kept here, they are one file to audit and one switch to turn off: a build with
/// `-Xswiftc -DKEYCHAIN_SIM_PUBLIC_API_ONLY`, or on a runtime without them, takes ``PublicAPI``
/// everywhere. `RuntimeSeamsTests` runs both paths on the same inputs and requires the same
/// answers, and checks that the private ones still do what they are here for.
///
/// The one feature without a public equivalent is `_HasCustomAnyHashableRepresentation` (at
/// the end of this file): without it `AnyHashable(kSecAttrAccount)` no longer equals
/// `AnyHashable("acct")`, everything else about the constants stays the same.
enum RuntimeSeams {
  #if KEYCHAIN_SIM_PUBLIC_API_ONLY || _runtime(_ObjC) || !canImport(CoreFoundation)
    /// The path this build takes.
    typealias Selected = PublicAPI
  #else
    /// The path this build takes.
    typealias Selected = PrivateRuntime
  #endif

  /// Public API only: the reference the private paths are tested against.
  enum PublicAPI {
    /// Calls `body` with each key and value of `dictionary` (`count` entries) in the order its
    /// iterator gives them, until `body` returns `false`; `false` then. Through the iterator,
    /// which bridges each key and value to `Any` on the way.
    static func forEachEntry(
      of dictionary: NSDictionary, count: Int,
      _ body: (_ key: AnyObject, _ value: AnyObject) -> Bool
    ) -> Bool {
      for (key, value) in dictionary {
        guard body(key as AnyObject, value as AnyObject) else { return false }
      }
      return true
    }

    /// The `NSData` a call returns for `data`: a plain ``SecResultData``, which the client's
    /// `as? Data` bridges (a new `Data` copied from it).
    @inline(__always)
    static func resultData(_ data: Data) -> SecResultData { SecResultData(data) }

    /// The text of an object whose class is exactly `NSString`, through Foundation's
    /// `String(_:)`, which hands out the string the object keeps, for a fifth less than the
    /// `as String` bridge's `_conditionallyBridgeFromObjectiveC`.
    @inline(__always)
    static func text(of string: NSString) -> String { String(string) }

    /// How many entries `dictionary` has, through Foundation's `count`.
    @inline(__always)
    static func count(of dictionary: NSDictionary) -> Int { dictionary.count }

    /// Reads the texts of a dictionary's strings through ``text(of:)``; made once per
    /// dictionary, as the private path's reader is.
    struct PlainTextReader {
      @inline(__always)
      func text(of string: NSString) -> String { PublicAPI.text(of: string) }
    }
  }

  #if !KEYCHAIN_SIM_PUBLIC_API_ONLY && !_runtime(_ObjC) && canImport(CoreFoundation)
    /// Private runtime features of Linux's Swift runtime and swift-corelibs-foundation.
    enum PrivateRuntime {
      /// As ``PublicAPI/forEachEntry(of:count:_:)``, in the order of the dictionary's storage
      /// (the iterator's order), for a plain `NSDictionary` or `NSMutableDictionary` only.
      ///
      /// Why: CoreFoundation's `CFDictionaryGetKeysAndValues`, which swift-corelibs-foundation
      /// answers for these two classes from the dictionary's own storage in one pass, without
      /// bridging each entry to `Any`. Private: Foundation's `NSDictionary` is toll-free
      /// bridged to CoreFoundation's `CFDictionary` only by layout (`unsafeBitCast`), and the
      /// objects are lent to `body` without a retain (`_withUnsafeGuaranteedRef`): they live as
      /// long as the dictionary, which is held until `body` is done.
      static func forEachEntry(
        of dictionary: NSDictionary, count: Int,
        _ body: (_ key: AnyObject, _ value: AnyObject) -> Bool
      ) -> Bool {
        return withUnsafeTemporaryAllocation(of: UnsafeRawPointer?.self, capacity: 2 * count + 1) {
          buffer in
          buffer.initialize(repeating: nil)
          let keys = buffer.baseAddress!
          let values = keys + count
          return withExtendedLifetime(dictionary) {
            CFDictionaryGetKeysAndValues(
              unsafeBitCast(dictionary, to: CoreFoundation.CFDictionary.self), keys, values)
            for index in 0..<count {
              guard let key = keys[index], let value = values[index] else { return false }
              let kept = Unmanaged<AnyObject>.fromOpaque(key)._withUnsafeGuaranteedRef { key in
                Unmanaged<AnyObject>.fromOpaque(value)._withUnsafeGuaranteedRef { value in
                  body(key, value)
                }
              }
              guard kept else { return false }
            }
            return true
          }
        }
      }

      /// As ``PublicAPI/text(of:)``, the `String` read where the object keeps it: the stored
      /// property `_storage` of Foundation's `NSString`, found once, by name and type, through
      /// the standard library's reflection SPI `_forEachField`.
      ///
      /// Why: Foundation reads `_storage` under a dynamic exclusivity check, more than half of
      /// what `String(_:)` costs (six strings of a copy by primary key: 0.82k instructions).
      /// Private: `_storage` is Foundation's internal property and `_forEachField` an SPI;
      /// without either (``plainStringStorage`` `nil`) the text is read through Foundation. Only
      /// for an object of exactly `NSString`, which never changes its string (an
      /// `NSMutableString` does).
      @inline(__always)
      static func text(of string: NSString) -> String { PlainTextReader().text(of: string) }

      /// As ``text(of:)``, with what it looks up at each string (where `_storage` is, the
      /// class `NSString`) looked up once, when the reader is made: one reader reads a query's
      /// strings (six in a copy by primary key, each of which looked both up again).
      struct PlainTextReader {
        private let storage = plainStringStorage
        private let plainClass = ObjectIdentifier(NSString.self)

        @inline(__always)
        func text(of string: NSString) -> String {
          guard ObjectIdentifier(type(of: string)) == plainClass, let storage else {
            return String(string)
          }
          return withExtendedLifetime(string) {
            UnsafeRawPointer(Unmanaged.passUnretained(string).toOpaque())
              .load(fromByteOffset: storage, as: String.self)
          }
        }
      }

      /// Where an `NSString` keeps its `String`: the offset of its stored `_storage` of type
      /// `String`, `nil` when Foundation has no such property.
      static let plainStringStorage: Int? = storedPropertyOffset(
        "_storage", of: NSString.self, type: String.self)

      /// As ``PublicAPI/count(of:)``, read where the object keeps its entries: the stored
      /// property `_storage` (`[NSObject: AnyObject]`) of Foundation's `NSDictionary`, found
      /// once, as ``plainStringStorage`` is, and borrowed in place (no retain).
      ///
      /// Why: Foundation's `count` reads `_storage` under a dynamic exclusivity check, three
      /// quarters of what it costs (about 50 instructions a call). Private as the `NSString`
      /// seam is; only for an object of exactly `NSDictionary` or `NSMutableDictionary`, whose
      /// `count` is that of `_storage`; any other, or without the property, through `count`.
      @inline(__always)
      static func count(of dictionary: NSDictionary) -> Int {
        let dictionaryType = type(of: dictionary)
        guard dictionaryType == NSDictionary.self || dictionaryType == NSMutableDictionary.self,
          let offset = plainDictionaryStorage
        else { return dictionary.count }
        return withExtendedLifetime(dictionary) {
          (UnsafeRawPointer(Unmanaged.passUnretained(dictionary).toOpaque()) + offset)
            .assumingMemoryBound(to: [NSObject: AnyObject].self).pointee.count
        }
      }

      /// Where an `NSDictionary` keeps its entries: the offset of its stored `_storage` of type
      /// `[NSObject: AnyObject]`, `nil` when Foundation has no such property.
      static let plainDictionaryStorage: Int? = storedPropertyOffset(
        "_storage", of: NSDictionary.self, type: [NSObject: AnyObject].self)

      /// The offset of the stored property `name` of type `type` in instances of `owner`,
      /// `nil` when it has none (or the reflection SPI cannot list its fields).
      private static func storedPropertyOffset(
        _ name: String, of owner: AnyClass, type: Any.Type
      ) -> Int? {
        var offset: Int? = nil
        // `.classType`, by its raw value: the SPI declares it a `static var`, which Swift 6
        // refuses to read from here.
        let classType = _EachFieldOptions(rawValue: 1 << 0)
        let listed = _forEachField(of: owner, options: classType) {
          fieldName, fieldOffset, fieldType, _ in
          if String(cString: fieldName) == name && fieldType == type { offset = fieldOffset }
          return true
        }
        return listed ? offset : nil
      }

      /// The `NSData` a call returns for `data`: an ``UnboxableResultData``, which the
      /// client's `as? Data` unboxes instead of bridging.
      @inline(__always)
      static func resultData(_ data: Data) -> SecResultData { UnboxableResultData(data) }

      /// A ``SecResultData`` the runtime unboxes on `as? Data`.
      ///
      /// Why: for an ordinary `NSData`, that cast bridges: the runtime finds `Data`'s bridging
      /// conformance and builds a new `Data` from the object's bytes. A class conforming to the
      /// standard library's `_NSSwiftValue` (what Foundation's own boxes conform to on Linux)
      /// is unboxed instead: the runtime hands out `value` when it is of the type asked for,
      /// here the very `Data` the engine returned, nothing copied. Any other type is refused
      /// by the unboxing and cast as for any `NSData`.
      final class UnboxableResultData: SecResultData, _NSSwiftValue {
        /// Only for the `_NSSwiftValue` requirement: the runtime never makes these boxes
        /// itself (Foundation's `__SwiftValue` boxes what it bridges), and the layer passes
        /// `Data`.
        convenience init(_ value: Any) {
          self.init(value as? Data ?? Data())
        }

        /// The unboxed value of `result as? Data`.
        var value: Any { data }

        /// `_NSSwiftValue`'s placeholder for `nil`; never used for a result.
        static var null: AnyObject { NSNull() }
      }
    }
  #endif
}

#if !KEYCHAIN_SIM_PUBLIC_API_ONLY
  /// `AnyHashable(kSecAttrAccount) == AnyHashable("acct")`, as for CFStrings on Darwin, so
  /// `attributes[kSecAttrAccount]` finds a key of an `[AnyHashable: Any]` result. Private:
  /// only the standard library's `_HasCustomAnyHashableRepresentation` lets a class hash as
  /// another type in `AnyHashable`; there is no public way (on Linux a plain `NSString` in
  /// `AnyHashable` never equals a `String`).
  extension SecConstantString: _HasCustomAnyHashableRepresentation {
    func _toCustomAnyHashable() -> AnyHashable? { AnyHashable(text) }
  }
#endif
