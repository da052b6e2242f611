import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// The statement parser's shortcuts (issue 29) read what the longer way read: a name's text
/// taken from the last name looked up, a bound name starting a query, a value constant's
/// expression made once, a `device` command told by its length and first byte.
@Suite struct StatementParserShortcutTests {
  private func parse(_ source: String) -> ParseResult {
    var parser = ScenarioParser(file: "f")
    return parser.parse(source)
  }

  private func kinds(_ source: String) -> [StatementKind] {
    let result = parse(source)
    #expect(result.diagnostics == [], "\(source)")
    return result.statements.map(\.kind)
  }

  /// `query2` after `let query1`: as long as the name looked up last, one byte apart, it is
  /// not taken for it.
  @Test func aNameOfTheLastBindingsLengthIsComparedWhole() throws {
    let result = parse(
      """
      let query1 = [kSecClass: kSecClassGenericPassword]
      SecItemDelete query2
      SecItemDelete query1
      """)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(diagnostic.location.line == 2)
    #expect(diagnostic.message.contains("`query2`"))
    #expect(result.statements.map(\.kind).last == .secItem(.delete(.binding("query1"))))
  }

  /// A bound name starting a query is its binding, alone, merged, cast or unwrapped, on an
  /// ASCII line and on one read as `Character`s.
  @Test func aBoundNameStartsAQueryAsItsBinding() {
    for comment in ["", " # ✓ café"] {
      let statements = kinds(
        """
        let query = [kSecClass: kSecClassGenericPassword]\(comment)
        SecItemDelete query\(comment)
        SecItemDelete query as CFDictionary\(comment)
        SecItemDelete(query!)\(comment)
        SecItemCopyMatching query + [kSecReturnData: true]\(comment)
        """)
      #expect(statements.count == 5)
      let query = Expr.binding("query")
      #expect(statements.dropFirst().prefix(3).allSatisfy { $0 == .secItem(.delete(query)) })
      guard case .secItem(.copyMatching(.merge(let operands))) = statements.last else {
        Issue.record("not a merge: \(String(describing: statements.last))")
        continue
      }
      #expect(operands.count == 2)
      #expect(operands.first == query)
    }
  }

  /// `_`, `nil` and a name bound to something else than a dictionary are refused as queries
  /// as before: the shortcut takes only a bound name that is no reserved word, and its value
  /// is still checked.
  @Test func aQueryThatIsNoDictionaryIsStillRefused() {
    let sources = [
      "SecItemDelete _", "SecItemDelete nil", "let n = 1\nSecItemDelete n",
      "let n = 1\nSecItemDelete n + [kSecReturnData: true]",
    ]
    for source in sources {
      let result = parse(source)
      #expect(result.diagnostics.count == 1, "\(source)")
      #expect(!result.statements.contains { if case .secItem = $0.kind { true } else { false } })
    }
  }

  /// The same constant read twice, on an ASCII line and on one read as `Character`s, is the
  /// same expression (made once for the first, afresh for the other).
  @Test func aValueConstantReadAgainIsTheSameExpression() {
    let constant = ParsingTestSupport.constant("kSecClassGenericPassword")
    for comment in ["", " # ✓ café"] {
      let statements = kinds(
        """
        let a = kSecClassGenericPassword\(comment)
        let b = kSecClassGenericPassword\(comment)
        """)
      #expect(
        statements == [.bind(name: "a", value: constant), .bind(name: "b", value: constant)])
    }
  }

  /// A `let` of a status's name, on an ASCII line or one read as `Character`s, still makes
  /// `expect errSecSuccess...` look the name up (only a name the lexer found in no known name's
  /// entry, on a byte-wise line, is taken for no status's name).
  @Test func aStatusNameBoundOnAnyLineIsLookedUp() {
    let expected = StatementKind.expect(.biometryType(context: "errSecSuccess", .faceID))
    for comment in ["", " # ✓ café"] {
      let statements = kinds(
        "let errSecSuccess = LAContext()\(comment)\n"
          + "expect errSecSuccess.biometryType == .faceID\(comment)")
      #expect(statements.last == expected, "\(comment)")
    }
    #expect(
      kinds("let query = [kSecClass: kSecClassGenericPassword]\nexpect errSecSuccess").last
        == .expect(.status(.errSecSuccess)))
  }

  /// Every `device` command is found, on an ASCII line and on one read as `Character`s; a
  /// word of a command's length and first byte that is none is refused with a suggestion.
  @Test func everyDeviceCommandIsFoundAndANearMissRefused() throws {
    let commands: [(String, DeviceCommand)] = [
      ("lock", .lock), ("reboot", .reboot), ("unlock 1234", .unlock(passcode: "1234")),
      ("passcode 1234", .setPasscode("1234")), ("add watch", .add(name: "watch", platform: .iPhone)),
      ("use watch", .use(name: "watch")),
    ]
    for (command, expected) in commands {
      for comment in ["", " # ✓ café"] {
        #expect(kinds("device \(command)\(comment)") == [.device(expected)], "\(command)")
      }
    }
    for (nearMiss, suggestion) in [
      ("unlokc", "unlock"), ("rebot", "reboot"), ("uss", "use"), ("lokc", "lock"),
      ("passcod", "passcode"), ("ad", "add"),
    ] {
      let diagnostic = try #require(parse("device \(nearMiss) 1234").diagnostics.first)
      #expect(diagnostic.message.contains("`\(nearMiss)`"), "\(nearMiss)")
      #expect(diagnostic.message.contains("`\(suggestion)`"), "\(nearMiss)")
    }
  }
}
