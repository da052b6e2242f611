import Foundation
import Keychain
import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// SecKey statements: Apple's Swift call forms, their errors, what the runner reports (the
/// CFError's domain, the key, why and fix), `show keys`, and that no private key byte is shown.
@Suite struct KeyStatementTests {
  typealias Case = ParseCase<StatementKind>

  /// A key bound earlier, so the cases can name it.
  static let makeKey =
    "let key = SecKeyCreateRandomKey([kSecAttrKeyType: kSecAttrKeyTypeRSA], nil)\n"
  static let ecdsa = KeyAlgorithmName(
    swiftName: "ecdsaSignatureMessageX962SHA256", rawValue: "algid:sign:ECDSA:message-X962:SHA256")

  static let forms: [Case] = [
    Case(
      makeKey + "SecKeyCreateSignature(key, .ecdsaSignatureMessageX962SHA256, \"c\", &error)",
      .key(.createSignature(.name("key"), algorithm: ecdsa, data: .string("c")), binding: nil)),
    Case(
      makeKey
        + "let sig = try SecKeyCreateSignature(key, SecKeyAlgorithm.ecdsaSignatureMessageX962SHA256, "
        + "Data(\"c\".utf8) as CFData, nil)!",
      .key(
        .createSignature(.name("key"), algorithm: ecdsa, data: .data(Data("c".utf8))),
        binding: "sig")),
    Case(
      makeKey
        + "let sig = SecKeyCreateSignature(key, .ecdsaSignatureMessageX962SHA256, \"c\", nil)\n"
        + "SecKeyVerifySignature(SecKeyCopyPublicKey(key)!, "
        + "kSecKeyAlgorithmECDSASignatureMessageX962SHA256, \"c\", sig, &error)",
      .key(
        .verifySignature(
          .publicKey(of: "key"), algorithm: ecdsa, data: .string("c"), signature: .binding("sig")),
        binding: nil)),
    Case(
      makeKey + "let pub = SecKeyCopyPublicKey(key)",
      .key(.copyPublicKey(.name("key")), binding: "pub")),
    Case(
      makeKey + "_ = SecKeyCopyExternalRepresentation(key, &error)",
      .key(.copyExternalRepresentation(.name("key")), binding: nil)),
    Case(makeKey + "SecKeyCopyAttributes(key)", .key(.copyAttributes(.name("key")), binding: nil)),
    Case(
      makeKey
        + "let box = SecKeyCreateEncryptedData(key, .rsaEncryptionOAEPSHA256, \"p\", &error)\n"
        + "SecKeyCreateDecryptedData(key, .rsaEncryptionOAEPSHA256, box, &error)",
      .key(
        .createDecryptedData(
          .name("key"),
          algorithm: KeyAlgorithmName(
            swiftName: "rsaEncryptionOAEPSHA256", rawValue: "algid:encrypt:RSA:OAEP:SHA256"),
          ciphertext: .binding("box")),
        binding: nil)),
    Case(
      "SecItemCopyMatching [kSecClass: kSecClassKey, kSecReturnRef: true]\nlet found = result as! SecKey\n"
        + "SecKeyCopyPublicKey(found)",
      .key(.copyPublicKey(.name("found")), binding: nil)),
    Case("show keys", .show(.keys)),
  ]

  @Test(arguments: forms)
  func parses(_ test: Case) {
    let result = ParsingTestSupport.parse(test.source)
    #expect(result.diagnostics == [], "\(test.source)")
    #expect(result.statements.last?.kind == test.expected)
  }

