import KeychainEngine

/// Security's `errSec*` globals from the engine's OSStatus table: Swift's `case errSecX:`
/// patterns and `status == errSecX` need real `OSStatus` (Int32) globals, which Swift cannot
/// declare from a table, so they are written out with the table's numbers (a literal global is
/// also a constant in the binary, with no lazy initialisation on use).
enum SecBaseCodesRenderer {
  static func render() -> String {
    let codes = OSStatus.known.filter(\.isDeclaredBySDK)
    var lines = [
      GeneratedFile.header(source: "the engine's OSStatus table (`OSStatus.known`)"),
      "// Every errSec code of iOS's SecBase.h, in its order, with Apple's numbers. Each doc",
      "// comment is the message `SecCopyErrorMessageString` returns, read from the same table.",
      "// The engine's codes the SDK does not declare (`OSStatus.isDeclaredBySDK`) are left out.",
      "",
    ]
    for code in codes {
      if code.message != "OSStatus \(code.rawValue)" {
        lines.append("/// \(code.message)")
      }
      lines.append("public let \(code.name): OSStatus = \(code.rawValue)")
    }
    lines += [
      "",
      "/// Every errSec constant above, by name, for the tests that check the compiled values",
      "/// against the engine's table.",
      "package let securityStatusConstants: [(name: String, status: OSStatus)] = [",
    ]
    for code in codes {
      lines.append("  (\(GeneratedFile.literal(code.name)), \(code.name)),")
    }
    lines.append("]")
    return lines.joined(separator: "\n") + "\n"
  }
}
