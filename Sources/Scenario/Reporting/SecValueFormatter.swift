import Foundation
import Keychain
import ScenarioLanguage

/// Renders a `SecValue` for a transcript: Apple key and value names instead of raw strings,
/// data as text when it is printable UTF-8, one line when it fits and indented lines when not.
///
/// The output is deterministic (dictionary keys sorted by their Apple name) so transcripts can
/// be compared with golden files.
///
/// Item data is a secret: in a result it is shown as its length only, `<6 bytes: ••••>`
/// (`kSecValueData` in a dictionary, and the bare data of a `kSecReturnData` query), unless
/// ``showsSecrets`` (`--show-secrets`) asks for it, as the data being written is masked in the
/// statement's echo. docs/cli.md, "Secrets in the output".
///
/// ```swift
/// SecValueFormatter().format(.dictionary(["acct": .string("alice"), "class": .string("genp")]))
/// // [kSecAttrAccount: "alice", kSecClass: kSecClassGenericPassword]
/// ```
struct SecValueFormatter: Sendable {
  /// The column a one-line rendering must fit in before it is broken into lines.
  var width: Int
  /// Whether item data is shown (`--show-secrets`); `false` shows its length only.
  var showsSecrets: Bool

  init(width: Int = 88, showsSecrets: Bool = false) {
    self.width = width
    self.showsSecrets = showsSecrets
  }

  /// A call's returned object, item data masked unless ``showsSecrets``: `kSecValueData` in a
  /// dictionary, and, when `returnsData` (the query's `kSecReturnData` alone, so the result is
  /// the data itself), bare data and an array of it. A bare persistent reference
  /// (`kSecReturnPersistentRef` alone) is no secret and is shown.
  func format(result: SecValue, returnsData: Bool, indent: Int = 0) -> String {
    format(result, key: nil, indent: indent, bareDataIsSecret: returnsData)
  }

  /// The value rendered, possibly over several lines, each after the first indented by `indent`.
  func format(_ value: SecValue, indent: Int = 0) -> String {
    format(value, key: nil, indent: indent, bareDataIsSecret: false)
  }

  /// The value of the raw key `key`, so constants show by name (`"htps"` under `ptcl` →
  /// `kSecAttrProtocolHTTPS`).
  func format(_ value: SecValue, forKey key: String, indent: Int = 0) -> String {
    format(value, key: key, indent: indent, bareDataIsSecret: false)
  }

  /// A raw key shown by its Apple name (`"acct"` → `kSecAttrAccount`).
  static func keyName(_ raw: String) -> String {
    SecConstants.name(forKey: raw) ?? quoted(raw)
  }

  /// A data value: its UTF-8 text when printable, else hex, always with its length.
  static func describe(data: Data) -> String {
    let count = data.count == 1 ? "1 byte" : "\(data.count) bytes"
    if data.isEmpty { return "<0 bytes>" }
    if let text = String(data: data, encoding: .utf8), isPrintable(text) {
      return "<\(count): \(quoted(text))>"
    }
    let shown = data.prefix(32).map { String(format: "%02x", $0) }.joined()
    return "<\(count): 0x\(shown)\(data.count > 32 ? "…" : "")>"
  }

  /// Item data as its length only: `<6 bytes: ••••>`.
  static func masked(data: Data) -> String {
    data.isEmpty ? "<0 bytes>" : "<\(data.count == 1 ? "1 byte" : "\(data.count) bytes"): \(mask)>"
  }

  /// What stands for a secret in every output: `••••`, as in the statement's echo.
  static let mask = SecretMask.text

  /// A Swift string literal for `text`, with the escapes the scenario language reads back.
  static func quoted(_ text: String) -> String { SwiftStringLiteral.quoting(text) }

  // MARK: - Rendering

