import ScenarioLanguage
/// The text a transcript shows for a statement: as written, except that secrets are masked.
///
/// A statement is echoed with the secret ranges the parser recorded masked
/// (``Statement/maskedSourceText``: a literal bound by `let` and later used as item data, for
/// one); `expect result` is shown as written, being what the run is checked against.
/// Passcodes (`device unlock 1234`, `user will enter 1234`) and item data (`kSecValueData`
/// values) never reach a transcript; statements that carry them are re-rendered from the AST in
/// the language's own syntax with `••••` in their place.
struct StatementEcho {
  static let mask = SecretMask.text

  var width = 92

  func text(for statement: Statement) -> String {
    switch statement.kind {
    case .device(let command): return command.description
    case .backup(let command): return command.description
    case .userWill(let answer, let times):
      return "user will \(answer)" + (times == 1 ? "" : " \(times) times")
    case .secItem(let call):
      guard Self.containsData(call) else { return statement.maskedSourceText }
      switch call {
      case .add(let query): return "SecItemAdd " + render(query, indent: 11)
      case .copyMatching(let query): return "SecItemCopyMatching " + render(query, indent: 20)
      case .delete(let query): return "SecItemDelete " + render(query, indent: 14)
      case .update(let query, let attributes):
        return "SecItemUpdate " + render(query, indent: 14) + " " + render(attributes, indent: 14)
      }
    case .bind(let name, let value):
      guard Self.containsData(value) else { return statement.maskedSourceText }
      return "let \(name) = " + render(value, indent: name.count + 7)
    case .expect(.result):
      // The expected value is what the reader checks the run against: shown as written.
      return statement.sourceText
    default:
      return statement.maskedSourceText
    }
  }

  // MARK: - Rendering

  func render(_ expr: Expr, indent: Int = 0, underValueData: Bool = false) -> String {
    if underValueData { return Self.mask }
    switch expr {
    case .dictionary(let entries):
      if entries.isEmpty { return "[:]" }
      let parts = entries.map { entry in
        "\(entry.key): "
          + render(entry.value, indent: indent + 2, underValueData: entry.key.raw == "v_Data")
      }
      return bracketed(parts, indent: indent)
    case .merge(let operands):
      return operands.map { render($0, indent: indent) }.joined(separator: " + ")
    case .array(let elements):
      return bracketed(elements.map { render($0, indent: indent + 2) }, indent: indent)
    case .binding(let name): return name
    case .constant(let name, _): return name
    case .string(let text): return SecValueFormatter.quoted(text)
    case .integer(let number): return String(number)
    case .bool(let flag): return String(flag)
    case .data: return "Data(\(Self.mask))"
    case .null: return "nil"
    case .accessControl(let control):
      let flags = control.flagNames.map { "." + $0 }
      let flagText = flags.count == 1 ? flags[0] : "[" + flags.joined(separator: ", ") + "]"
      return "SecAccessControlCreateWithFlags(nil, \(control.protectionName), \(flagText), nil)"
    case .newContext: return "LAContext()"
    case .lastResult: return Vocabulary.lastResult
    }
  }

  private func bracketed(_ parts: [String], indent: Int) -> String {
    let oneLine = "[" + parts.joined(separator: ", ") + "]"
    if indent + oneLine.count <= width && !oneLine.contains("\n") { return oneLine }
    let pad = String(repeating: " ", count: indent + 2)
    return "[\n" + parts.map { pad + $0 + "," }.joined(separator: "\n") + "\n"
      + String(repeating: " ", count: indent) + "]"
  }

  // MARK: - What needs masking

  /// Whether the statement as written carries a secret: a passcode (`device passcode`,
  /// `device unlock`, `user will enter`), item data, or an expected result (which may be item
  /// data read back). The REPL's history file keeps such a
  /// statement only in its masked form.
  static func containsSecret(_ statement: Statement) -> Bool {
    switch statement.kind {
    case .device(let command):
      switch command {
      case .setPasscode, .changePasscode, .removePasscode, .unlock: true
      case .lock, .unlockWithBiometry, .reboot, .add, .use: false
      }
    case .userWill(.enter, _): true
    case .backup(let command): command.hasPassword
    case .expect(.result): true
    case .secItem(let call): containsData(call)
    case .bind(_, let value): containsData(value)
    case .package(.call(_, .setItem)): true
    default: false
    }
  }

  private static func containsData(_ call: SecItemCall) -> Bool {
    switch call {
    case .add(let query), .copyMatching(let query), .delete(let query): containsData(query)
    case .update(let query, let attributes): containsData(query) || containsData(attributes)
    }
  }

  /// Whether the expression writes item data: a `kSecValueData` entry or a `Data(...)` literal.
  private static func containsData(_ expr: Expr) -> Bool {
    switch expr {
    case .dictionary(let entries):
      entries.contains { $0.key.raw == "v_Data" || containsData($0.value) }
    case .merge(let operands): operands.contains(where: containsData)
    case .array(let elements): elements.contains(where: containsData)
    case .data: true
    default: false
    }
  }
}
