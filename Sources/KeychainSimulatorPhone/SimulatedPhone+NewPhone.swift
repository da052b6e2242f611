internal import Keychain

/// What key and device-binding tests need beyond the basics: answers cleared without a reset,
/// Face ID re-enrolled in one step, the user's move to a new phone.
extension SimulatedPhone {
  /// Drops the answers no prompt has used yet, leaving the phone, its items and its
  /// transcript as they are.
  public func clearQueuedAnswers() {
    locked { user.queue = [] }
  }

  /// "Reset Face ID" and set it up again in one step: every enrolled face or finger removed,
  /// then `name` enrolled. The enrolment set changes, so `biometryCurrentSet` items and keys
  /// can never be used again.
  public func reenrollBiometry(as name: String = "Appleseed") throws(PhoneError) {
    let enrolled = withDevice { $0.state.biometry.enrolled }
    for identity in enrolled {
      try removeBiometry(identity)
    }
    try enrollBiometry(name)
  }

  /// The user moves to a new iPhone the way most do: an encrypted backup of this phone
  /// restored onto a new one, which then gets the same passcode, app and face. The phone
  /// object now stands for the new iPhone; what did not come along (ThisDeviceOnly items,
  /// `akpu` items, Secure Enclave keys, items that need authentication to read) is in the
  /// returned lines and the transcript.
  @discardableResult
  public func moveToNewPhone() throws(PhoneError) -> [String] {
    try locked { () throws(PhoneError) -> [String] in
      let fleet = DeviceFleet(first: device, kdfProfile: .fast)
      let password = "keychain-sim-move"
      do {
        let backup = try fleet.createBackup(named: "move", kind: .encrypted, password: password)
        guard backup.outcome.succeeded else {
          throw PhoneError(operation: "moveToNewPhone", reason: "\(backup.outcome)")
        }
        try fleet.addDevice(named: "newPhone", platform: .iPhone)
        _ = try fleet.use("newPhone")
      } catch let error as PhoneError {
        throw error
      } catch {
        throw PhoneError(operation: "moveToNewPhone", reason: "\(error)")
      }
      let newDevice = fleet.current
      do {
        try newDevice.setCaller(Caller(app: configuredApp.identity))
      } catch {
        throw PhoneError(operation: "moveToNewPhone", reason: "\(error)")
      }
      try Self.setUp(newDevice, app: configuredApp, passcode: passcode)
      let restored: BackupReport
      do {
        restored = try fleet.restoreBackup(named: "move", password: password)
      } catch {
        throw PhoneError(operation: "moveToNewPhone", reason: "\(error)")
      }
      guard restored.outcome.succeeded else {
        throw PhoneError(operation: "moveToNewPhone", reason: "\(restored.outcome)")
      }
      newDevice.userAgent = user
      device = newDevice
      let lines = restored.items.map(\.description)
      recorded.record(
        .device(
          PhoneEvent(
            operation: "moveToNewPhone",
            summary: "moved to a new iPhone through an encrypted backup: "
              + "\(restored.items.filter(\.movedItem).count) item(s) restored, "
              + "\(restored.items.filter { !$0.movedItem }.count) stayed behind",
            note: lines.isEmpty ? nil : lines.joined(separator: "\n"))))
      return lines
    }
  }
}
