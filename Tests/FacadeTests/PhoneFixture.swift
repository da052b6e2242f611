import Foundation
import KeychainSimulatorTesting
import Security

/// A fresh phone per test, bound to the test's task, so suites run in parallel safely.
@discardableResult
func onFreshPhone<T>(
  app: PhoneApp = PhoneApp(bundleID: "com.acme.bank", teamID: "TEAM123456"),
  passcode: String? = SimulatedPhone.defaultPasscode,
  _ body: (SimulatedPhone) throws -> T
) throws -> T {
  let phone = try SimulatedPhone(app: app, passcode: passcode)
  return try phone.use { try body(phone) }
}

/// A phone whose `body` may await (LAContext's async evaluation).
@discardableResult
func onFreshPhone<T>(
  passcode: String? = SimulatedPhone.defaultPasscode,
  _ body: (SimulatedPhone) async throws -> T
) async throws -> T {
  let phone = try SimulatedPhone(
    app: PhoneApp(bundleID: "com.acme.bank", teamID: "TEAM123456"), passcode: passcode)
  return try await phone.use { try await body(phone) }
}
