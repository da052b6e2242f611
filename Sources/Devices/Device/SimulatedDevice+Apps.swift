import DeviceState
import Foundation
import ItemStore
import KeychainEngine

/// Installing, deleting, transferring and switching apps, and the per-app keychain reset.
///
/// Every operation returns a ``DeviceOutcome``: a refused install (entitlements the team's
/// profile does not allow) is an outcome, as iOS refusing to install is something to observe.
extension SimulatedDevice {
  /// Installs an app or extension, updates an installed one (its new entitlements take effect,
  /// its items stay), or reinstalls a deleted one (its items are visible again). Reinstalling a
  /// host app reinstalls the extensions it contains.
  public func install(_ app: AppIdentity) -> DeviceOutcome {
    let previous = apps.app(app.bundleID)
    do throws(InstallRefusal) {
      try Provisioning.check(app, registry: apps)
    } catch {
      return .refused("\(app.bundleID) not installed", .installRefused(error))
    }
    apps.record(app)
    var reinstalled: [String] = []
    if previous?.isInstalled == false {
      for contained in apps.extensions(of: app.bundleID) where !contained.isInstalled {
        apps.setInstalled(contained.bundleID, true)
        reinstalled.append(contained.bundleID)
      }
    }
    refreshCaller()
    saveRecordingFailure()
    let groups = Self.describe(app.accessGroups)
    switch previous {
    case nil:
      return .done(installSummary(app) + "; access groups: " + groups)
    case let old? where old.isInstalled:
      let lost = old.identity.accessGroups.filter { !app.accessGroups.contains($0) }
      let summary = "updated \(app.bundleID); access groups: " + groups
      guard !lost.isEmpty else { return .done(summary) }
      let count = itemCount(inGroups: lost)
      return .done(
        summary,
        note: Explanation(
          cause: "\(app.bundleID) is no longer entitled to \(lost.joined(separator: ", ")): "
            + "the \(count) item(s) there stay on the device, invisible to it "
            + "(errSecItemNotFound without kSecAttrAccessGroup, errSecMissingEntitlement with "
            + "it) until an update restores the entitlement"))
    case .some where platform == .android:
      return .done(
        "reinstalled \(app.bundleID); access groups: " + groups,
        note: Explanation(
          cause: "it starts with nothing: Android erased its Keystore keys and private storage "
            + "when it was uninstalled (docs/evidence.md §11, fact 51)"))
    case .some:
      let also = reinstalled.isEmpty ? "" : " with \(reinstalled.joined(separator: ", "))"
      let count = itemCount(
        inGroups: ([app] + reinstalledIdentities(reinstalled)).flatMap {
          $0.accessGroups
        })
      return .done(
        "reinstalled \(app.bundleID)\(also); access groups: " + groups,
        note: Explanation(
          cause: "\(count) item(s) in its access groups are visible again: iOS keeps keychain "
            + "items when an app is deleted"))
    }
  }

  /// Deletes an app (and the extensions it contains). Its keychain items stay, as on iOS.
  public func uninstall(bundleID: String) -> DeviceOutcome {
    guard let app = apps.app(bundleID), app.isInstalled else {
      return unknownApp(bundleID, action: "not deleted")
    }
    let removed = [app] + apps.extensions(of: bundleID).filter(\.isInstalled)
    for each in removed { apps.setInstalled(each.bundleID, false) }
    // Saved with the apps, so a reopened phone never has values of an uninstalled app.
    let erased = removed.reduce(0) { $0 + eraseAndroidStorage(of: $1.bundleID) }
    saveRecordingFailure()
    let extensions = removed.dropFirst().map(\.bundleID)
    if platform == .android {
      return uninstallOnAndroid(bundleID, removed: removed, erased: erased)
    }
    let count = itemCount(inGroups: removed.flatMap(\.identity.accessGroups))
    var note =
      "iOS keeps an app's keychain items when the app is deleted; reinstalling it with the "
      + "same team and entitlements makes them visible again"
    if removed.contains(where: { $0.bundleID == caller.app.bundleID }) {
      note +=
        ". It was making the calls: calls from it are refused until it is reinstalled or "
        + "`app use` picks another app"
    }
    return .done(
      "deleted \(bundleID)"
        + (extensions.isEmpty ? "" : " and its extension(s) \(extensions.joined(separator: ", "))")
        + "; the \(count) keychain item(s) in its access groups stay on the device",
      note: Explanation(cause: note))
  }

