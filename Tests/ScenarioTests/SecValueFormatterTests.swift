import Foundation
import Keychain
import Testing

@testable import Scenario

@Suite struct SecValueFormatterTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let value: SecValue
    let expected: String
    var testDescription: String { expected }
  }

  static let cases: [Case] = [
    Case(value: .string("alice"), expected: #""alice""#),
    Case(value: .string("say \"hi\"\n"), expected: #""say \"hi\"\n""#),
    Case(value: .data(Data("r1".utf8)), expected: #"<2 bytes: "r1">"#),
    Case(value: .data(Data([0xde, 0xad, 0xbe, 0xef])), expected: "<4 bytes: 0xdeadbeef>"),
    Case(value: .data(Data([0x41])), expected: #"<1 byte: "A">"#),
    Case(value: .data(Data()), expected: "<0 bytes>"),
    Case(value: .number(-25308), expected: "-25308"),
    Case(value: .bool(true), expected: "true"),
    Case(value: .null, expected: "nil"),
    Case(value: .array([]), expected: "[]"),
    Case(value: .dictionary([:]), expected: "[:]"),
    Case(
      value: .dictionary(["class": .string("genp"), "acct": .string("alice")]),
      expected: #"[kSecAttrAccount: "alice", kSecClass: kSecClassGenericPassword]"#),
    Case(
      value: .dictionary(["pdmn": .string("akpu"), "svce": .string("ak")]),
      expected: #"[kSecAttrAccessible: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, "#
        + #"kSecAttrService: "ak"]"#),
    Case(
      value: .array([.data(Data("a".utf8)), .data(Data("b".utf8))]),
      expected: #"[<1 byte: "a">, <1 byte: "b">]"#),
    Case(
      value: .accessControl(
        SecAccessControl(protection: "akpu", flags: [.biometryAny, .or, .devicePasscode])),
      expected:
        "SecAccessControl(kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, "
        + "[.biometryAny, .or, .devicePasscode])"),
    Case(
      value: .accessControl(SecAccessControl(protection: "ak", flags: .userPresence)),
      expected: "SecAccessControl(kSecAttrAccessibleWhenUnlocked, .userPresence)"),
  ]

  @Test(arguments: cases)
  func formatsOneValue(_ testCase: Case) {
    #expect(SecValueFormatter(width: 200).format(testCase.value) == testCase.expected)
  }

  @Test func breaksLongDictionariesIntoIndentedLines() {
    let value = SecValue.dictionary([
      "acct": .string("refresh-token"), "svce": .string("com.example.auth"),
      "labl": .string("A label long enough to push the line past the width"),
    ])
    let text = SecValueFormatter(width: 60).format(value, indent: 2)
    #expect(
      text == """
        [
            kSecAttrAccount: "refresh-token",
            kSecAttrLabel: "A label long enough to push the line past the width",
            kSecAttrService: "com.example.auth",
          ]
        """)
  }

  @Test func unknownRawKeysAreQuoted() {
    #expect(SecValueFormatter().format(.dictionary(["zzzz": .number(1)])) == #"["zzzz": 1]"#)
  }
}
