import KeyEngine

/// Security's `SecKeyAlgorithm` names from the engine's algorithm catalog
/// (`KeyAlgorithm.all`): the Swift static members (`.ecdsaSignatureMessageX962SHA256`) and the
/// C globals Swift also sees (`kSecKeyAlgorithmECDSASignatureMessageX962SHA256`), both with
/// the raw strings of Apple's `SecKeyAdaptors.m`.
enum SecKeyAlgorithmRenderer {
  static func render() -> String {
    var lines = [
      GeneratedFile.header(source: "the engine's SecKey algorithm catalog (`KeyAlgorithm.all`)"),
      "// Every SecKeyAlgorithm the simulator implements, with the raw strings Security defines",
      "// in SecKeyAdaptors.m, as static members and as the kSecKeyAlgorithm globals.",
      "// `nonisolated(unsafe)` on the globals: immutable values holding an NSString, which is",
      "// not declared Sendable on Linux.",
      "",
      "extension SecKeyAlgorithm {",
    ]
    for algorithm in KeyAlgorithm.all {
      lines.append(
        "  public static let \(algorithm.name) = SecKeyAlgorithm(constant: "
          + "\(GeneratedFile.literal(algorithm.rawValue)))")
    }
    lines += ["}", ""]
    for algorithm in KeyAlgorithm.all {
      lines.append(
        "nonisolated(unsafe) public let \(cName(algorithm.name)): SecKeyAlgorithm = "
          + ".\(algorithm.name)")
    }
    lines += [
      "",
      "/// Every algorithm above, for the tests that check the members against the catalog.",
      "package let secKeyAlgorithmMembers: [(name: String, algorithm: SecKeyAlgorithm)] = [",
    ]
    for algorithm in KeyAlgorithm.all {
      lines.append("  (\(GeneratedFile.literal(algorithm.name)), .\(algorithm.name)),")
    }
    lines.append("]")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The C name of a Swift member: `kSecKeyAlgorithm` and the member with its leading
  /// lower-case acronym in capitals (`ecdsaSignature…` is `kSecKeyAlgorithmECDSASignature…`).
  static func cName(_ member: String) -> String {
    let acronym = member.prefix { $0.isLowercase }
    return "kSecKeyAlgorithm" + acronym.uppercased() + member.dropFirst(acronym.count)
  }
}
