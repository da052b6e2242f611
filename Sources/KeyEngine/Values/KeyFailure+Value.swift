import KeychainEngine

extension KeyFailure {
  /// A parameter's value as a SecKey error quotes it: a number or a string as written, any
  /// other value by its type ("a boolean"), in the words SecItem's errors use.
  static func describe(_ value: SecValue) -> String {
    switch value {
    case .number(let number): "\(number)"
    case .string(let text): SwiftStringLiteral.quoting(text)
    default: SecItemFailureRenderer.phrase(value.type)
    }
  }
}
