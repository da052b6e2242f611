import Foundation
import Testing

@testable import Devices
@testable import Keychain
@testable import KeychainEngine

/// A user agent with queued answers that records every prompt it was shown.
final class QueuedUser: UserAgent {
  var answers: [UserResponse]
  private(set) var prompts: [AuthenticationPrompt] = []

  init(_ answers: [UserResponse] = []) { self.answers = answers }

  func respond(to prompt: AuthenticationPrompt) -> UserResponse? {
    prompts.append(prompt)
    return answers.isEmpty ? nil : answers.removeFirst()
  }
}

/// A device with passcode 123456, `names` enrolled on `type`, answering from `user`.
func makeBiometricDevice(
  _ names: [String] = ["alice"], type: BiometryType = .faceID, user: QueuedUser = QueuedUser()
) throws -> SimulatedDevice {
  let device = try makeDeviceWithPasscode()
  _ = device.setBiometryType(type)
  for name in names { #expect(device.enrollBiometry(name).succeeded) }
  device.userAgent = user
  return device
}

/// `[kSecAttrAccessControl: SecAccessControlCreateWithFlags(nil, protection, flags, nil)]`.
func protected(_ flags: SecAccessControlCreateFlags, _ protection: String = "akpu") throws
  -> SecQuery
{
  ["accc": .accessControl(try SecAccessControl.create(protection: protection, flags: flags))]
}

let readData: SecQuery = ["r_Data": .bool(true)]

/// Answers to three biometrics-only Face ID evaluations that fail five scans in a row: each
/// sheet stops scanning after two failures and waits for Cancel, the fifth failure locks out.
let fiveFailedFaceIDScans: [UserResponse] = [.fail, .fail, .cancel, .fail, .fail, .cancel, .fail]