  private func format(
    _ value: SecValue, key: String?, indent: Int, bareDataIsSecret: Bool
  ) -> String {
    switch value {
    case .string(let text): return Self.valueName(text, forKey: key) ?? Self.quoted(text)
    case .data(let data):
      let secret = key == SecQueryKey.valueData.rawValue || (key == nil && bareDataIsSecret)
      return secret && !showsSecrets ? Self.masked(data: data) : Self.describe(data: data)
    case .number(let number): return String(number)
    case .bool(let flag): return flag ? "true" : "false"
    case .date(let date): return date.formatted(.iso8601)
    case .null: return "nil"
    case .accessControl(let control): return Self.describe(accessControl: control)
    case .authenticationContext: return "LAContext"
    case .keychainItemReference(let reference):
      return "SecKeychainItemRef (an item of the \(reference.keychain))"
    case .array(let elements):
      return bracketed(
        elements.map {
          format($0, key: nil, indent: indent + 2, bareDataIsSecret: bareDataIsSecret)
        }, indent: indent)
    case .dictionary(let dictionary):
      if dictionary.isEmpty { return "[:]" }
      let entries = dictionary.map { (name: Self.keyName($0.key), raw: $0.key, value: $0.value) }
        .sorted { $0.name < $1.name }
        .map {
          "\($0.name): "
            + format($0.value, key: $0.raw, indent: indent + 2, bareDataIsSecret: false)
        }
      return bracketed(entries, indent: indent)
    }
  }

  private func bracketed(_ parts: [String], indent: Int) -> String {
    if parts.isEmpty { return "[]" }
    let oneLine = "[" + parts.joined(separator: ", ") + "]"
    if indent + oneLine.count <= width && !oneLine.contains("\n") { return oneLine }
    let pad = String(repeating: " ", count: indent + 2)
    let body = parts.map { pad + $0 + "," }.joined(separator: "\n")
    return "[\n" + body + "\n" + String(repeating: " ", count: indent) + "]"
  }

  static func describe(accessControl control: SecAccessControl) -> String {
    let protection =
      ProtectionClass(rawValue: control.protection)?.appleName ?? quoted(control.protection)
    // Canonical Swift spelling: constraints with the operator between them, as written in
    // `[.biometryAny, .or, .devicePasscode]`, then the non-constraint options.
    let names = SecAccessControlCreateFlags.named.reduce(
      into: [(String, SecAccessControlCreateFlags)]()
    ) {
      names, entry in
      if !names.contains(where: { $0.1 == entry.flag }) { names.append((entry.swift, entry.flag)) }
    }
    let operators: SecAccessControlCreateFlags = [.or, .and]
    let options: SecAccessControlCreateFlags = [.privateKeyUsage, .applicationPassword]
    let present = names.filter { control.flags.contains($0.1) }
    let constraints = present.filter { !operators.contains($0.1) && !options.contains($0.1) }
      .map { "." + $0.0 }
    let joiner = control.flags.contains(.or) ? ".or" : control.flags.contains(.and) ? ".and" : nil
    var flags: [String] = []
    for (index, constraint) in constraints.enumerated() {
      if index > 0, let joiner { flags.append(joiner) }
      flags.append(constraint)
    }
    if constraints.count < 2, let joiner { flags.append(joiner) }
    flags += present.filter { options.contains($0.1) }.map { "." + $0.0 }
    let flagText = flags.count == 1 ? flags[0] : "[" + flags.joined(separator: ", ") + "]"
    if control.isProtectionOnly { return "SecAccessControl(\(protection), no ACL)" }
    return "SecAccessControl(\(protection), \(flagText))"
  }

  private static func isPrintable(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in
      scalar == "\n" || scalar == "\t"
        || (scalar.value >= 0x20 && scalar.value != 0x7f
          && !scalar.properties.isNoncharacterCodePoint
          && scalar.properties.generalCategory != .control
          && scalar.properties.generalCategory != .privateUse)
    }
  }

  /// The Apple constant a raw value stands for under this key (`"genp"` under `class` →
  /// `kSecClassGenericPassword`); `nil` where the value is plain text.
  static func valueName(_ raw: String, forKey key: String?) -> String? {
    guard let key else { return nil }
    return SecConstants.name(forValue: raw, underKey: key)
  }
}
