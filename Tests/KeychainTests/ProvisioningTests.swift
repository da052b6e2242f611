import Foundation
import Testing

@testable import Keychain
@testable import KeychainEngine

/// What iOS refuses to install: entitlements the team's profile does not allow, app groups of
/// another team, extensions that do not fit their host (docs/fidelity.md).
@Suite struct ProvisioningTests {
  static let team = "ABCDE12345"
  static let host = AppIdentity(
    bundleID: "com.example.app", teamID: team, appGroups: ["group.com.example"])

  struct Refusal: Sendable, CustomTestStringConvertible {
    let name: String
    let app: AppIdentity
    /// A phrase the explanation must contain.
    let says: String
    var testDescription: String { name }
  }

  static let refusals: [Refusal] = [
    Refusal(
      name: "another team's keychain group",
      app: AppIdentity(
        bundleID: "com.evil.app", teamID: "ZZZZZ99999",
        keychainAccessGroups: ["ABCDE12345.com.example.shared"]),
      says: "a group of team ABCDE12345"),
    Refusal(
      name: "keychain group without the team prefix",
      app: AppIdentity(
        bundleID: "com.example.other", teamID: team, keychainAccessGroups: ["com.example.shared"]),
      says: "$(AppIdentifierPrefix)com.example.shared"),
    Refusal(
      name: "another team's app group",
      app: AppIdentity(
        bundleID: "com.evil.app", teamID: "ZZZZZ99999", appGroups: ["group.com.example"]),
      says: "registered to team ABCDE12345"),
    Refusal(
      name: "app group without group.",
      app: AppIdentity(bundleID: "com.example.other", teamID: team, appGroups: ["com.example"]),
      says: "does not start with `group.`"),
    Refusal(
      name: "team id of the wrong shape",
      app: AppIdentity(bundleID: "com.example.other", teamID: "abc"),
      says: "not a team id"),
    Refusal(
      name: "bundle id with a blank",
      app: AppIdentity(bundleID: "com.example my", teamID: team),
      says: "not a bundle id"),
    Refusal(
      name: "bundle id already signed by another team",
      app: AppIdentity(bundleID: "com.example.app", teamID: "ZZZZZ99999"),
      says: "app transfer"),
    Refusal(
      name: "extension of an app that is not installed",
      app: AppIdentity(
        bundleID: "com.other.app.share", teamID: team, hostBundleID: "com.other.app"),
      says: "not installed"),
    Refusal(
      name: "extension whose bundle id is not under its host's",
      app: AppIdentity(
        bundleID: "com.example.share", teamID: team, hostBundleID: "com.example.app"),
      says: "com.example.app.<name>"),
    Refusal(
      name: "extension signed by another team",
      app: AppIdentity(
        bundleID: "com.example.app.share", teamID: "ZZZZZ99999", hostBundleID: "com.example.app"),
      says: "signed by one team"),
    Refusal(
      name: "groups without an application identifier",
      app: AppIdentity(
        bundleID: "com.example.tests", teamID: team, keychainAccessGroups: ["ABCDE12345.x"],
        hasApplicationIdentifier: false),
      says: "no application-identifier"),
  ]

  @Test(arguments: refusals)
  func installIsRefused(_ refusal: Refusal) throws {
    let device = try makeDevice()
    #expect(device.install(Self.host).succeeded)
    let outcome = device.install(refusal.app)
    guard case .installRefused(let why)? = outcome.refusal else {
      Issue.record("expected an install refusal, got \(outcome)")
      return
    }
    #expect(why.cause.contains(refusal.says) || why.fix?.contains(refusal.says) == true, "\(why)")
    #expect(
      device.apps.isInstalled(refusal.app.bundleID) == (refusal.app.bundleID == "com.example.app"))
  }

  @Test(arguments: [
    AppIdentity(
      bundleID: "com.example.app.share", teamID: team, appGroups: ["group.com.example"],
      hostBundleID: "com.example.app"),
    AppIdentity(
      bundleID: "com.example.other", teamID: team,
      keychainAccessGroups: ["$(AppIdentifierPrefix)com.example.shared", "com.apple.token"]),
    AppIdentity(bundleID: "com.example.tests", teamID: team, hasApplicationIdentifier: false),
  ])
  func installIsAccepted(_ app: AppIdentity) throws {
    let device = try makeDevice()
    #expect(device.install(Self.host).succeeded)
    #expect(device.install(app).succeeded)
    #expect(device.apps.isInstalled(app.bundleID))
  }

  @Test func anAppGroupIsNeverTheDefaultGroup() throws {
    let app = AppIdentity(
      bundleID: "com.example.app", teamID: Self.team,
      appGroups: ["group.com.example", "group.com.example.two"])
    #expect(app.accessGroups.first == "ABCDE12345.com.example.app")
    #expect(app.accessGroups.last == "group.com.example.two")
  }
}
