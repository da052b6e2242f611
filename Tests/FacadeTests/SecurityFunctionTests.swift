import Foundation
import KeychainSimulatorTesting
import Testing

@testable import Security

/// The rest of Security's API: constants, codes and messages, access controls, random bytes,
/// shared web credentials, and misuse.
@Suite struct SecurityFunctionTests {
  /// The generated kSec* globals (scripts/generate-apple-names) compile to the engine's raw
  /// strings and hash as them; GeneratedSourcesTests checks the file is the generator's.
  @Test func everyGeneratedConstantIsTheEnginesRawString() {
    for (name, value) in secItemConstantTable {
      #expect(engineRawString(forConstant: name) == value as String, "\(name)")
      #if !KEYCHAIN_SIM_PUBLIC_API_ONLY  // a private runtime feature (RuntimeSeamsTests)
        #expect(AnyHashable(value) == AnyHashable(value as String), "\(name)")
      #endif
    }
    #expect(secItemConstantTable.count > 130)
    #expect(kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly as String == "akpu")
    #expect(kSecUseDataProtectionKeychain as String == "nleg")
    #expect(kSecSharedPassword as String == "spwd")
  }

  /// The generated errSec* globals are the engine's codes the SDK declares, in the table's
  /// order, usable as `switch` patterns; every message is the engine's.
  @Test func everyStatusHasApplesNumberAndMessage() throws {
    #expect(errSecItemNotFound == -25300)
    #expect(errSecMissingEntitlement == -34018)
    #expect(engineStatusMessages.count > 300)
    let declared = engineStatusMessages.filter(\.isDeclaredBySDK)
    #expect(engineStatusMessages.count - declared.count == 3)
    #expect(securityStatusConstants.map(\.name) == declared.map(\.name))
    #expect(securityStatusConstants.map(\.status) == declared.map(\.status))
    for (status, _, message, _) in engineStatusMessages {
      let text = try #require(SecCopyErrorMessageString(status, nil))
      #expect(text as String == message)
    }
    #expect(
      SecCopyErrorMessageString(errSecDuplicateItem, nil) as String?
        == "The specified item already exists in the keychain.")
    let status: OSStatus = -25300
    switch status {
    case errSecSuccess: Issue.record("-25300 matched errSecSuccess")
    case errSecItemNotFound: break
    default: Issue.record("-25300 did not match errSecItemNotFound")
    }
  }

  @Test func refusedAccessControlsSetAnOSStatusCFError() throws {
    var error: Unmanaged<CFError>?
    let refused = SecAccessControlCreateWithFlags(
      nil, kSecAttrAccessibleAlways, [.userPresence, .biometryAny], &error)
    #expect(refused == nil)
    let cfError = try #require(error?.takeRetainedValue())
    #expect(CFErrorGetCode(cfError) == Int(errSecParam))
    #expect(CFErrorGetDomain(cfError) as String == NSOSStatusErrorDomain)
    #expect((CFErrorCopyUserInfo(cfError) as? [String: Any])?.isEmpty == false)

    var notAString: Unmanaged<CFError>?
    #expect(SecAccessControlCreateWithFlags(nil, NSNumber(value: 1), [], &notAString) == nil)
    #expect(notAString.map { CFErrorGetCode($0.takeRetainedValue()) } == Int(errSecParam))

    let flags = SecAccessControlCreateFlags(rawValue: CFOptionFlags(0b100_0000_0001_0010))
    let made = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, flags, nil)
    #expect(made != nil)
    #expect(made == SecAccessControlCreateWithFlags(nil, "ak" as CFString, flags, nil))
  }

  @Test func randomBytesFillTheBuffer() {
    var bytes = [UInt8](repeating: 0, count: 64)
    let status = bytes.withUnsafeMutableBytes {
      SecRandomCopyBytes(kSecRandomDefault, $0.count, $0.baseAddress!)
    }
    #expect(status == errSecSuccess)
    #expect(Set(bytes).count > 8)
    var one: UInt8 = 0
    #expect(SecRandomCopyBytes(kSecRandomDefault, -1, &one) == errSecParam)
  }

  @Test func sharedWebCredentialsAreUnimplemented() async {
    let error: CFError? = await withCheckedContinuation { continuation in
      SecAddSharedWebCredential("example.com" as CFString, "me" as CFString, "pw" as CFString) {
        continuation.resume(returning: $0)
      }
    }
    #expect(error.map(CFErrorGetCode) == Int(errSecUnimplemented))
    let password = SecCreateSharedWebCredentialPassword() as String?
    let groups = password?.split(separator: "-") ?? []
    #expect(groups.count == 4 && groups.allSatisfy { $0.count == 3 })
  }

  @Test func aValueOfNoCFTypeIsErrSecParamWithAReason() throws {
    try onFreshPhone { phone in
      struct Token { var text: String }
      let query: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrAccount as String: Token(text: "nope"),
      ]
      #expect(SecItemAdd(query as CFDictionary, nil) == errSecParam)
      let call = try #require(phone.transcript.last)
      #expect(call.why?.contains("kSecAttrAccount is a Token") == true, "\(call.why ?? "")")
      let count = try phone.itemCount()
      #expect(count == 0)
    }
  }

  @Test func aKeyThatIsNotAStringIsErrSecParam() throws {
    try onFreshPhone { phone in
      let query: [AnyHashable: Any] = [
        kSecClass: kSecClassGenericPassword, AnyHashable(42): "x",
      ]
      #expect(SecItemCopyMatching(query as CFDictionary, nil) == errSecParam)
      #expect(phone.transcript.last?.why?.contains("not a CFString") == true)
    }
  }

  @Test func aCFTypeWhereAnotherIsExpectedGetsTheEnginesAnswer() throws {
    try onFreshPhone { phone in
      let query: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrAccount as String: "a",
        kSecValueData as String: "not data",
      ]
      #expect(SecItemAdd(query as CFDictionary, nil) == errSecParam)
      #expect(phone.transcript.last?.why != nil)
      #expect(SecItemDelete([:] as CFDictionary) == errSecParam)
    }
  }

  @Test func aFractionalNumberIsRefusedNotTruncated() throws {
    try onFreshPhone { phone in
      let query: [String: Any] = [
        kSecClass as String: kSecClassInternetPassword, kSecAttrServer as String: "a.b",
        kSecAttrPort as String: 44.5, kSecValueData as String: Data([1]),
      ]
      #expect(SecItemAdd(query as CFDictionary, nil) == errSecParam)
      #expect(phone.transcript.last?.why?.contains("44.5") == true)
      let count = try phone.itemCount()
      #expect(count == 0)
    }
  }
}
