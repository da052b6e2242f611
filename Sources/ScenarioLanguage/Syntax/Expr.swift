import Foundation
import KeychainEngine

/// A value expression: a query dictionary, one of its values, or a `let` right-hand side.
///
/// Names are resolved while parsing: a ``constant(name:value:)`` already carries Apple's raw
/// value, and a ``binding(_:)`` names something an earlier `let` bound (the runner holds its
/// value, since contexts are stateful).
///
/// Only the two large cases are `indirect`: a boxed case costs an allocation each time one is
/// made, some twenty a block of a typical scenario (issue 29), while the others' payloads (a
/// string, `Data`, an array) fit in two words. Boxing none (the whole enum as large as a
/// constant's name and value) cost more in copies than it saved.
package enum Expr: Hashable, Sendable {
  /// `[key: value, ...]`; `[:]` is the empty dictionary.
  case dictionary([DictionaryEntry])
  /// `a + b + c`: a merge of two or more dictionaries, left to right, a later one winning. A
  /// chain is one list, not nested pairs, so its length costs no recursion.
  case merge([Expr])
  /// `[a, b]`: an array value (also in `expect result`).
  case array([Expr])
  /// A name bound by `let`.
  case binding(String)
  /// An Apple value constant (`kSecClassGenericPassword`), with its value from ``SecConstants``.
  indirect case constant(name: String, value: SecValue)
  /// A string literal.
  case string(String)
  /// An integer literal.
  case integer(Int64)
  /// `true` or `false`.
  case bool(Bool)
  /// `Data("...".utf8)` or `"...".data(using: .utf8)!`.
  case data(Data)
  /// `nil`.
  case null
  /// `SecAccessControlCreateWithFlags(nil, <accessibility>, <flags>, nil)`.
  indirect case accessControl(AccessControlExpr)
  /// `LAContext()`: a new context each time it is evaluated.
  case newContext
  /// `result` (*extension*), when no `let` bound that name: the object the most recent call
  /// returned, as `&result` would hold it (`let ref = result` keeps it for later).
  case lastResult
}

/// One `key: value` pair of a dictionary literal.
package struct DictionaryEntry: Hashable, Sendable {
  package var key: DictionaryKey
  package var value: Expr
  /// Where the key is, so the runner can point at a refused attribute.
  package var location: SourceLocation
}

/// A dictionary key: Apple's raw key string, and the constant name it was written with, if any.
package struct DictionaryKey: Hashable, Sendable, CustomStringConvertible {
  /// The raw key (`"acct"` for `kSecAttrAccount`): what goes into a ``SecQuery``.
  package var raw: String
  /// `kSecAttrAccount` when written as a constant; nil for a string literal.
  var appleName: String?

  init(raw: String, appleName: String? = nil) {
    self.raw = raw
    self.appleName = appleName
  }

  package var description: String { appleName ?? "\"\(raw)\"" }

  /// Whether this is `kSecValueData` (raw `v_Data`), whose value is item data. Its length is
  /// compared first: comparing two different short strings called into the standard library,
  /// for every entry of every dictionary (issue 29).
  var isValueData: Bool { raw.utf8.count == 6 && raw == "v_Data" }
}
