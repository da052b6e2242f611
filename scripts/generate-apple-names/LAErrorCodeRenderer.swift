import KeychainEngine

/// LocalAuthentication's `LAError.Code` from the engine's `LAErrorCode`: clients switch over
/// an enum of Apple's case names (`case .userCancel:`), which Swift cannot derive from another
/// module's enum without exposing the engine's type, so its cases are written out.
enum LAErrorCodeRenderer {
  static func render() -> String {
    let codes = LAErrorCode.allCases
    // The deprecated spellings in the order of the codes they alias, as LAError.h lists them.
    let deprecated = LAErrorCode.deprecatedNames.sorted {
      (codes.firstIndex(of: $0.value)!, $0.key) < (codes.firstIndex(of: $1.value)!, $1.key)
    }
    var lines = [
      GeneratedFile.header(source: "the engine's LAError table (`LAErrorCode`)"),
      "extension LAError {",
      "  /// `LAError.Code`, Apple's numbers (LAError.h).",
      "  public enum Code: Int, Sendable, Hashable {",
    ]
    for code in codes {
      lines.append("    /// \(code.meaning.prefix(1).uppercased() + code.meaning.dropFirst()).")
      lines.append("    case \(code.name) = \(code.rawValue)")
    }
    for (name, code) in deprecated {
      lines.append("")
      lines.append("    @available(*, deprecated, renamed: \(GeneratedFile.literal(code.name)))")
      lines.append("    public static let \(name) = Code.\(code.name)")
    }
    lines += ["  }", ""]
    for code in codes {
      lines.append("  public static let \(code.name) = Code.\(code.name)")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }
}