  @Test func aCreatedKeyIsBoundAsAKeyAndAParameterDictionaryParses() throws {
    let kind = try ParsingTestSupport.kind(
      "let key = SecKeyCreateRandomKey([kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom,\n"
        + "  kSecAttrKeySizeInBits: 256, kSecAttrTokenID: kSecAttrTokenIDSecureEnclave,\n"
        + "  kSecPrivateKeyAttrs: [kSecAttrIsPermanent: true, kSecAttrAccessControl: access]], &error)"
    )
    guard case .key(.createRandomKey(let parameters), binding: "key") = kind,
      let entries = ParsingTestSupport.entries(parameters)
    else {
      Issue.record("not a key creation: \(kind)")
      return
    }
    #expect(
      entries.map(\.0) == [
        "kSecAttrKeyType", "kSecAttrKeySizeInBits", "kSecAttrTokenID", "kSecPrivateKeyAttrs",
      ])
  }

  /// Malformed lines: what is wrong, and where (line and column).
  @Test(arguments: [
    (
      makeKey + "SecKeyCreateSignature(key, .ecdsaSignatureMessageX962SHA265, \"c\", &error)",
      ParseMessage.unknown(
        "SecKeyAlgorithm", ".ecdsaSignatureMessageX962SHA265",
        suggestion: ".ecdsaSignatureMessageX962SHA256"), 2, 29
    ),
    (
      makeKey + "SecKeyCreateSignature(key, .ecdsaSignatureMessageX962SHA256, \"c\")",
      .expected(
        "`, &error` or `, nil`: SecKeyCreateSignature takes an error argument last", found: "`)`"),
      2, 65
    ),
    (
      "SecKeyCreateSignature(kye, .ecdsaSignatureMessageX962SHA256, \"c\", &error)",
      .unknown("key name", "kye", suggestion: nil), 1, 23
    ),
    (
      "SecKeyCopyPublicKey(token)",
      .bindingIsNot("token", is: .dictionary, expected: "a key (SecKey)"),
      1, 21
    ),
    (
      "SecKeyCreateRandomKey \"x\"",
      .expected(
        "`(` after `SecKeyCreateRandomKey`: SecKey calls are written as in Swift", found: "`\"x\"`"),
      1, 23
    ),
    (
      "SecKeyCreateRandomKey(account, nil)",
      .bindingIsNot("account", is: .value, expected: "a dictionary"), 1, 23
    ),
    (
      makeKey + "SecKeyCreateSignature(key, \"algid\", \"c\", nil)",
      .expected("an algorithm such as `.ecdsaSignatureMessageX962SHA256`", found: "`\"algid\"`"), 2,
      28
    ),
    (
      makeKey + "SecKeyVerifySignature(key, .ecdsaSignatureMessageX962SHA256, \"c\", &error)",
      .expected("the signature", found: "`&`"), 2, 67
    ),
    (
      makeKey
        + "SecKeyCreateSignature(key, kSecKeyAlgorithmECDSASignatureMessageX962SHA265, \"c\", nil)",
      .unknown(
        "SecKeyAlgorithm", "kSecKeyAlgorithmECDSASignatureMessageX962SHA265",
        suggestion: "kSecKeyAlgorithmECDSASignatureMessageX962SHA256"), 2, 28
    ),
  ])
  func refusesToParse(source: String, kind: ParseMessage, line: Int, column: Int) {
    let result = ParsingTestSupport.parse(source)
    #expect(result.diagnostics.map(\.kind) == [kind], "\(result.diagnostics)")
    #expect(result.diagnostics.first?.location.line == line)
    #expect(result.diagnostics.first?.location.column == column, "\(result.diagnostics)")
  }

  func play(_ source: String) -> ScenarioFileReport {
    ScenarioRunner(options: .init(kdfProfile: .fast)).run(source: source, name: "test.scenario")
  }

  static let enclaveKey = """
    device passcode 123456
    biometry enroll alice
    let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, [.privateKeyUsage, .biometryCurrentSet], nil)
    let key = SecKeyCreateRandomKey([kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeySizeInBits: 256, kSecAttrTokenID: kSecAttrTokenIDSecureEnclave, kSecPrivateKeyAttrs: [kSecAttrIsPermanent: true, kSecAttrApplicationTag: "bind", kSecAttrAccessControl: access]], &error)

    """

  @Test func aSignatureShowsFaceIDAndVerifies() {
    let report = play(
      Self.enclaveKey + """
        user will match
        let sig = SecKeyCreateSignature(key, .ecdsaSignatureMessageX962SHA256, "c", &error)
        expect success
        expect prompts 1
        SecKeyVerifySignature(SecKeyCopyPublicKey(key)!, .ecdsaSignatureMessageX962SHA256, "c", sig, &error)
        expect true
        SecKeyVerifySignature(SecKeyCopyPublicKey(key)!, .ecdsaSignatureMessageX962SHA256, "d", sig, &error)
        expect false
        expect errSecVerifyFailed
        """)
    #expect(report.failures.isEmpty, "\(report.transcript)")
    #expect(report.transcript.contains("prompt: Face ID for com.example.app"))
  }

  @Test func aCancelledSheetIsLocalAuthenticationsErrorAndAnOSStatusExpectationSaysSo() {
    let report = play(
      Self.enclaveKey + """
        user will cancel
        SecKeyCreateSignature(key, .ecdsaSignatureMessageX962SHA256, "c", &error)
        expect LAError.userCancel
        expect errSecUserCanceled
        """)
    #expect(report.failures.map(\.line) == [8], "\(report.transcript)")
    #expect(
      report.transcript.contains(
        "error: CFError com.apple.LocalAuthentication -2 (LAError.userCancel)"))
    #expect(report.transcript.contains("expect LAError.userCancel"))
    #expect(report.transcript.contains("is in LocalAuthentication's domain, not an OSStatus"))
  }

  @Test func explainAfterAKeyFailureGivesTheFixAndKeepsTheLAError() {
    let report = play(
      Self.enclaveKey + """
        user will cancel
        SecKeyCreateSignature(key, .ecdsaSignatureMessageX962SHA256, "c", &error)
        explain
        """)
    #expect(report.transcript.contains("fix: let the user retry"), "\(report.transcript)")
    #expect(report.transcript.contains("For a Secure Enclave key it stays an LAError"))
  }

  @Test func aKeyDeadAfterEnrolmentNamesTheKeyItsAccessControlAndTheFix() {
    let report = play(
      Self.enclaveKey + """
        biometry enroll bob
        SecItemCopyMatching [kSecClass: kSecClassKey, kSecAttrApplicationTag: "bind", kSecReturnRef: true]
        let found = result
        SecKeyCreateSignature(found, .ecdsaSignatureMessageX962SHA256, "c", &error)
        expect LAError.authenticationFailed
        expect no prompt
        """)
    #expect(report.failures.isEmpty, "\(report.transcript)")
    let text = report.transcript.replacingOccurrences(of: "\n", with: " ")
      .replacingOccurrences(of: " +", with: " ", options: .regularExpression)
    #expect(text.contains("token: com.apple.setoken>; access control: SecAccessControl("))
    #expect(text.contains("[.biometryCurrentSet, .privateKeyUsage]"))
    #expect(text.contains("the enrolled faces or fingers changed since the key was made"))
    #expect(text.contains("fix: the key can never be used again: delete it"))
  }

  @Test func theBackgroundAndALockedDeviceRefuseWithoutAPrompt() {
    let report = play(
      Self.enclaveKey + """
        app background
        SecKeyCreateSignature(key, .ecdsaSignatureMessageX962SHA256, "c", &error)
        expect LAError.notInteractive
        expect no prompt
        app foreground
        device lock
        wait 11s
        SecKeyCreateSignature(key, .ecdsaSignatureMessageX962SHA256, "c", &error)
        expect errSecInteractionNotAllowed
        expect no prompt
        """)
    #expect(report.failures.isEmpty, "\(report.transcript)")
    #expect(report.transcript.contains("a push or background task handler cannot sign"))
    #expect(report.transcript.contains("the device is locked"))
  }

  @Test func noPrivateKeyByteIsShown() {
    let report = play(
      """
      let key = SecKeyCreateRandomKey([kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeySizeInBits: 256, kSecPrivateKeyAttrs: [kSecAttrIsPermanent: true, kSecAttrApplicationTag: "t"]], &error)
      let exported = SecKeyCopyExternalRepresentation(key, &error)
      expect success
      expect no result
      SecKeyCopyAttributes(key)
      expect result has no kSecValueData
      SecItemCopyMatching [kSecClass: kSecClassKey, kSecAttrApplicationTag: "t", kSecReturnData: true]
      SecItemCopyMatching [kSecClass: kSecClassKey, kSecAttrApplicationTag: "t", kSecReturnData: true, kSecReturnAttributes: true]
      SecItemCopyMatching [kSecClass: kSecClassKey, kSecAttrApplicationTag: "t", kSecReturnRef: true, kSecReturnData: true]
      expect count 1
      """)
    #expect(report.failures.isEmpty, "\(report.transcript)")
    // A P-256 private key's X9.63 form is 97 bytes: the formatter would show `<97 bytes: 0x…>`.
    #expect(!report.transcript.contains("<97 bytes:"), "\(report.transcript)")
    #expect(report.transcript.contains("97 bytes, the private key itself (never shown"))
    #expect(report.transcript.contains("<97 bytes of key data, not shown>"))
  }

  @Test func aFailedCallBindsNilAndUsingItStopsTheScenario() {
    let report = play(
      """
      let key = SecKeyCreateRandomKey([kSecAttrKeySizeInBits: 256], &error)
      expect errSecParam
      SecKeyCopyPublicKey(key)
      say "not reached"
      """)
    #expect(report.failures.map(\.line) == [3], "\(report.transcript)")
    #expect(report.transcript.contains("'key' is nil at line 3"))
    #expect(!report.transcript.contains("not reached"))
  }

  @Test func resultBindsTheKeyKSecReturnRefFound() {
    let report = play(
      """
      SecKeyCreateRandomKey([kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeySizeInBits: 256, kSecAttrIsPermanent: true, kSecAttrLabel: "mine"], &error)
      SecItemCopyMatching [kSecClass: kSecClassKey, kSecAttrLabel: "mine", kSecAttrKeyClass: kSecAttrKeyClassPrivate, kSecReturnRef: true]
      let found = result
      let sig = SecKeyCreateSignature(found, .ecdsaSignatureMessageX962SHA256, "c", &error)
      SecItemCopyMatching [kSecClass: kSecClassKey, kSecAttrLabel: "mine", kSecAttrKeyClass: kSecAttrKeyClassPublic, kSecReturnRef: true]
      let pub = result
      SecKeyVerifySignature(pub, .ecdsaSignatureMessageX962SHA256, "c", sig, &error)
      expect true
      """)
    #expect(report.failures.isEmpty, "\(report.transcript)")
  }

  @Test func showKeysListsClassTypeSizeTagTokenAndAccessControl() {
    let report = play(
      Self.enclaveKey + """
        SecKeyCreateRandomKey([kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecAttrKeySizeInBits: 1024, kSecAttrIsPermanent: true, kSecAttrLabel: "soft"], &error)
        show keys
        """)
    #expect(report.failures.isEmpty, "\(report.transcript)")
    let text = report.transcript
    #expect(text.contains("3 keys"), "\(text)")
    #expect(text.contains("- private key, EC 256-bit, tag \"bind\""))
    #expect(text.contains("Secure Enclave (kSecAttrTokenIDSecureEnclave)"))
    #expect(text.contains("- public key, RSA 1024-bit, label \"soft\""))
    #expect(text.contains("- private key, RSA 1024-bit, label \"soft\""))
    #expect(text.contains("software key"))
  }

  @Test func aDeviceWithoutTheKeysAnswersErrSecItemNotFoundAndTheKeyNeverOpensThere() {
    let report = play(
      Self.enclaveKey + """
        backup create b encrypted password "pw"
        device add second iphone
        device use second
        backup restore b password "pw"
        SecItemCopyMatching [kSecClass: kSecClassKey, kSecAttrApplicationTag: "bind", kSecReturnRef: true]
        expect errSecItemNotFound
        SecKeyCreateSignature(key, .ecdsaSignatureMessageX962SHA256, "c", &error)
        expect errSecDecode
        """)
    #expect(report.failures.isEmpty, "\(report.transcript)")
    #expect(report.transcript.contains("make a new key on this device"))
  }

  @Test func resultAfterAnotherCallIsNoLongerTheKeyFound() {
    let report = play(
      """
      SecKeyCreateRandomKey([kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeySizeInBits: 256, kSecAttrIsPermanent: true, kSecAttrLabel: "k"], &error)
      SecItemCopyMatching [kSecClass: kSecClassKey, kSecAttrLabel: "k", kSecAttrKeyClass: kSecAttrKeyClassPrivate, kSecReturnRef: true]
      SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a", kSecValueData: "x", kSecReturnAttributes: true]
      let other = result
      SecKeyCopyPublicKey(other)
      """)
    #expect(report.failures.map(\.line) == [5], "\(report.transcript)")
    #expect(report.transcript.contains("'other' is not a key at line 5"))
  }

  @Test func kSecValueRefWithABoundKeyStoresIt() {
    let report = play(
      """
      let key = SecKeyCreateRandomKey([kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeySizeInBits: 256], &error)
      show keys
      SecItemAdd [kSecClass: kSecClassKey, kSecValueRef: key, kSecAttrApplicationTag: "t", kSecReturnAttributes: true, kSecReturnData: true]
      expect errSecSuccess
      show keys
      """)
    #expect(report.failures.isEmpty, "\(report.transcript)")
    #expect(report.transcript.contains("no keys"))
    #expect(report.transcript.contains("- private key, EC 256-bit, tag \"t\""))
    #expect(!report.transcript.contains("<97 bytes:"), "\(report.transcript)")
  }
}
