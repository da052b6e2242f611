import KeychainEngine

/// Security's `kSec*` globals from the engine's SecConstants table, in its (SecItemConstants.c)
/// order: client code needs `CFString` globals (`kSecClass`), which Swift cannot declare from a
/// table. Each is a `SecConstantString` of the table's raw string.
enum SecItemConstantsRenderer {
  static func render() -> String {
    let keys = SecConstants.orderedKeys.filter { !SecConstants.privateNames.contains($0.name) }
    let values = SecConstants.orderedValues.filter {
      $0.name.hasPrefix("kSec") && !SecConstants.privateNames.contains($0.name)
    }
    var lines = [
      GeneratedFile.header(source: "the engine's SecConstants table (`SecConstants`)"),
      "// Every kSec* key and value of iOS's SecItem.h, with the raw strings Security defines",
      "// for them in SecItemConstants.c, so a constant here and a name in a scenario file are",
      "// the same string. The private constants of SecItemPriv.h (`SecConstants.privateNames`)",
      "// are left out, as the iOS SDK leaves them out. `nonisolated(unsafe)`: immutable",
      "// constants of immutable strings, but NSString is not declared Sendable on Linux.",
      "",
      "// MARK: - Keys",
      "",
    ]
    lines += keys.map(declaration)
    lines += ["", "// MARK: - Values", ""]
    lines += values.map(declaration)
    lines += [
      "",
      "/// Every constant above, by Apple name, for the tests that check the compiled values",
      "/// against the engine's table.",
      "nonisolated(unsafe) package let secItemConstantTable: [(name: String, value: CFString)] = [",
    ]
    lines += (keys + values).map { "  (\(GeneratedFile.literal($0.name)), \($0.name))," }
    lines.append("]")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func declaration(_ constant: (name: String, raw: String)) -> String {
    "nonisolated(unsafe) public let \(constant.name): CFString = "
      + "SecConstantString(\(GeneratedFile.literal(constant.raw)))"
  }
}
