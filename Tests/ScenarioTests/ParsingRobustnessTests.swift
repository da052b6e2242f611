import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// Bad input gets diagnostics, never a crash: every prefix and a family of mutations of a
/// scenario that uses most of the language, each diagnostic pointing inside the text.
@Suite struct ParsingRobustnessTests {
  static let scenario = """
    # Every corner of the language, for the robustness tests.
    device passcode 123456   // a comment
    biometry enroll "left thumb"
    app install com.example.my-app team 9ABCDE1234 keychain-access-groups $(AppIdentifierPrefix)g
    let ctx = LAContext()
    ctx.touchIDAuthenticationAllowableReuseDuration = 10
    let ac = SecAccessControlCreateWithFlags(kCFAllocatorDefault,
        kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.biometryAny, .or, .devicePasscode], &e)!
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword,
      kSecAttrAccount as String: "a\\"b\\u{1F511}",
      kSecAttrAccessControl as String: ac,
      kSecUseAuthenticationContext as String: ctx,
    ]
    user will fail 2 times
    SecItemAdd(query as CFDictionary, nil)
    let status = SecItemCopyMatching((query + [kSecReturnData: true]) as CFDictionary, &result)
    expect result "s3cret".data(using: .utf8)!
    ctx.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Sign in")
    expect LAError.userCancel
    wait 1h30m
    expect device locked
    say "done # not a comment"
    """

  @Test func everyPrefixParsesOrReportsInRange() {
    let characters = Array(Self.scenario)
    for end in stride(from: 0, through: characters.count, by: 2) {
      check(String(characters[..<end]))
    }
  }

  @Test func everyLineWithACharacterDroppedParsesOrReportsInRange() {
    let characters = Array(Self.scenario)
    for index in characters.indices where index % 5 == 0 {
      var mutated = characters
      mutated.remove(at: index)
      check(String(mutated))
    }
  }

  @Test func everyPunctuationInsertedParsesOrReportsInRange() {
    let characters = Array(Self.scenario)
    for index in characters.indices where index % 11 == 0 {
      for inserted in ["[", ")", "\"", "\\", "-", "&", "1"] {
        var mutated = characters
        mutated.insert(contentsOf: inserted, at: index)
        check(String(mutated))
      }
    }
  }

  @Test func theFullScenarioParses() throws {
    let statements = try ScenarioParser.parse(file: "all.scenario", source: Self.scenario)
    #expect(statements.count == 16)
  }

  private func check(_ source: String) {
    var parser = ScenarioParser(file: "p")
    let result = parser.parse(source)
    let lines = source.lines
    for diagnostic in result.diagnostics {
      let line = diagnostic.location.line
      guard (1...lines.count).contains(line) else {
        Issue.record("line \(line) out of range in \(source.debugDescription)")
        return
      }
      let width = lines[line - 1].count
      #expect(
        (1...width + 1).contains(diagnostic.location.column),
        "column \(diagnostic.location.column) beyond \(width) in \(source.debugDescription)")
      // The line as written, but for secrets masked (DiagnosticRedactionTests).
      var unmasked = diagnostic
      unmasked.sourceLine = String(lines[line - 1])
      let lexed = Lexer.lex(lines[line - 1], file: "p", firstLine: line)
      let redacted = DiagnosticRedaction.redacted(unmasked, line: lexed)
      // The parser masks as much, and may mask more: the text after a secret it read (issue 28).
      // What it shows of the line, piece by piece, the tokens' masking shows too, in order.
      let shown = (diagnostic.sourceLine ?? "").components(separatedBy: SecretMask.text)
      var rest = Substring(redacted.sourceLine ?? "")
      for piece in shown where !piece.isEmpty {
        guard let found = rest.range(of: piece) else {
          Issue.record("`\(piece)` is masked by the tokens: \(redacted.sourceLine ?? "")")
          break
        }
        rest = rest[found.upperBound...]
      }
      if redacted.sourceLine?.contains(SecretMask.text) == true {
        #expect(diagnostic.sourceLine?.contains(SecretMask.text) == true)
      }
    }
  }
}
