// Imports the phone and the engine, not Security: the two declare the same names.
import Devices
import KeychainEngine
import KeychainSimulatorPhone
import Testing

/// What the phone's user answers when the device it answers for outlives the phone.
@Suite struct PhoneLifetimeTests {
  /// The device asks the phone's user for a face; the user asks the phone which faces are
  /// enrolled. A device kept past its phone hears "none" (no crash): two failed scans, then
  /// Cancel. The same queue on the live phone is a match.
  @Test func aDeviceKeptPastItsPhoneHearsThatNoFaceIsEnrolled() throws {
    func evaluate(on device: SimulatedDevice) throws -> LAEvaluationOutcome {
      try device.evaluatePolicy(
        .deviceOwnerAuthenticationWithBiometrics, context: LAContext(), localizedReason: "sign in")
    }
    func phoneWithBob() throws -> SimulatedPhone {
      let phone = try SimulatedPhone()
      try phone.enrollBiometry("Bob")
      phone.queue(.face("Bob"), .face("Bob"), .cancel)
      return phone
    }

    let live = try phoneWithBob()
    #expect(try live.withDevice(evaluate).value)
    #expect(live.unusedAnswers == [.face("Bob"), .cancel])

    var phone: SimulatedPhone? = try phoneWithBob()
    let kept = phone!.withDevice { $0 }
    weak var gone = phone
    phone = nil
    #expect(gone == nil)
    let outcome = try evaluate(on: kept)
    #expect(!outcome.value)
    #expect(outcome.error == .userCancel)
  }
}
