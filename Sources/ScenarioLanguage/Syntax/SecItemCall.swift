/// One of the four SecItem calls (docs/scenario-language.md §6), whichever form it was written in.
///
/// The `&result` argument of the Swift form is not kept: the runner always records the result
/// object so `expect result` can check it.
package enum SecItemCall: Hashable, Sendable {
  case add(Expr)
  case copyMatching(Expr)
  case update(query: Expr, attributes: Expr)
  case delete(Expr)

  /// Apple's function name, `SecItemAdd` and so on.
  package var functionName: String {
    switch self {
    case .add: "SecItemAdd"
    case .copyMatching: "SecItemCopyMatching"
    case .update: "SecItemUpdate"
    case .delete: "SecItemDelete"
    }
  }
}
