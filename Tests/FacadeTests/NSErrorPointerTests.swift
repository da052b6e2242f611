import Foundation
import KeychainSimulatorTesting
import LocalAuthentication
import Testing

/// Two patterns of iOS code that name `NSErrorPointer` (issue 26): a mock subclass of
/// `LAContext` and a protocol `LAContext` conforms to. That this file compiles is the test;
/// the checks show both are called as on Darwin.
protocol BiometryChecking {
  func canEvaluatePolicy(_ policy: LAPolicy, error: NSErrorPointer) -> Bool
}

extension LAContext: BiometryChecking {}

final class MockLAContext: LAContext, @unchecked Sendable {
  var answer = false
  override func canEvaluatePolicy(_ policy: LAPolicy, error: NSErrorPointer) -> Bool {
    if !answer { error?.pointee = LAError(.biometryNotEnrolled) as NSError }
    return answer
  }
}

@Suite struct NSErrorPointerTests {
  @Test func aMockSubclassOverridesCanEvaluatePolicy() throws {
    let mock = MockLAContext()
    var error: NSError?
    #expect(!mock.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error))
    #expect(error?.code == LAError.Code.biometryNotEnrolled.rawValue)
    mock.answer = true
    #expect(mock.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil))
  }

  @Test func LAContextConformsToAProtocolNamingNSErrorPointer() throws {
    try onFreshPhone { _ in
      let checker: any BiometryChecking = LAContext()
      var error: NSError?
      #expect(checker.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error))
      #expect(error == nil)
    }
  }
}
