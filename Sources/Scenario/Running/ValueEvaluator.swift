import Foundation
import KeyEngine
import Keychain
import ScenarioLanguage

/// Turns an `Expr` into the `SecValue` a SecItem call receives.
///
/// The rules are the scenario language's (docs/scenario-language.md §6): a dictionary literal
/// becomes a dictionary keyed by Apple's raw key strings, `a + b` merges with the right side
/// winning, a string given for `kSecValueData` means its UTF-8 bytes, and
/// `SecAccessControlCreateWithFlags(...)` builds a `SecAccessControl`.
struct ValueEvaluator {
  /// What `let` bound, by name.
  var bindings: [String: BoundValue]
  /// What the most recent call returned, for `result`.
  var lastResult: SecValue? = nil

  /// The raw key whose string values are converted to UTF-8 data (`kSecValueData`).
  static let valueDataKey = SecQueryKey.valueData.rawValue

  func evaluate(_ expr: Expr) throws(ScenarioRuntimeError) -> SecValue {
    switch expr {
    case .dictionary(let entries):
      var dictionary: [String: SecValue] = [:]
      var keyReference: SimulatedKey?
      for entry in entries {
        if let key = boundKey(asValueRefOf: entry) {
          keyReference = key
          continue
        }
        guard dictionary[entry.key.raw] == nil else {
          throw ScenarioRuntimeError(
            "dictionary literal contains duplicate key \(entry.key) at line "
              + "\(entry.location.line) (Swift traps on this at run time)")
        }
        dictionary[entry.key.raw] = try valueForKey(entry.key.raw, try evaluate(entry.value))
      }
      if let keyReference { return .dictionary(try Self.expand(dictionary, with: keyReference)) }
      return .dictionary(dictionary)
    case .merge(let operands):
      // A loop over the chain, not a recursion per `+`: a chain of any length evaluates.
      var merged: [String: SecValue] = [:]
      for (index, operand) in operands.enumerated() {
        let side = index == 0 ? "left" : "right"
        merged.merge(try dictionary(from: operand, side: side)) { _, new in new }
      }
      return .dictionary(merged)
    case .array(let elements):
      var values: [SecValue] = []
      for element in elements { values.append(try evaluate(element)) }
      return .array(values)
    case .binding(let name):
      switch bindings[name] {
      case .value(let value): return value
      case .context(let context): return .authenticationContext(context)
      case .key:
        throw ScenarioRuntimeError(
          "'\(name)' is a key (SecKey), not a value: pass it to a SecKey call")
      case .packageKeychain:
        throw ScenarioRuntimeError(
          "'\(name)' is a package keychain, not a value: call its methods (`\(name).getItem(...)`)")
      case nil:
        throw ScenarioRuntimeError("'\(name)' is not bound; bind it first with `let \(name) = ...`")
      }
    case .constant(_, let value): return value
    case .string(let text): return .string(text)
    case .integer(let number): return .number(number)
    case .bool(let flag): return .bool(flag)
    case .data(let data): return .data(data)
    case .null: return .null
    case .accessControl(let control):
      // Like Swift: a refused SecAccessControlCreateWithFlags is nil, which the keychain refuses.
      let created = try? SecAccessControl.create(
        protection: control.protection, flags: control.flags)
      return created.map(SecValue.accessControl) ?? .null
    case .newContext:
      return .authenticationContext(LAContext())
    case .lastResult:
      guard let lastResult else {
        throw ScenarioRuntimeError(
          "`result` is empty: no call before this one returned an object (ask for one with "
            + "kSecReturnData, kSecReturnAttributes or kSecReturnPersistentRef)")
      }
      return lastResult
    }
  }

  /// A value that must be a dictionary (a query, attributes, a merge operand).
  func dictionary(from expr: Expr, side: String? = nil) throws(ScenarioRuntimeError)
    -> [String: SecValue]
  {
    guard case .dictionary(let dictionary) = try evaluate(expr) else {
      let position = side.map { " on the \($0) of `+`" } ?? ""
      throw ScenarioRuntimeError("expected a dictionary\(position), got \(describe(expr))")
    }
    return dictionary
  }

  /// The key of `kSecValueRef: key`, where `key` is bound to a SecKey.
  private func boundKey(asValueRefOf entry: DictionaryEntry) -> SimulatedKey? {
    guard entry.key.raw == SecQueryKey.valueRef.rawValue, case .binding(let name) = entry.value,
      case .key(let bound)? = bindings[name]
    else { return nil }
    return bound.key
  }

  /// `kSecValueRef` with a SecKey: the client adds the key's attributes and data, as
  /// `SecItemAttributesPrepare` does (KeyEngine's `itemAttributes(given:)`), so SecItemAdd
  /// stores the key.
  private static func expand(_ dictionary: [String: SecValue], with key: SimulatedKey)
    throws(ScenarioRuntimeError) -> [String: SecValue]
  {
    do {
      return try key.itemAttributes(given: dictionary)
    } catch {
      throw ScenarioRuntimeError("kSecValueRef: \(key) cannot be stored: \(error.message)")
    }
  }

  private func valueForKey(_ key: String, _ value: SecValue) throws(ScenarioRuntimeError)
    -> SecValue
  {
    if key == Self.valueDataKey, case .string(let text) = value { return .data(Data(text.utf8)) }
    return value
  }

  private func describe(_ expr: Expr) -> String {
    switch expr {
    case .binding(let name): "'\(name)'"
    case .string: "a string"
    case .integer: "a number"
    case .bool: "a Boolean"
    case .data: "data"
    case .array: "an array"
    case .accessControl: "an access control"
    default: "a value"
    }
  }
}

/// What a `let` bound a name to.
enum BoundValue: Hashable, Sendable {
  case value(SecValue)
  /// An `LAContext()`: a reference, so evaluations and keychain calls share its state.
  case context(LAContext)
  /// A `createKeychain(...)` of the cross-platform package.
  case packageKeychain(PackageKeychain)
  /// A `SecKey` (`let key = SecKeyCreateRandomKey(...)`).
  case key(BoundKey)
}