  /// Moves an app (with its extensions) to another team, as an App Store app transfer does:
  /// the next version is signed by the new team, so its application identifier and
  /// `$(AppIdentifierPrefix)` groups change and the old groups are out of reach. App groups
  /// move with the app.
  public func transfer(bundleID: String, toTeam team: String) -> DeviceOutcome {
    guard let app = apps.app(bundleID), app.isInstalled else {
      return unknownApp(bundleID, action: "not transferred")
    }
    if let host = app.identity.hostBundleID {
      return .refused(
        "\(bundleID) not transferred",
        .extensionTransfer(bundleID: bundleID, host: host, team: team))
    }
    guard Provisioning.isTeamID(team) else {
      return .refused("\(bundleID) not transferred", .notATeamID(team))
    }
    let oldTeam = app.identity.teamID
    guard team != oldTeam else {
      return .refused(
        "\(bundleID) not transferred", .alreadyInTeam(bundleID: bundleID, team: team))
    }
    let moved = [app] + apps.extensions(of: bundleID)
    let oldGroups = Set(moved.filter(\.isInstalled).flatMap(\.identity.accessGroups))
    for each in moved {
      let identity = Self.resigned(each.identity, from: oldTeam, to: team)
      apps.record(identity)
      apps.setInstalled(identity.bundleID, each.isInstalled)
      for group in identity.appGroups { apps.appGroupTeams[group] = team }
    }
    refreshCaller()
    saveRecordingFailure()
    let identity = apps.app(bundleID)?.identity ?? app.identity
    let newGroups = Set(
      apps.extensions(of: bundleID).filter(\.isInstalled).flatMap {
        $0.identity.accessGroups
      }
    ).union(identity.accessGroups)
    let lost = oldGroups.subtracting(newGroups).sorted()
    let count = itemCount(inGroups: lost)
    return .done(
      "transferred \(bundleID) to team \(team); its application identifier is now "
        + "\(identity.applicationIdentifier); access groups: "
        + Self.describe(identity.accessGroups),
      note: Explanation(
        cause: "the \(count) item(s) in \(lost.joined(separator: ", ")) stay on the device but "
          + "the app can no longer reach them (App Store Connect warns \"ITMS-90076: Potential "
          + "Loss of Keychain Access\"); app groups move with the app, so items kept in an app "
          + "group survive the transfer",
        fix: "before transferring, ship a version that copies the items into an app group "
          + "(read, add, delete)"))
  }

  /// Makes `bundleID` the caller of later SecItem calls.
  public func useApp(_ bundleID: String) -> DeviceOutcome {
    guard let app = apps.app(bundleID), app.isInstalled else {
      return unknownApp(bundleID, action: "not switched")
    }
    var next = caller  // one assignment, one save; keeps any execution context
    next.app = app.identity
    next.hostApp = app.identity.hostBundleID.flatMap { apps.app($0)?.identity }
    caller = next
    saveRecordingFailure()
    let host = app.identity.hostBundleID.map { " (extension of \($0))" } ?? ""
    return .done(
      "calls now come from \(bundleID)\(host); access groups: "
        + Self.describe(app.identity.accessGroups))
  }

  /// Makes `caller` the app making later SecItem calls, as it is (installed or not: a library
  /// user may model an app the registry does not know), and saves the device.
  /// - Throws: ``SimulatedDeviceError/saveFailed(path:reason:)``.
  public func setCaller(_ caller: Caller) throws(SimulatedDeviceError) {
    self.caller = caller
    try save()
  }

