/// What a `let` bound a name to, so later uses can be checked while parsing.
public enum BindingKind: String, Hashable, Sendable {
  /// A dictionary: usable as a query, an attribute set, or a merge operand.
  case dictionary
  /// A `SecAccessControlCreateWithFlags(...)` value.
  case accessControl
  /// An `LAContext()`: the receiver of `ctx.evaluatePolicy(...)` and friends.
  case context
  /// Any other value (a string, a number, `Data(...)`): usable as a dictionary value.
  case value
  /// A call's result (`let ref = result`): a dictionary or a value, known when it runs.
  case result
  /// A `createKeychain(...)`: the receiver of `shared.setItem(...)` and the other methods.
  case packageKeychain
  /// A `SecKey` (`let key = SecKeyCreateRandomKey(...)`, `SecKeyCopyPublicKey(key)`).
  case key
}
