import Foundation
import Keychain
import Testing

/// Plays a sequence of steps on a fresh device (in memory, or in a temporary device file when
/// the sequence reopens it) and on a ``KeychainModel`` side by side, and reports the first step
/// where they disagree.
struct ModelCheck {
  struct Mismatch: CustomStringConvertible {
    var index: Int
    var step: ModelStep
    var expected: KeychainModel.Observation
    var actual: KeychainModel.Observation
    /// What the engine said about it (its explanation or device summary), for the report.
    var engineSaid: String

    var description: String {
      "step \(index + 1) `\(step)`: model expects \(expected), engine gave \(actual)"
        + (engineSaid.isEmpty ? "" : " (\(engineSaid))")
    }
  }

  /// The model to start from; a test can hand in a deliberately wrong one.
  var model = KeychainModel()

  /// - Parameter reached: collects a label per step played (its kind and expected outcome),
  ///   so a test can check that random runs reach every interesting case.
  /// - Throws: only when the device cannot be created.
  func firstMismatch(in steps: [ModelStep], reached: inout Set<String>) throws -> Mismatch? {
    // A device file only for sequences that reopen it: in memory is much faster.
    let path = steps.contains(.reopen) ? Self.temporaryDevicePath() : nil
    defer { if let path { Self.removeTemporaryFile(path) } }
    let options = SimulatedDevice.Options(kdfProfile: .fast, path: path)
    var device = try SimulatedDevice(options: options)
    var model = self.model
    for (index, step) in steps.enumerated() {
      if model.isBlocked, step.typesPasscode { reached.insert("passcode typed during a delay") }
      let expected = model.apply(step)
      reached.insert("\(step.kind) → \(expected.outcome)")
      let (actual, said): (KeychainModel.Observation, String)
      if step == .reopen, let path {
        device = try SimulatedDevice.open(path: path, options: options)
        (actual, said) = (.device(done: true), "")
      } else {
        (actual, said) = Self.play(step, on: device)
      }
      if actual != expected {
        return Mismatch(
          index: index, step: step, expected: expected, actual: actual, engineSaid: said)
      }
    }
    return nil
  }

  func firstMismatch(in steps: [ModelStep]) throws -> Mismatch? {
    var ignored: Set<String> = []
    return try firstMismatch(in: steps, reached: &ignored)
  }

  /// Removes steps while the sequence still fails (any mismatch, not necessarily the same
  /// one): chunks of half the length first, down to single steps, until no removal fails.
  func shrink(_ steps: [ModelStep]) throws -> [ModelStep] {
    var current = steps
    var chunk = max(1, current.count / 2)
    while true {
      var removedAny = false
      var start = 0
      while start < current.count {
        var candidate = current
        candidate.removeSubrange(start..<min(start + chunk, current.count))
        if try firstMismatch(in: candidate) != nil {
          current = candidate
          removedAny = true
        } else {
          start += chunk
        }
      }
      if chunk == 1 && !removedAny { return current }
      if !removedAny { chunk = max(1, chunk / 2) }
    }
  }

  // MARK: - Driving the engine

  private static func play(
    _ step: ModelStep, on device: SimulatedDevice
  ) -> (KeychainModel.Observation, String) {
    switch step {
    case .setPasscode(let code): return observe(device.setPasscode(code))
    case .changePasscode(let from, let to):
      return observe(device.changePasscode(from: from, to: to))
    case .removePasscode(let code): return observe(device.removePasscode(current: code))
    case .lock: return observe(device.lock())
    case .unlock(let code): return observe(device.unlock(passcode: code))
    case .wait(let milliseconds):
      return observe(device.advanceClock(by: .milliseconds(milliseconds)))
    case .reboot: return observe(device.reboot())
    case .reopen: preconditionFailure("a reopen replaces the device; firstMismatch does it")
    case .add(let account, let accessibility, let data):
      return observe(
        device.secItemAdd(
          item(account).merging([
            "pdmn": .string(accessibility), "v_Data": .data(Data(data.utf8)),
          ]) { _, new in new }))
    case .copy(let account):
      return observe(
        device.secItemCopyMatching(
          item(account).merging(["r_Data": .bool(true)]) { _, new in new }))
    case .attributes(let account):
      return observe(
        device.secItemCopyMatching(
          item(account).merging(["r_Attributes": .bool(true)]) { _, new in new }))
    case .exists(let account):
      return observe(device.secItemCopyMatching(item(account)))
    case .copyAll:
      return observe(
        device.secItemCopyMatching([
          "class": .string("genp"), "svce": .string(ModelStep.service),
          "m_Limit": .string("m_LimitAll"), "r_Data": .bool(true),
        ]))
    case .updateData(let account, let data):
      return observe(device.secItemUpdate(item(account), ["v_Data": .data(Data(data.utf8))]))
    case .updateAccessibility(let account, let accessibility):
      return observe(device.secItemUpdate(item(account), ["pdmn": .string(accessibility)]))
    case .rename(let account, let new):
      return observe(device.secItemUpdate(item(account), ["acct": .string(new)]))
    case .delete(let account):
      return observe(device.secItemDelete(item(account)))
    }
  }

  private static func removeTemporaryFile(_ path: String) {
    do {
      try FileManager.default.removeItem(atPath: path)
    } catch {
      Issue.record("could not remove the temporary device file \(path): \(error)")
    }
  }

  /// In /dev/shm when there is one: this test checks what is read back, not durability
  /// (scripts/crash-consistency.sh does), and a disk's fsyncs would make it slow.
  private static func temporaryDevicePath() -> String {
    var isDirectory: ObjCBool = false
    let memory = FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory)
    let folder =
      memory && isDirectory.boolValue
      ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
    return folder.appendingPathComponent("keychain-sim-model-\(UUID().uuidString).kcsim").path
  }

  private static func item(_ account: String) -> SecQuery {
    [
      "class": .string("genp"), "svce": .string(ModelStep.service),
      "acct": .string(account),
    ]
  }

  private static func observe(_ outcome: DeviceOutcome) -> (KeychainModel.Observation, String) {
    (.device(done: outcome.succeeded), outcome.description)
  }

  private static func observe(_ outcome: SecItemOutcome) -> (KeychainModel.Observation, String) {
    let said = outcome.explanation.map { "\($0)" } ?? ""
    return (.call(status: outcome.status.rawValue, returned: returned(outcome.result)), said)
  }

  /// Reduces a result to the secrets it carries, in the model's terms.
  private static func returned(_ result: SecValue?) -> KeychainModel.Returned {
    switch result {
    case nil: return .nothing
    case .data(let data)?: return text(data).map { .one($0) } ?? .unexpected("\(data)")
    case .array(let elements)?:
      var secrets: [String] = []
      for element in elements {
        guard case .data(let data) = element, let secret = text(data) else {
          return .unexpected("array element \(element)")
        }
        secrets.append(secret)
      }
      return .many(secrets.sorted())
    case .dictionary(let attributes)?:
      guard case .string(let account)? = attributes["acct"],
        case .string(let accessibility)? = attributes["pdmn"]
      else { return .unexpected("attributes without acct or pdmn: \(attributes)") }
      return .attributes(account: account, accessibility: accessibility)
    case let other?: return .unexpected("\(other)")
    }
  }

  private static func text(_ data: Data) -> String? { String(data: data, encoding: .utf8) }
}