  /// Whether the current caller is installed: the device refuses the SecItem calls of a
  /// deleted app (``callRefusal``).
  public var callerIsInstalled: Bool {
    // Asked before every SecItem call: looks for a deleted record of the caller without
    // copying any record out (the flag first, so a device with no deleted app compares no
    // bundle id).
    let bundleID = caller.app.bundleID
    return !apps.apps.contains { !$0.isInstalled && $0.bundleID == bundleID }
  }

  /// Deletes every item in `bundleID`'s access groups, shared groups included, whatever their
  /// class, protection or lock state. A test-suite convenience: iOS has no such call.
  public func resetKeychain(of bundleID: String) -> DeviceOutcome {
    guard let app = apps.app(bundleID) else {
      return unknownApp(bundleID, action: "keychain not reset")
    }
    let groups = app.identity.accessGroups
    let deleted: Int
    do {
      deleted = try engine.deleteItems(inAccessGroups: groups)
    } catch {
      return .refused("keychain not reset", .storeFailed(detail: "\(error)"))
    }
    return .done(
      "deleted \(deleted) item(s) in \(bundleID)'s access groups ("
        + (groups.isEmpty ? "none" : groups.joined(separator: ", ")) + ")",
      note: Explanation(
        cause: "a test-suite convenience, not an iOS behaviour: iOS keeps keychain items "
          + "across app deletion and has no per-app reset; items in shared groups are gone for "
          + "every app of the group"))
  }

  // MARK: - Helpers

  /// Keeps the caller's identity in step with the registry after an install or transfer.
  func refreshCaller() {
    guard let app = apps.app(caller.app.bundleID) else { return }
    var next = caller
    next.app = app.identity
    next.hostApp = app.identity.hostBundleID.flatMap { apps.app($0)?.identity }
    if next != caller {
      caller = next
      saveRecordingFailure()
    }
  }

  /// How many live items (tombstones aside) are in `groups`, for the notes: a number, or
  /// what the store said when it could not count them.
  func itemCount(inGroups groups: [String]) -> String {
    do {
      return String(try engine.countItems(inAccessGroups: groups))
    } catch {
      return "(uncounted: the simulated keychain database failed: \(error))"
    }
  }

  private func reinstalledIdentities(_ bundleIDs: [String]) -> [AppIdentity] {
    bundleIDs.compactMap { apps.app($0)?.identity }
  }

  private func installSummary(_ app: AppIdentity) -> String {
    let kind = app.extensionKind.map { "\($0.displayName) " } ?? "extension "
    var host = app.hostBundleID.map { kind + "of \($0), " } ?? ""
    if app.extensionKind?.canPresentUI == false {
      host += "no UI for authentication prompts, "
    }
    var summary = "installed \(app.bundleID) (\(host)team \(app.teamID))"
    if !app.hasApplicationIdentifier {
      summary += " with no entitlements: no application-identifier, no keychain-access-groups"
    }
    return summary
  }

  private func unknownApp(_ bundleID: String, action: String) -> DeviceOutcome {
    return .refused(
      "\(bundleID): \(action)",
      .unknownApp(
        bundleID: bundleID, everInstalled: apps.app(bundleID) != nil,
        installed: apps.apps.filter(\.isInstalled).map(\.bundleID)))
  }

  /// `A (default), B, C`, or `none` for an app with no entitlements.
  static func describe(_ groups: [String]) -> String {
    guard let first = groups.first else { return "none (every SecItem call: -34018)" }
    return ([first + " (default)"] + groups.dropFirst()).joined(separator: ", ")
  }

  /// The identity a build signed by `newTeam` has: `$(AppIdentifierPrefix)` groups re-expand.
  static func resigned(_ app: AppIdentity, from oldTeam: String, to newTeam: String)
    -> AppIdentity
  {
    var copy = app
    copy.teamID = newTeam
    copy.keychainAccessGroups = app.keychainAccessGroups.map { group in
      group.hasPrefix(oldTeam + ".") ? newTeam + group.dropFirst(oldTeam.count) : group
    }
    return copy
  }
}
