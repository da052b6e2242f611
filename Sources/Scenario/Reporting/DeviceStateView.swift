import Keychain
import ScenarioLanguage

/// `show device`: the device state in the transcript's words, one fact per line.
enum DeviceStateView {
  /// Several lines: lock state, passcode, biometry, clock, readable classes, caller, and a
  /// warning when the device file could not be saved.
  static func lines(_ state: DeviceSnapshot) -> [String] {
    var lines: [String] = []
    switch state.lock {
    case .unlocked: lines.append("lock: unlocked")
    case .beforeFirstUnlock: lines.append("lock: before first unlock")
    case .locked(let since):
      lines.append("lock: locked since \(since) (for \(state.now.duration(since: since)))")
    }
    var passcode = state.passcodeSet ? "set" : "not set (locking protects nothing)"
    if state.failedPasscodeAttempts > 0 {
      passcode += ", \(state.failedPasscodeAttempts) failed attempt(s)"
    }
    if let until = state.passcodeBlockedUntil { passcode += ", entry disabled until \(until)" }
    lines.append("passcode: \(passcode)")
    lines.append("biometry: " + describe(state))
    lines.append("clock: \(state.now)")
    lines += readability(state.availableClasses)
    let app = state.caller.app
    lines.append(
      "caller: \(app.bundleID) (team \(app.teamID)), access groups: "
        + (app.accessGroups.isEmpty ? "none" : app.accessGroups.joined(separator: ", "))
        + (state.appState == .background ? "; in the background (no prompt can be shown)" : ""))
    if let saveError = state.saveError {
      lines.append("warning: the device file could not be saved: \(saveError)")
    }
    return lines
  }

  /// Which `kSecAttrAccessible` values can be read now, by Apple's names (`help accessibility`
  /// has the whole table).
  private static func readability(_ available: Set<ProtectionClass>) -> [String] {
    let readable = ProtectionClass.allCases.filter(available.contains).map(\.appleName)
    let unreadable = ProtectionClass.allCases.filter { !available.contains($0) }.map(\.appleName)
    if unreadable.isEmpty { return ["readable: items of every kSecAttrAccessible value"] }
    return [
      TextWrap.labelled(
        "readable: ", readable.isEmpty ? "none" : readable.joined(separator: ", ")),
      TextWrap.labelled("not readable: ", unreadable.joined(separator: ", ")),
    ]
  }

  /// `Face ID, enrolled: alice, bob; 2 failed matches`.
  private static func describe(_ state: DeviceSnapshot) -> String {
    let biometry = state.biometry
    guard biometry.type != .none else { return "none (no Face ID or Touch ID hardware)" }
    var text = "\(biometry.type), "
    text +=
      biometry.enrolled.isEmpty
      ? "nothing enrolled" : "enrolled: " + biometry.enrolled.joined(separator: ", ")
    if biometry.isLockedOut {
      text += "; locked out after \(biometry.failedMatches) failed matches (passcode required)"
    } else if biometry.failedMatches > 0 {
      text += "; \(biometry.failedMatches) failed match(es) in a row"
    }
    if biometry.type != .none, let requirement = state.biometryPasscodeRequirement,
      [.noUnlockFor48Hours, .noPasscodeFor156Hours].contains(requirement)
    {
      text += "; passcode required: " + requirement.description
    }
    return text
  }
}
