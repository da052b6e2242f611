import Keychain
import ScenarioLanguage

// The `app` statements and `keychain reset`. The lifecycle rules live in `SimulatedDevice`;
// the session words the outcome, and refuses to let a deleted app make calls.
extension ScenarioSession {
  mutating func perform(_ command: AppCommand, statement: Statement)
    throws(ScenarioRuntimeError) -> StepReport
  {
    let outcome: DeviceOutcome
    switch command {
    case .install(let install):
      outcome = device.install(Self.identity(of: install))
    case .use(let bundleID):
      outcome = device.useApp(bundleID)
      guard outcome.succeeded else {
        // Later calls would come from the wrong app: stop here.
        throw ScenarioRuntimeError(
          "`app use \(bundleID)` at line \(statement.location.line): "
            + (outcome.explanation?.cause ?? outcome.summary)
            + (outcome.explanation?.fix.map { "; \($0)" } ?? ""))
      }
    case .uninstall(let bundleID):
      outcome = device.uninstall(bundleID: bundleID)
    case .transfer(let bundleID, let teamID):
      outcome = device.transfer(bundleID: bundleID, toTeam: teamID)
    case .resetKeychain(let bundleID):
      outcome = device.resetKeychain(of: bundleID ?? device.caller.app.bundleID)
    case .background, .foreground:
      return performExecutionContext(command, statement: statement)
    case .setDefault(let key, let value):
      outcome = device.setPreference(value, forKey: key)
    case .removeDefault(let key):
      outcome = device.removePreference(forKey: key)
    }
    lastOutcome = .device(
      statement: statement.maskedSourceText, line: statement.location.line,
      refusal: Self.refusal(of: outcome))
    return StepReport(lines: lines(for: outcome))
  }

  /// A SecItem call from a deleted app is a scenario error: no such process can run.
  func requireInstalledCaller(line: Int) throws(ScenarioRuntimeError) {
    guard let refusal = device.callRefusal else { return }
    throw ScenarioRuntimeError("\(refusal.reason) (line \(line)); \(refusal.advice)")
  }

  /// `show apps`: every app the device knows, its team, host (on a Mac, how it runs) and access
  /// groups in order.
  func appLines() -> [String] {
    let apps = device.apps.apps
    let installed = apps.filter(\.isInstalled).count
    let deleted = apps.count - installed
    var lines = ["\(installed) installed app(s)" + (deleted > 0 ? ", \(deleted) deleted" : "")]
    for app in apps {
      let identity = app.identity
      var details = ["team \(identity.teamID)"]
      if let host = identity.hostBundleID {
        let kind = identity.extensionKind.map { "\($0.displayName) " } ?? "extension "
        details.insert(kind + "of \(host)", at: 0)
      }
      if let personality = device.macPersonality(of: identity.bundleID) {
        // `mac app`: how the Mac routes its calls (docs/scenario-language.md §13).
        details.append("runs as \(personality.displayName)")
      }
      if !app.isInstalled { details.append("deleted (its items stay)") }
      if identity.bundleID == device.caller.app.bundleID { details.append("making the calls") }
      lines.append(
        TextWrap.labelled("\(identity.bundleID): ", details.joined(separator: ", "), indent: 2))
      let groups = identity.accessGroups
      lines.append(
        TextWrap.labelled(
          "access groups: ",
          groups.isEmpty
            ? "none (no entitlements: every SecItem call returns errSecMissingEntitlement)"
            : ([groups[0] + " (default)"] + groups.dropFirst()).joined(separator: ", "),
          indent: 4))
    }
    return lines
  }

  static func identity(of install: AppInstall) -> AppIdentity {
    AppIdentity(
      bundleID: install.bundleID, teamID: install.teamID,
      keychainAccessGroups: install.expoPluginGroups.map {
        ExpoConfigPlugin.keychainAccessGroups(
          existing: install.keychainAccessGroups, bundleID: install.bundleID,
          teamID: install.teamID, accessGroups: $0)
      } ?? install.keychainAccessGroups, appGroups: install.appGroups,
      hasApplicationIdentifier: !install.noEntitlements, hostBundleID: install.hostBundleID,
      extensionKind: install.extensionKind)
  }
}
